import { INVENTORY_MESSAGES, TOAST_MS } from '@seamline/shared';
import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge, Button, PageHeader, Tabs, TabsContent, TabsList, TabsTrigger, useToast } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { useInventoryAnalytics, useInventoryProducts, useLowStockAlerts } from '../api';
import { AlertsGrid } from '../components/AlertsGrid';
import { HistoryDialog } from '../components/HistoryDialog';
import { InventoryTable } from '../components/InventoryTable';
import { OverviewTab } from '../components/OverviewTab';
import { StockDialog } from '../components/StockDialog';

/** Inventory Management (spec part 2 §2.7): Overview, Inventory Table and Alerts over the same data. */
export default function InventoryPage() {
  const toast = useToast(TOAST_MS.inventory);
  const products = useInventoryProducts();
  const analytics = useInventoryAnalytics();
  const alerts = useLowStockAlerts();
  const [open, setOpen] = useState<{ kind: 'stock' | 'history'; id: string } | null>(null);

  useEffect(() => {
    if (products.error) toast.error(errorMessage(products.error, INVENTORY_MESSAGES.loadFailed));
  }, [products.error, toast]);

  const list = products.error ? [] : (products.data ?? []);
  const alertList = alerts.data ?? [];
  const target = open ? (list.find((p) => p.id === open.id) ?? null) : null;
  const close = (isOpen: boolean) => {
    if (!isOpen) setOpen(null);
  };
  const refreshing = products.isFetching || analytics.isFetching || alerts.isFetching;
  const refresh = () => Promise.all([products.refetch(), analytics.refetch(), alerts.refetch()]);

  return (
    <>
      <PageHeader
        title="Inventory Management"
        description="Track stock levels, alerts and every stock change."
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="neutral">{analytics.data?.totalProducts ?? list.length} products</Badge>
            <Badge variant="warning">{analytics.data?.lowStockProducts ?? 0} low stock</Badge>
            <Badge variant="danger">{analytics.data?.outOfStockProducts ?? 0} out of stock</Badge>
            <Button variant="outline" onClick={refresh} loading={refreshing}>
              <RefreshCw /> Refresh Data
            </Button>
          </div>
        }
      />
      <Tabs defaultValue="overview">
        <TabsList>
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="table">Inventory Table</TabsTrigger>
          <TabsTrigger value="alerts">
            Alerts {alertList.length ? <Badge variant="danger">{alertList.length}</Badge> : null}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab analytics={analytics.data} alerts={alertList} products={list} />
        </TabsContent>
        <TabsContent value="table">
          <InventoryTable
            products={list}
            loading={products.isLoading}
            onManage={(id) => setOpen({ kind: 'stock', id })}
            onHistory={(id) => setOpen({ kind: 'history', id })}
          />
        </TabsContent>
        <TabsContent value="alerts">
          <AlertsGrid alerts={alertList} />
        </TabsContent>
      </Tabs>
      <StockDialog product={open?.kind === 'stock' ? target : null} onOpenChange={close} />
      <HistoryDialog product={open?.kind === 'history' ? target : null} onOpenChange={close} />
    </>
  );
}
