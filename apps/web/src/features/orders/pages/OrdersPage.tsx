import {
  DEBOUNCE_MS,
  exportContracts,
  type OrderView,
  PACKING_SLIP_MESSAGES,
  PAGE_SIZES,
  TOAST_MS,
} from '@seamline/shared';
import {
  Avatar,
  Button,
  formatCount,
  PageHeader,
  SearchBox,
  useToast,
  type ViewMode,
  ViewPanel,
  ViewTabs,
} from '@seamline/ui';
import { Plus, Printer, Undo2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../auth/auth-context';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { BulkBar, selectionBody } from '../../../components/list/BulkBar';
import { FilterBar } from '../../../components/list/FilterBar';
import { SavedViewsMenu } from '../../../components/list/SavedViewsMenu';
import { errorMessage } from '../../../lib/api-client';
import { oneOf, useLastPageClamp, useListParams } from '../../../lib/list-params';
import { useRowSelection } from '../../../lib/row-selection';
import { useOrders } from '../api';
import { AddOrderDialog } from '../components/AddOrderDialog';
import { BulkStatusDialog } from '../components/BulkStatusDialog';
import { CancelOrderDialog } from '../components/CancelOrderDialog';
import { EditOrderDialog } from '../components/EditOrderDialog';
import { ManageStatusDialog } from '../components/ManageStatusDialog';
import type { OrderActionHandlers } from '../components/OrderBits';
import { OrderDetailsDialog } from '../components/OrderDetailsDialog';
import { OrderGridView } from '../components/OrderGridView';
import { OrderSidebarView } from '../components/OrderSidebarView';
import { OrderTableView } from '../components/OrderTableView';
import { isClosed } from '../order-display';
import { ORDER_FILTER_DEFAULTS, orderFilter, orderFilterFieldsUi } from '../order-filters';
import { canPrintSlips, packingSlipsPath } from '../packing-slips-api';

const VIEWS = ['sidebar', 'table', 'grid'] as const satisfies readonly ViewMode[];
const PAGE_SIZE: Record<ViewMode, number> = {
  sidebar: PAGE_SIZES.ordersSidebar,
  table: PAGE_SIZES.ordersTable,
  grid: PAGE_SIZES.ordersGrid,
};

/**
 * Order Management (the specification): three views over the orders, newest first, with their dialogs. View, search and
 * page live in the URL (`?view=table&search=…&page=2`, `returns=open` for the orders with an open return); the server
 * pages, searches and filters.
 */
export default function OrdersPage() {
  const { user } = useAuth();
  const toast = useToast(TOAST_MS.orders);
  const [params, setParams] = useListParams({ view: 'sidebar', search: '', page: 1, ...ORDER_FILTER_DEFAULTS });
  const view = oneOf(params.view, VIEWS, 'sidebar');
  const { search, page } = params;
  const filter = orderFilter(params);
  const openReturns = filter.returns === 'open';
  const selection = useRowSelection();
  const [bulkOpen, setBulkOpen] = useState(false);
  const viewPanelId = useId();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<OrderView | null>(null);
  const [statusOf, setStatusOf] = useState<OrderView | null>(null);
  const [viewing, setViewing] = useState<OrderView | null>(null);
  const [removing, setRemoving] = useState<{ order: OrderView; mode: 'cancel' | 'delete' } | null>(null);

  const limit = PAGE_SIZE[view];
  const query = useOrders({ page, limit, search, ...filter });
  const failed = query.isError;
  const orders = failed ? [] : (query.data?.orders ?? []);
  const total = failed ? 0 : (query.data?.pagination.total ?? 0);
  const totalLabel = failed ? '0' : formatCount(query.data?.pagination);
  const totalPages = failed ? 1 : (query.data?.pagination.pages ?? 1);
  const loading = query.isLoading;
  useLastPageClamp(page, query.isSuccess && !query.isPlaceholderData ? totalPages : undefined, setParams);

  useEffect(() => {
    if (query.error) toast.error(errorMessage(query.error, 'Failed to fetch orders'));
  }, [query.error, toast]);

  // Keep the details in open dialogs current after a change reloads the list.
  useEffect(() => {
    const fresh = (order: OrderView | null) => (order ? (orders.find((o) => o.id === order.id) ?? order) : null);
    setViewing(fresh);
  }, [orders]);

  // Typing replaces the history entry (Back skips keystrokes); Show All and view changes are steps of their own.
  const applySearch = (text: string) => setParams({ search: text }, { replace: true });
  const changeView = (next: ViewMode) => setParams({ view: next });
  const setPage = (next: number) => setParams({ page: next });
  const toggle = (id: string) => selection.toggle(id, !selection.selected.has(id));
  const toggleAll = (ids: string[], on: boolean) => selection.setMany(ids, on);
  // A new filter or search is a new list: what was ticked in the old one is let go.
  const filterKey = JSON.stringify([search, filter]);
  const clearSelection = selection.clear;
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey names the list, not a value read here
  useEffect(() => clearSelection(), [filterKey, clearSelection]);
  const bulkCount = selection.allMatching ? total : selection.selected.size;
  const navigate = useNavigate();
  const printSlips = () => {
    if (selection.allMatching) toast.error(PACKING_SLIP_MESSAGES.tickOrders);
    else if (!canPrintSlips(selection.selected.size)) toast.error(PACKING_SLIP_MESSAGES.tooMany);
    else navigate(packingSlipsPath([...selection.selected]));
  };

  const handlers: OrderActionHandlers = {
    onManageStatus: setStatusOf,
    onViewDetails: setViewing,
    onEdit: setEditing,
    // An active order is cancelled (stock back on the shelf) rather than deleted.
    onDelete: (order) => setRemoving({ order, mode: isClosed(order) ? 'delete' : 'cancel' }),
  };

  const pager = { page, totalPages, onPageChange: setPage };
  return (
    <>
      <PageHeader
        title="Order Management"
        description="View, track, and manage customer orders and fulfillment."
        actions={
          <div className="flex flex-wrap items-center gap-3">
            <ExportCsvButton
              contract={exportContracts.exportOrders}
              query={{ search: search || undefined, ...filter }}
              fileName="orders"
            />
            <Button onClick={() => setAdding(true)}>
              <Plus /> Add Order
            </Button>
            {user ? <Avatar seed={user.email} name={`${user.firstName} ${user.lastName}`} /> : null}
          </div>
        }
      />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <ViewTabs value={view} onValueChange={changeView} panelId={viewPanelId} />
        <div className="flex w-full flex-wrap items-center gap-3 sm:w-auto">
          <SearchBox
            value={search}
            onDebouncedChange={applySearch}
            delayMs={DEBOUNCE_MS.orders}
            placeholder="Search orders by number, customer or e-mail..."
            className="sm:w-80"
          />
          <span className="text-sm text-slate-600" aria-live="polite">
            {view === 'table'
              ? `${orders.length} of ${totalLabel} orders`
              : `${totalLabel} ${total === 1 ? 'order' : 'orders'}`}
          </span>
          <Button
            size="sm"
            variant={openReturns ? 'primary' : 'outline'}
            aria-pressed={openReturns}
            onClick={() => setParams({ returns: openReturns ? '' : 'open' })}
          >
            <Undo2 /> Open returns
          </Button>
          {search ? (
            <Button size="sm" variant="outline" onClick={() => setParams({ search: '' })}>
              Show All
            </Button>
          ) : null}
          <SavedViewsMenu list="orders" />
        </div>
      </div>
      <FilterBar fields={orderFilterFieldsUi} values={params} onChange={(changes) => setParams(changes)} />
      <BulkBar selection={selection} total={failed ? null : total} noun="orders">
        <Button size="sm" variant="outline" onClick={printSlips}>
          <Printer /> Print packing slips
        </Button>
        <Button size="sm" onClick={() => setBulkOpen(true)}>
          Change Status
        </Button>
      </BulkBar>
      <ViewPanel id={viewPanelId} view={view}>
        {view === 'sidebar' ? (
          <OrderSidebarView
            orders={orders}
            loading={loading}
            search={search}
            selectedId={selectedId}
            onSelect={setSelectedId}
            handlers={handlers}
            {...pager}
          />
        ) : view === 'table' ? (
          <OrderTableView
            orders={orders}
            loading={loading}
            search={search}
            selected={selection.selected}
            onToggle={toggle}
            onToggleAll={toggleAll}
            handlers={handlers}
            {...pager}
          />
        ) : (
          <OrderGridView
            orders={orders}
            loading={loading}
            search={search}
            selected={selection.selected}
            onToggle={toggle}
            handlers={handlers}
            {...pager}
          />
        )}
      </ViewPanel>
      <AddOrderDialog open={adding} onOpenChange={setAdding} />
      <BulkStatusDialog
        open={bulkOpen}
        onOpenChange={setBulkOpen}
        count={bulkCount}
        selection={selectionBody(selection, { ...filter, ...(search ? { search } : {}) })}
        onDone={selection.clear}
      />
      <EditOrderDialog order={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <ManageStatusDialog order={statusOf} onOpenChange={(open) => !open && setStatusOf(null)} />
      <OrderDetailsDialog
        order={viewing}
        onOpenChange={(open) => !open && setViewing(null)}
        onOrderChange={setViewing}
      />
      <CancelOrderDialog
        order={removing?.order ?? null}
        mode={removing?.mode ?? 'cancel'}
        onOpenChange={(open) => !open && setRemoving(null)}
      />
    </>
  );
}
