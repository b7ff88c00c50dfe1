import type { InventoryAnalyticsView } from '@seamline/shared';
import {
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  formatNumber,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@seamline/ui';

/**
 * Stock by location on Inventory Analytics: each active location's units, reserved, available and low-stock levels,
 * first priority first. A store with one location sees nothing (its totals are the page's).
 */
export function StockByLocationCard({ locations }: { locations: InventoryAnalyticsView['byLocation'] }) {
  if (locations.length < 2) return null;
  return (
    <Card className="mt-4">
      <CardHeader>
        <CardTitle>Stock by location</CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <Table aria-label="Stock by location">
          <TableHeader>
            <TableRow>
              <TableHead>Location</TableHead>
              <TableHead className="text-right">Units</TableHead>
              <TableHead className="text-right">Reserved</TableHead>
              <TableHead className="text-right">Available</TableHead>
              <TableHead className="text-right">Low-stock levels</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {locations.map((location) => (
              <TableRow key={location._id}>
                <TableCell className="font-medium">{location.name}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(location.units)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(location.reserved)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(location.available)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(location.lowStock)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
