import { type AdminCustomer, can, DEBOUNCE_MS, TOAST_MS } from '@seamline/shared';
import { SearchX, Users } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useAuth } from '../../../auth/auth-context';
import {
  Button,
  Card,
  Checkbox,
  EmptyState,
  Label,
  PageHeader,
  SearchBox,
  Skeleton,
  useToast,
  type ViewMode,
  ViewPanel,
  ViewTabs,
} from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { useCustomers } from '../api';
import type { CustomerAction } from '../components/CustomerActions';
import { CustomerDetailsDialog } from '../components/CustomerDetailsDialog';
import { DeactivateCustomerDialog } from '../components/DeactivateCustomerDialog';
import { EditCustomerDialog } from '../components/EditCustomerDialog';
import { GridView } from '../components/GridView';
import { ManageStatusDialog } from '../components/ManageStatusDialog';
import { SidebarView } from '../components/SidebarView';
import { useSelection } from '../components/selection';
import { TableView } from '../components/TableView';
import { filterCustomers } from '../customer-search';

/** Customer Management (spec §2.13 with DESIGN §7): three views, client-side search, status, edit and details. */
export default function CustomersPage() {
  const { user } = useAuth();
  const canWrite = can(user?.role, 'customersWrite');
  const toast = useToast(TOAST_MS.customers);
  const [view, setView] = useState<ViewMode>('sidebar');
  const viewPanelId = useId();
  const [query, setQuery] = useState('');
  const [activeOnly, setActiveOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ action: CustomerAction; customer: AdminCustomer } | null>(null);
  const selection = useSelection();
  const list = useCustomers(activeOnly);

  useEffect(() => {
    if (list.error) toast.error(errorMessage(list.error, 'Failed to fetch customers'));
  }, [list.error, toast]);

  // A failed load empties the list (spec §8).
  const customers = list.error ? [] : (list.data ?? []);
  const matches = useMemo(() => filterCustomers(customers, query), [customers, query]);
  const loading = list.isPending && !list.error;

  // The sidebar panel follows the search: when the chosen customer is filtered out, the first match is shown.
  useEffect(() => {
    if (!matches.some((c) => c.id === selectedId)) setSelectedId(matches[0]?.id ?? null);
  }, [matches, selectedId]);

  const applySearch = (text: string) => {
    setQuery(text);
    setPage(1);
  };
  const changeView = (next: ViewMode) => {
    setView(next);
    setPage(1);
  };
  const close = () => setDialog(null);
  const openWith = (action: CustomerAction) => (dialog?.action === action ? dialog.customer : null);
  const viewProps = {
    customers: matches,
    query,
    page,
    onPageChange: setPage,
    canWrite,
    onAction: (action: CustomerAction, customer: AdminCustomer) => setDialog({ action, customer }),
  };

  return (
    <>
      <PageHeader
        title="Customer Management"
        description="View customers, their orders and spending, and manage their account status."
      />
      <Card className="mb-6 flex flex-col gap-4 p-4">
        <div className="flex flex-wrap items-center gap-3">
          <SearchBox
            className="max-w-md flex-1"
            value={query}
            onDebouncedChange={applySearch}
            delayMs={DEBOUNCE_MS.customers}
            placeholder="Search customers by name, email or phone..."
          />
          <Button variant="outline" onClick={() => applySearch('')} disabled={!query}>
            Show All
          </Button>
          <div className="flex items-center gap-2">
            <Checkbox
              id="customers-active-only"
              checked={activeOnly}
              onCheckedChange={(checked) => {
                setActiveOnly(checked === true);
                setPage(1);
              }}
            />
            <Label htmlFor="customers-active-only">Active only</Label>
          </div>
          <span className="ml-auto text-sm text-slate-500" aria-live="polite">
            {query
              ? `${formatNumber(matches.length)} of ${formatNumber(customers.length)} customers`
              : `${formatNumber(customers.length)} customers`}
          </span>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <ViewTabs value={view} onValueChange={changeView} panelId={viewPanelId} />
          {view !== 'sidebar' && selection.size > 0 ? (
            <div className="flex items-center gap-2 text-sm text-slate-600">
              <span>{formatNumber(selection.size)} selected</span>
              <Button variant="ghost" size="sm" onClick={selection.clear}>
                Clear selection
              </Button>
            </div>
          ) : null}
        </div>
      </Card>

      <ViewPanel id={viewPanelId} view={view}>
        {loading ? (
          <LoadingList />
        ) : matches.length === 0 ? (
          query ? (
            <EmptyState
              icon={SearchX}
              title="No results"
              description={`No customer matches "${query}".`}
              action={
                <Button variant="outline" onClick={() => applySearch('')}>
                  Show All
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={Users}
              title="No Customers Found"
              description={activeOnly ? 'No active customers.' : 'Customers appear here once they register.'}
            />
          )
        ) : view === 'sidebar' ? (
          <SidebarView {...viewProps} selectedId={selectedId} onSelect={setSelectedId} />
        ) : view === 'table' ? (
          <TableView {...viewProps} selection={selection} />
        ) : (
          <GridView {...viewProps} selection={selection} />
        )}
      </ViewPanel>

      <CustomerDetailsDialog customer={openWith('details')} onOpenChange={(open) => !open && close()} />
      <ManageStatusDialog customer={openWith('status')} onOpenChange={(open) => !open && close()} />
      <EditCustomerDialog customer={openWith('edit')} onOpenChange={(open) => !open && close()} />
      <DeactivateCustomerDialog customer={openWith('deactivate')} onOpenChange={(open) => !open && close()} />
    </>
  );
}

function LoadingList() {
  return (
    <div className="grid gap-3" role="status" aria-label="Loading customers">
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Card key={i} className="flex items-center gap-3 p-4">
          <Skeleton className="size-9 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-48" />
            <Skeleton className="h-3 w-72" />
          </div>
        </Card>
      ))}
    </div>
  );
}
