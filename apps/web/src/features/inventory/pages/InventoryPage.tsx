import { exportContracts, INVENTORY_MESSAGES, PAGE_SIZES, TOAST_MS } from '@seamline/shared';
import {
  Badge,
  Button,
  formatCount,
  PageHeader,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  useToast,
} from '@seamline/ui';
import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { useStockLocations } from '../../../components/stock-locations';
import { errorMessage } from '../../../lib/api-client';
import { useListParams } from '../../../lib/list-params';
import { useInventoryAnalytics, useInventoryProducts, useLowStockAlerts } from '../api';
import { AlertsGrid } from '../components/AlertsGrid';
import { HistoryDialog } from '../components/HistoryDialog';
import { InventoryTable } from '../components/InventoryTable';
import { OverviewTab } from '../components/OverviewTab';
import { StockDialog } from '../components/StockDialog';

const TABS = ['overview', 'table', 'alerts'] as const;
type Tab = (typeof TABS)[number];
const OVERVIEW_ALERTS = { search: '', page: 1, limit: PAGE_SIZES.lowStockOverview };

/**
 * Inventory Management (the specification): Overview, Inventory Table and Alerts. The table and the alerts are pages
 * the server searches; the tab, searches and pages live in the URL (docs/domain.md § Corrections). Only the open tab's
 * list is fetched.
 */
export default function InventoryPage() {
  const toast = useToast(TOAST_MS.inventory);
  const [params, setParams] = useListParams({
    tab: 'overview',
    search: '',
    page: 1,
    alertSearch: '',
    alertPage: 1,
    alertLocation: '',
  });
  const locations = useStockLocations();
  // A location that is no longer offered (one location left, or deactivated) falls back to the totals.
  const alertLocation = locations.some((l) => l._id === params.alertLocation) ? params.alertLocation : '';
  const tab: Tab = (TABS as readonly string[]).includes(params.tab) ? (params.tab as Tab) : 'overview';
  const products = useInventoryProducts({ search: params.search, page: params.page }, tab === 'table');
  const analytics = useInventoryAnalytics();
  const worst = useLowStockAlerts(OVERVIEW_ALERTS);
  const alerts = useLowStockAlerts(
    {
      search: params.alertSearch,
      page: params.alertPage,
      limit: PAGE_SIZES.lowStockGrid,
      locationId: alertLocation || undefined,
    },
    tab === 'alerts',
  );
  const [open, setOpen] = useState<{ kind: 'stock' | 'history'; id: string } | null>(null);

  useEffect(() => {
    if (products.error) toast.error(errorMessage(products.error, INVENTORY_MESSAGES.loadFailed));
  }, [products.error, toast]);

  const page = products.error ? undefined : products.data;
  const list = page?.products ?? [];
  const alertCount = worst.data?.pagination;
  const target = open ? (list.find((p) => p.id === open.id) ?? null) : null;
  const close = (isOpen: boolean) => {
    if (!isOpen) setOpen(null);
  };
  const shown = [products, analytics, worst, alerts].filter((query) => query.isEnabled);
  const refreshing = shown.some((query) => query.isFetching);
  const refresh = () => Promise.all(shown.map((query) => query.refetch()));

  return (
    <>
      <PageHeader
        title="Inventory Management"
        description="Track stock levels, alerts and every stock change."
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="neutral">{analytics.data?.totalProducts ?? 0} products</Badge>
            <Badge variant="warning">{analytics.data?.lowStockProducts ?? 0} low stock</Badge>
            <Badge variant="danger">{analytics.data?.outOfStockProducts ?? 0} out of stock</Badge>
            <Button variant="outline" onClick={refresh} loading={refreshing}>
              <RefreshCw /> Refresh Data
            </Button>
            <ExportCsvButton
              contract={exportContracts.exportInventory}
              query={{ search: params.search || undefined }}
              fileName="inventory"
            />
          </div>
        }
      />
      <Tabs value={tab} onValueChange={(next) => setParams({ tab: next })}>
        <TabsList>
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="table">Inventory Table</TabsTrigger>
          <TabsTrigger value="alerts">
            Alerts {alertCount?.total ? <Badge variant="danger">{formatCount(alertCount)}</Badge> : null}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab analytics={analytics.data} alerts={worst.data?.alerts ?? []} alertCount={alertCount} />
        </TabsContent>
        <TabsContent value="table">
          <InventoryTable
            products={list}
            pagination={page?.pagination}
            loading={products.isLoading}
            search={params.search}
            onSearch={(search) => setParams({ search }, { replace: true })}
            onPage={(next) => setParams({ page: next })}
            onManage={(id) => setOpen({ kind: 'stock', id })}
            onHistory={(id) => setOpen({ kind: 'history', id })}
          />
        </TabsContent>
        <TabsContent value="alerts">
          <AlertsGrid
            alerts={alerts.data?.alerts ?? []}
            pagination={alerts.data?.pagination}
            loading={alerts.isLoading}
            search={params.alertSearch}
            onSearch={(alertSearch) => setParams({ alertSearch, alertPage: 1 }, { replace: true })}
            locations={locations}
            locationId={alertLocation}
            onLocation={(next) => setParams({ alertLocation: next, alertPage: 1 })}
            onPage={(alertPage) => setParams({ alertPage })}
          />
        </TabsContent>
      </Tabs>
      <StockDialog product={open?.kind === 'stock' ? target : null} onOpenChange={close} />
      <HistoryDialog product={open?.kind === 'history' ? target : null} onOpenChange={close} />
    </>
  );
}
