import type { AdminCustomer } from '@seamline/shared';
import {
  Card,
  Checkbox,
  formatDate,
  formatMoney,
  formatNumber,
  Highlight,
  Pagination,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@seamline/ui';
import { fullName } from '../customer-name';
import { StatusBadge, TierBadge } from './badges';
import { CustomerActions, type OnCustomerAction } from './CustomerActions';
import type { Selection } from './selection';

type Props = {
  customers: AdminCustomer[];
  query: string;
  /** The server's page of the list, its number and the page count. */
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  selection: Selection;
  canWrite: boolean;
  onAction: OnCustomerAction;
};

/** 10 rows per page; the select column keeps its choices across pages and the grid view. */
export function TableView({ customers, query, page, totalPages, onPageChange, selection, canWrite, onAction }: Props) {
  const pageIds = customers.map((c) => c.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selection.has(id));
  const someOnPage = pageIds.some((id) => selection.has(id));
  return (
    <Card className="overflow-hidden">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="w-10">
              <Checkbox
                aria-label="Select all customers on this page"
                checked={allOnPage ? true : someOnPage ? 'indeterminate' : false}
                onCheckedChange={(checked) => selection.setMany(pageIds, checked === true)}
              />
            </TableHead>
            <TableHead>Customer</TableHead>
            <TableHead>Contact</TableHead>
            <TableHead className="text-right">Total Spent</TableHead>
            <TableHead className="text-right">Orders</TableHead>
            <TableHead>Member Since</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {customers.map((c) => (
            <TableRow key={c.id} data-state={selection.has(c.id) ? 'selected' : undefined}>
              <TableCell>
                <Checkbox
                  aria-label={`Select ${fullName(c)}`}
                  checked={selection.has(c.id)}
                  onCheckedChange={(checked) => selection.setMany([c.id], checked === true)}
                />
              </TableCell>
              <TableCell>
                <div className="flex flex-col gap-1">
                  <span className="font-medium text-slate-900">
                    <Highlight text={fullName(c)} query={query} />
                  </span>
                  <TierBadge tier={c.tier} />
                </div>
              </TableCell>
              <TableCell>
                <div className="flex flex-col text-sm">
                  <span className="text-slate-800">
                    <Highlight text={c.email} query={query} />
                  </span>
                  <span className="text-xs text-slate-500">
                    {c.phone ? <Highlight text={c.phone} query={query} /> : 'No phone'}
                  </span>
                </div>
              </TableCell>
              <TableCell className="text-right font-medium tabular-nums">{formatMoney(c.totalSpent)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatNumber(c.orderCount)}</TableCell>
              <TableCell className="whitespace-nowrap text-slate-600">{formatDate(c.createdAt)}</TableCell>
              <TableCell>
                <StatusBadge isActive={c.isActive} />
              </TableCell>
              <TableCell>
                <CustomerActions customer={c} canWrite={canWrite} onAction={onAction} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pagination
        className="border-t border-slate-100 p-3"
        page={page}
        totalPages={totalPages}
        onPageChange={onPageChange}
      />
    </Card>
  );
}
