import { type AdminCustomer, can, DEBOUNCE_MS, exportContracts, PAGE_SIZES, TOAST_MS } from '@seamline/shared';
import {
  Button,
  Card,
  Checkbox,
  EmptyState,
  formatCount,
  Label,
  PageHeader,
  SearchBox,
  Skeleton,
  useToast,
  type ViewMode,
  ViewPanel,
  ViewTabs,
} from '@seamline/ui';
import { SearchX, Users } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useAuth } from '../../../auth/auth-context';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { BulkBar, selectionBody } from '../../../components/list/BulkBar';
import { FilterBar } from '../../../components/list/FilterBar';
import { SavedViewsMenu } from '../../../components/list/SavedViewsMenu';
import { errorMessage } from '../../../lib/api-client';
import { oneOf, useLastPageClamp, useListParams } from '../../../lib/list-params';
import { useCustomers } from '../api';
import { BulkStatusDialog } from '../components/BulkStatusDialog';
import type { CustomerAction } from '../components/CustomerActions';
import { CustomerDetailsDialog } from '../components/CustomerDetailsDialog';
import { DeactivateCustomerDialog } from '../components/DeactivateCustomerDialog';
import { EditCustomerDialog } from '../components/EditCustomerDialog';
import { GridView } from '../components/GridView';
import { ManageStatusDialog } from '../components/ManageStatusDialog';
import { SidebarView } from '../components/SidebarView';
import { useSelection } from '../components/selection';
import { TableView } from '../components/TableView';
import { CUSTOMER_FILTER_DEFAULTS, customerFilter, customerFilterFieldsUi } from '../customer-filters';

const VIEWS = ['sidebar', 'table', 'grid'] as const satisfies readonly ViewMode[];
const PAGE_SIZE: Record<ViewMode, number> = {
  sidebar: PAGE_SIZES.customersSidebar,
  table: PAGE_SIZES.customersTable,
  grid: PAGE_SIZES.customersGrid,
};

/**
 * Customer Management (the specification, with docs/domain.md § Corrections): three views, status, edit and details.
 * View, search, the filters (active only, registration dates, has ordered) and page live in the URL
 * (`?view=table&search=…&status=active&page=2`) and can be saved as named views; the server searches and pages, and the
 * screen asks for one page of the view's size per state. Ticked rows, or all rows matching the filters, can be
 * activated or deactivated in one job.
 */
export default function CustomersPage() {
  const { user } = useAuth();
  const canWrite = can(user?.role, 'customersWrite');
  const toast = useToast(TOAST_MS.customers);
  const [params, setParams] = useListParams({ view: 'sidebar', search: '', page: 1, ...CUSTOMER_FILTER_DEFAULTS });
  const view = oneOf(params.view, VIEWS, 'sidebar');
  const { search, page } = params;
  const filter = customerFilter(params);
  const activeOnly = filter.status === 'active';
  const viewPanelId = useId();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ action: CustomerAction; customer: AdminCustomer } | null>(null);
  const selection = useSelection();
  const [bulkActive, setBulkActive] = useState<boolean | null>(null);
  const list = useCustomers({ page, limit: PAGE_SIZE[view], search: search || undefined, ...filter });

  useEffect(() => {
    if (list.error) toast.error(errorMessage(list.error, 'Failed to fetch customers'));
  }, [list.error, toast]);

  // A failed load empties the list (the specification).
  const failed = list.isError;
  const customers = failed ? [] : (list.data?.users ?? []);
  const totalPages = failed ? 1 : (list.data?.pagination.pages ?? 1);
  const loading = list.isPending && !failed;
  useLastPageClamp(page, list.isSuccess && !list.isPlaceholderData ? totalPages : undefined, setParams);

  // The sidebar panel follows the page: when the chosen customer is not on it, the first row is shown.
  useEffect(() => {
    if (!customers.some((c) => c.id === selectedId)) setSelectedId(customers[0]?.id ?? null);
  }, [customers, selectedId]);

  // Typing replaces the history entry (Back skips keystrokes); Show All, the filter and views are steps of their own.
  const applySearch = (text: string) => setParams({ search: text }, { replace: true });
  const showAll = () => setParams({ search: '' });
  const close = () => setDialog(null);
  const openWith = (action: CustomerAction) => (dialog?.action === action ? dialog.customer : null);
  const viewProps = {
    customers,
    query: search,
    page,
    totalPages,
    onPageChange: (next: number) => setParams({ page: next }),
    canWrite,
    onAction: (action: CustomerAction, customer: AdminCustomer) => setDialog({ action, customer }),
  };
  const matched = failed ? '0' : formatCount(list.data?.pagination);
  const total = failed ? null : (list.data?.pagination.total ?? null);
  // A new filter or search is a new list: what was ticked in the old one is let go.
  const filterKey = JSON.stringify([search, filter]);
  const clearSelection = selection.clear;
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey names the list, not a value read here
  useEffect(() => clearSelection(), [filterKey, clearSelection]);
  const bulkCount = selection.rows.allMatching ? (total ?? 0) : selection.size;
  const overall = failed ? '0' : formatCount(list.data?.overall);

  return (
    <>
      <PageHeader
        title="Customer Management"
        description="View customers, their orders and spending, and manage their account status."
        actions={
          <ExportCsvButton
            contract={exportContracts.exportCustomers}
            query={{ search: search || undefined, ...filter }}
            fileName="customers"
          />
        }
      />
      <Card className="mb-6 flex flex-col gap-4 p-4">
        <div className="flex flex-wrap items-center gap-3">
          <SearchBox
            className="max-w-md flex-1"
            value={search}
            onDebouncedChange={applySearch}
            delayMs={DEBOUNCE_MS.customers}
            placeholder="Search customers by name, email or phone..."
          />
          <Button variant="outline" onClick={showAll} disabled={!search}>
            Show All
          </Button>
          <div className="flex items-center gap-2">
            <Checkbox
              id="customers-active-only"
              checked={activeOnly}
              onCheckedChange={(checked) => setParams({ status: checked === true ? 'active' : '' })}
            />
            <Label htmlFor="customers-active-only">Active only</Label>
          </div>
          <span className="ml-auto text-sm text-slate-500" aria-live="polite">
            {search ? `${matched} of ${overall} customers` : `${overall} customers`}
          </span>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <ViewTabs value={view} onValueChange={(next) => setParams({ view: next })} panelId={viewPanelId} />
          <SavedViewsMenu list="customers" />
        </div>
      </Card>
      <FilterBar fields={customerFilterFieldsUi} values={params} onChange={(changes) => setParams(changes)} />
      {view !== 'sidebar' ? (
        <BulkBar selection={selection.rows} total={total} noun="customers">
          {canWrite ? (
            <>
              <Button variant="outline" size="sm" onClick={() => setBulkActive(true)}>
                Activate
              </Button>
              <Button variant="outline" size="sm" onClick={() => setBulkActive(false)}>
                Deactivate
              </Button>
            </>
          ) : null}
        </BulkBar>
      ) : null}

      <ViewPanel id={viewPanelId} view={view}>
        {loading ? (
          <LoadingList />
        ) : customers.length === 0 ? (
          search ? (
            <EmptyState
              icon={SearchX}
              title="No results"
              description={`No customer matches "${search}".`}
              action={
                <Button variant="outline" onClick={showAll}>
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
      <BulkStatusDialog
        selection={selectionBody(selection.rows, { ...filter, ...(search ? { search } : {}) })}
        count={bulkCount}
        isActive={bulkActive}
        onOpenChange={(open) => !open && setBulkActive(null)}
        onDone={selection.clear}
      />
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
