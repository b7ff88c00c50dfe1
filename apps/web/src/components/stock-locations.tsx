import { type LocationView, productStockContracts } from '@seamline/shared';
import {
  FormField,
  formatNumber,
  Select,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@seamline/ui';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { locationQueries } from '../lib/location-queries';
import { catalogueQueryRoots } from '../lib/query-keys';

/** A location as the stock screens offer it. */
export type StockLocation = Pick<LocationView, '_id' | 'name'>;

/**
 * Stock locations on the stock screens of the product and inventory areas. A store with one active location sees none
 * of this: the location choices and columns appear only with two or more.
 */
export const stockLocationQueries = {
  /** The active locations, first priority first (they change rarely: a minute fresh). */
  locations: () => ({ ...locationQueries.list({ active: true }), staleTime: 60_000 }),
  /** A product's sizes/colors with their levels per location; under the products root, which stock changes refresh. */
  levels: (productId: string) =>
    queryOptions({
      queryKey: [...catalogueQueryRoots.products, 'stock-levels', productId] as const,
      queryFn: async ({ signal }) =>
        (await api.call(productStockContracts.levels, { params: { id: productId }, signal })).data.variants,
    }),
};

/**
 * The active locations when there are two or more; otherwise none (the screens then look as before locations). Read
 * only when `enabled` (a closed dialog reads nothing).
 */
export function useStockLocations(enabled = true): StockLocation[] {
  const locations = useQuery({ ...stockLocationQueries.locations(), enabled }).data ?? [];
  return locations.length >= 2 ? locations : [];
}

/** A product's levels per location, read only when there is more than one location to show. */
export function useStockLevels(productId: string | null, enabled: boolean) {
  return useQuery({ ...stockLocationQueries.levels(productId ?? ''), enabled: enabled && productId !== null });
}

/** The Location select of the stock dialogs (nothing with fewer than two locations). */
export function LocationSelect({
  id,
  locations,
  value,
  onChange,
}: {
  id: string;
  locations: readonly StockLocation[];
  value: string;
  onChange: (locationId: string) => void;
}) {
  if (locations.length < 2) return null;
  return (
    <FormField label="Location" htmlFor={id}>
      <Select
        id={id}
        options={locations.map((location) => ({ value: location._id, label: location.name }))}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  );
}

/**
 * A product's quantity per size/color at each location and in total (nothing with fewer than two locations). A
 * location that never held the size/color shows 0.
 */
export function StockLevelsTable({ productId }: { productId: string }) {
  const locations = useStockLocations();
  const levels = useStockLevels(productId, locations.length > 0);
  if (locations.length === 0) return null;
  return (
    <section aria-label="Stock per location">
      <h3 className="mb-2 text-sm font-semibold text-slate-900">Stock per location</h3>
      {levels.data ? (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Size / Color</TableHead>
                {locations.map((location) => (
                  <TableHead key={location._id} className="text-right">
                    {location.name}
                  </TableHead>
                ))}
                <TableHead className="text-right">Total</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {levels.data.map((variant) => (
                <TableRow key={variant.id}>
                  <TableCell className="whitespace-nowrap">
                    {variant.size} / {variant.color}
                  </TableCell>
                  {locations.map((location) => (
                    <TableCell key={location._id} className="text-right tabular-nums">
                      {formatNumber(variant.levels.find((l) => l.locationId === location._id)?.quantity ?? 0)}
                    </TableCell>
                  ))}
                  <TableCell className="text-right font-semibold tabular-nums">
                    {formatNumber(variant.quantity)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ) : levels.isError ? (
        <p className="text-sm text-slate-500">Stock per location could not be loaded.</p>
      ) : (
        <Skeleton className="h-20 w-full" />
      )}
    </section>
  );
}
