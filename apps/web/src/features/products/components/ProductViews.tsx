import type { ProductListRow } from '@seamline/shared';
import {
  Card,
  Checkbox,
  cn,
  EmptyState,
  formatNumber,
  Pagination,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@seamline/ui';
import { PackageSearch } from 'lucide-react';
import { useState } from 'react';
import type { RowSelection } from '../../../lib/row-selection';
import { type OnProductAction, ProductActions } from './ProductActions';
import { ActiveBadge, Price, ProductThumb, StockStatusBadge } from './ProductBits';
import { SelectedProductPanel } from './ProductDetailPanel';

/** One page of product rows from the server, and its pager (the page lives in the URL). */
type ViewProps = {
  products: ProductListRow[];
  onAction: OnProductAction;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Ticked rows, kept by the page across pages for the bulk actions. */
  selection: RowSelection;
};

export function NoProducts() {
  return (
    <EmptyState icon={PackageSearch} title="No products found" description="Try another search or add a product." />
  );
}

export function SidebarView({ products: items, onAction, page, totalPages, onPageChange: setPage }: ViewProps) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // The panel shows a product of this page; it reads the whole product itself.
  const selected = items.find((p) => p.id === selectedId) ?? null;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,380px)_minmax(0,1fr)]">
      <Card className="flex flex-col p-2">
        {items.length ? (
          <ul className="flex flex-col gap-1">
            {items.map((product) => (
              <li key={product.id}>
                <button
                  type="button"
                  onClick={() => setSelectedId(product.id)}
                  className={cn(
                    'flex w-full cursor-pointer items-center gap-3 rounded-lg p-2 text-left transition-colors hover:bg-slate-50',
                    product.id === selectedId && 'bg-indigo-50 hover:bg-indigo-50',
                  )}
                >
                  <ProductThumb product={product} />
                  <div className="min-w-0 flex-1">
                    <div className="truncate text-sm font-medium text-slate-900">{product.name}</div>
                    <div className="truncate text-xs text-slate-500">
                      {product.sku} · {product.category}
                    </div>
                  </div>
                  <div className="flex flex-col items-end gap-1 text-sm">
                    <Price product={product} />
                    <StockStatusBadge product={product} />
                  </div>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <NoProducts />
        )}
        <Pagination page={page} totalPages={totalPages} onPageChange={setPage} className="mt-2 flex-wrap" />
      </Card>
      {selected ? (
        <SelectedProductPanel row={selected} onAction={onAction} />
      ) : (
        <Card className="flex min-h-80 items-center justify-center">
          <EmptyState
            icon={PackageSearch}
            title="Select a Product"
            description="Choose a product on the left to see its details."
          />
        </Card>
      )}
    </div>
  );
}

export function TableView({
  products: items,
  onAction,
  page,
  totalPages,
  onPageChange: setPage,
  selection,
}: ViewProps) {
  const { selected, toggle, setMany } = selection;
  const allOnPage = items.length > 0 && items.every((p) => selected.has(p.id));
  return (
    <Card className="overflow-hidden">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="w-10">
              <Checkbox
                aria-label="Select all on this page"
                checked={allOnPage}
                onCheckedChange={(on) =>
                  setMany(
                    items.map((p) => p.id),
                    on === true,
                  )
                }
              />
            </TableHead>
            <TableHead className="w-14">Image</TableHead>
            <TableHead>Product</TableHead>
            <TableHead>SKU</TableHead>
            <TableHead>Price</TableHead>
            <TableHead>Stock</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((product) => (
            <TableRow key={product.id} data-state={selected.has(product.id) ? 'selected' : undefined}>
              <TableCell>
                <Checkbox
                  aria-label={`Select ${product.name}`}
                  checked={selected.has(product.id)}
                  onCheckedChange={(on) => toggle(product.id, on === true)}
                />
              </TableCell>
              <TableCell>
                <ProductThumb product={product} />
              </TableCell>
              <TableCell>
                <div className="font-medium text-slate-900">{product.name}</div>
                <div className="text-xs text-slate-500">
                  {product.category} / {product.subcategory} · {product.brand}
                </div>
              </TableCell>
              <TableCell className="font-mono text-xs">{product.sku}</TableCell>
              <TableCell>
                <Price product={product} />
              </TableCell>
              <TableCell>
                <div className="flex flex-col items-start gap-1">
                  <span className="text-sm">{formatNumber(product.availableStock)} available</span>
                  <StockStatusBadge product={product} />
                </div>
              </TableCell>
              <TableCell>
                <ActiveBadge active={product.isActive} />
              </TableCell>
              <TableCell>
                <div className="flex justify-end">
                  <ProductActions product={product} onAction={onAction} />
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {items.length ? null : <NoProducts />}
      <Pagination
        page={page}
        totalPages={totalPages}
        onPageChange={setPage}
        className="border-t border-slate-100 p-3"
      />
    </Card>
  );
}

export function GridView({ products: items, onAction, page, totalPages, onPageChange: setPage, selection }: ViewProps) {
  const { selected, toggle } = selection;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-500">{selected.size} selected</p>
      {items.length ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {items.map((product) => (
            <Card
              key={product.id}
              className={cn('flex flex-col overflow-hidden', selected.has(product.id) && 'ring-2 ring-indigo-500')}
            >
              <div className="relative">
                <ProductThumb product={product} className="aspect-square w-full rounded-none" />
                <Checkbox
                  aria-label={`Select ${product.name}`}
                  className="absolute top-3 left-3 bg-white"
                  checked={selected.has(product.id)}
                  onCheckedChange={(on) => toggle(product.id, on === true)}
                />
                <div className="absolute top-3 right-3">
                  <StockStatusBadge product={product} />
                </div>
              </div>
              <div className="flex flex-1 flex-col gap-2 p-4">
                <div>
                  <div className="font-medium text-slate-900">{product.name}</div>
                  <div className="text-xs text-slate-500">
                    {product.sku} · {product.brand}
                  </div>
                </div>
                <div className="flex items-center justify-between text-sm">
                  <Price product={product} />
                  <span className="text-slate-500">{formatNumber(product.availableStock)} in stock</span>
                </div>
                <div className="mt-auto flex items-center justify-between border-t border-slate-100 pt-2">
                  <ActiveBadge active={product.isActive} />
                  <ProductActions product={product} onAction={onAction} />
                </div>
              </div>
            </Card>
          ))}
        </div>
      ) : (
        <Card>
          <NoProducts />
        </Card>
      )}
      <Pagination page={page} totalPages={totalPages} onPageChange={setPage} />
    </div>
  );
}
