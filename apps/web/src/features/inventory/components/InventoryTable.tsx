import { DEBOUNCE_MS, type Pagination, type ProductView } from '@seamline/shared';
import {
  Badge,
  Button,
  Checkbox,
  formatCount,
  formatMoney,
  formatNumber,
  Input,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  useUrlSearchText,
} from '@seamline/ui';
import { History, Package, Search } from 'lucide-react';
import { useState } from 'react';
import { firstImage, StockStatusBadge, Thumb } from '../../../components/product-bits';
import { stockValue } from '../inventory-rules';

/**
 * Inventory Table tab: one page of 10 products that the server searched (name, SKU, category, brand, tags; typing
 * waits DEBOUNCE_MS.inventory); Manage Stock and View History per row.
 */
export function InventoryTable({
  products: rows,
  pagination,
  loading,
  search,
  onSearch,
  onPage,
  onManage,
  onHistory,
}: {
  products: ProductView[];
  pagination: Pagination | undefined;
  loading: boolean;
  search: string;
  onSearch: (search: string) => void;
  onPage: (page: number) => void;
  onManage: (id: string) => void;
  onHistory: (id: string) => void;
}) {
  const [text, setText] = useUrlSearchText(search, onSearch, DEBOUNCE_MS.inventory);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const pages = pagination?.totalPages ?? 1;
  const current = Math.min(pagination?.page ?? 1, pages);
  const toggle = (id: string) =>
    setSelected((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <div className="relative w-full max-w-md">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
          <Input
            aria-label="Search inventory"
            className="pl-9"
            placeholder="Search products by name, SKU, category..."
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <span className="text-sm text-slate-500">{formatCount(pagination)} products</span>
        {text ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setText('');
              onSearch('');
            }}
          >
            Clear Search
          </Button>
        ) : null}
      </div>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="w-10">
                <Checkbox
                  aria-label="Select all"
                  checked={rows.length > 0 && rows.every((p) => selected.has(p.id))}
                  onCheckedChange={(on) => setSelected(on ? new Set(rows.map((p) => p.id)) : new Set())}
                />
              </TableHead>
              <TableHead>Image</TableHead>
              <TableHead>Product</TableHead>
              <TableHead>SKU</TableHead>
              <TableHead>Price</TableHead>
              <TableHead>Stock</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Value</TableHead>
              <TableHead>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {loading ? (
              <TableRow>
                <TableCell colSpan={9} className="py-8 text-center text-slate-500">
                  Loading inventory...
                </TableCell>
              </TableRow>
            ) : rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={9} className="py-8 text-center text-slate-500">
                  No products found.
                </TableCell>
              </TableRow>
            ) : (
              rows.map((p) => (
                <TableRow key={p.id} data-state={selected.has(p.id) ? 'selected' : undefined}>
                  <TableCell>
                    <Checkbox
                      aria-label={`Select ${p.name}`}
                      checked={selected.has(p.id)}
                      onCheckedChange={() => toggle(p.id)}
                    />
                  </TableCell>
                  <TableCell>
                    <Thumb src={firstImage(p)} alt={p.name} />
                  </TableCell>
                  <TableCell>
                    <p className="font-medium text-slate-900">{p.name}</p>
                    <p className="text-xs text-slate-500">{p.category}</p>
                  </TableCell>
                  <TableCell className="font-mono text-xs">{p.sku}</TableCell>
                  <TableCell>{formatMoney(p.price)}</TableCell>
                  <TableCell>
                    <p className="font-medium">{formatNumber(p.totalStock)}</p>
                    <p className="text-xs text-slate-500">{p.inventory.length} variants</p>
                  </TableCell>
                  <TableCell>
                    <StockStatusBadge product={p} />
                  </TableCell>
                  <TableCell>{formatMoney(stockValue(p))}</TableCell>
                  <TableCell>
                    <div className="flex gap-1">
                      <Button size="sm" variant="outline" onClick={() => onManage(p.id)}>
                        <Package /> Manage Stock
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => onHistory(p.id)}>
                        <History /> View History
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
      {pages > 1 ? (
        <div className="flex items-center justify-between text-sm text-slate-600">
          <span>
            Showing {rows.length} of {formatCount(pagination)} products
          </span>
          <div className="flex items-center gap-2">
            <Button size="sm" variant="outline" disabled={current <= 1} onClick={() => onPage(current - 1)}>
              Prev
            </Button>
            <Badge variant="neutral">
              {current} / {pages}
            </Badge>
            <Button size="sm" variant="outline" disabled={current >= pages} onClick={() => onPage(current + 1)}>
              Next
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
