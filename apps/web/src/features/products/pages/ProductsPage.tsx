import { can, DEBOUNCE_MS, exportContracts, PAGE_SIZES, TOAST_MS } from '@seamline/shared';
import {
  Button,
  formatCount,
  PageHeader,
  SearchBox,
  Skeleton,
  useToast,
  type ViewMode,
  ViewPanel,
  ViewTabs,
} from '@seamline/ui';
import { Plus, Upload } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useAuth } from '../../../auth/auth-context';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { BulkBar, selectionBody } from '../../../components/list/BulkBar';
import { FilterBar } from '../../../components/list/FilterBar';
import { SavedViewsMenu } from '../../../components/list/SavedViewsMenu';
import { errorMessage } from '../../../lib/api-client';
import { useListParams } from '../../../lib/list-params';
import { useRowSelection } from '../../../lib/row-selection';
import { useCatalogueOptions, useProductDetail, useProductPage } from '../api';
import { BulkProductDialog, type BulkProductKind } from '../components/BulkProductDialog';
import { DeleteProductDialog } from '../components/DeleteProductDialog';
import { ImportProductsDialog } from '../components/ImportProductsDialog';
import { ManageStockDialog } from '../components/ManageStockDialog';
import type { ProductAction } from '../components/ProductActions';
import { ProductDetailsDialog } from '../components/ProductDetailsDialog';
import { ProductFormDialog } from '../components/ProductFormDialog';
import { GridView, SidebarView, TableView } from '../components/ProductViews';
import { PRODUCT_FILTER_DEFAULTS, productFilter, productFilterFields } from '../product-filters';
import { PRODUCT_TOASTS } from '../product-rules';

/** The bulk actions offered on ticked products, in the bar's order. */
const BULK_ACTIONS: { kind: BulkProductKind; label: string }[] = [
  { kind: 'activate', label: 'Activate' },
  { kind: 'deactivate', label: 'Deactivate' },
  { kind: 'set_category', label: 'Change Category' },
  { kind: 'set_brand', label: 'Change Brand' },
  { kind: 'adjust_price', label: 'Adjust Prices' },
  { kind: 'add_tags', label: 'Add Tags' },
  { kind: 'delete', label: 'Delete' },
];

const SKELETON_ROWS = ['a', 'b', 'c', 'd', 'e', 'f'];
const VIEWS = { sidebar: SidebarView, table: TableView, grid: GridView };
const PAGE_SIZE: Record<ViewMode, number> = {
  sidebar: PAGE_SIZES.productSidebar,
  table: PAGE_SIZES.productTable,
  grid: PAGE_SIZES.productGrid,
};
const isView = (value: string): value is ViewMode => value in VIEWS;

/**
 * Product Management (the specification): three views over one page of products that the server searches and pages;
 * view, search and page live in the URL (docs/domain.md § Corrections). Row actions and dialogs act on the products
 * shown.
 */
export default function ProductsPage() {
  const { user } = useAuth();
  const toast = useToast(TOAST_MS.products);
  const [params, setParams] = useListParams({ view: 'sidebar', search: '', page: 1, ...PRODUCT_FILTER_DEFAULTS });
  const view: ViewMode = isView(params.view) ? params.view : 'sidebar';
  const search = params.search;
  const filter = productFilter(params);
  const products = useProductPage({ search, page: params.page, limit: PAGE_SIZE[view], ...filter });
  // Category and brand names load when a filter asks for them (a link with one, or its select used).
  const [optionsWanted, setOptionsWanted] = useState(false);
  const options = useCatalogueOptions(optionsWanted || Boolean(params.category || params.brand));
  const selection = useRowSelection();
  const [bulkKind, setBulkKind] = useState<BulkProductKind | null>(null);
  const canWrite = can(user?.role, 'catalogueWrite');
  // A new filter or search is a new list: what was ticked in the old one is let go.
  const filterKey = JSON.stringify([search, filter]);
  const clearSelection = selection.clear;
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey names the list, not a value read here
  useEffect(() => clearSelection(), [filterKey, clearSelection]);
  const viewPanelId = useId();
  const [importing, setImporting] = useState(false);
  const [open, setOpen] = useState<{ action: ProductAction | 'add'; id: string | null } | null>(null);

  useEffect(() => {
    if (products.error) toast.error(errorMessage(products.error, PRODUCT_TOASTS.loadFailed));
  }, [products.error, toast]);

  const data = products.error ? undefined : products.data;
  const list = data?.products ?? [];
  const totalPages = data?.pagination.totalPages ?? 1;
  const setSearch = (text: string) => setParams({ search: text }, { replace: true });
  // Deleting needs only the row; the other dialogs read the whole product, fresh after every change (a stock change
  // shows at once).
  const row = open?.id ? (list.find((p) => p.id === open.id) ?? null) : null;
  const whole = useProductDetail(open?.id && open.action !== 'delete' ? open.id : null);
  const target = whole.data ?? null;
  useEffect(() => {
    if (!whole.error) return;
    toast.error(errorMessage(whole.error, PRODUCT_TOASTS.loadFailed));
    setOpen(null);
  }, [whole.error, toast]);
  const close = (isOpen: boolean) => {
    if (!isOpen) setOpen(null);
  };
  const View = VIEWS[view];

  return (
    <>
      <PageHeader
        title="Product Management"
        description="Manage your catalogue, stock per size and color, and product details."
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <ExportCsvButton
              contract={exportContracts.exportProducts}
              query={{ search: search || undefined, ...filter }}
              fileName="products"
            />
            {canWrite ? (
              <>
                <Button variant="outline" onClick={() => setImporting(true)}>
                  <Upload /> Import
                </Button>
                <Button onClick={() => setOpen({ action: 'add', id: null })}>
                  <Plus /> Add Product
                </Button>
              </>
            ) : null}
          </div>
        }
      />
      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <ViewTabs value={view} onValueChange={(next) => setParams({ view: next })} panelId={viewPanelId} />
        <div className="flex flex-wrap items-center gap-2 lg:w-[28rem] lg:flex-nowrap">
          <SearchBox
            className="min-w-48 flex-1"
            value={search}
            onDebouncedChange={setSearch}
            delayMs={DEBOUNCE_MS.products}
            placeholder="Search products..."
          />
          <Button variant="outline" onClick={() => setSearch('')} disabled={!search}>
            Show All
          </Button>
          <SavedViewsMenu list="products" />
        </div>
      </div>
      <FilterBar
        fields={productFilterFields(options, () => setOptionsWanted(true))}
        values={params}
        onChange={(changes) => setParams(changes)}
      />
      {canWrite ? (
        <BulkBar selection={selection} total={data?.pagination.total ?? null} noun="products">
          {BULK_ACTIONS.map((action) => (
            <Button
              key={action.kind}
              size="sm"
              variant={action.kind === 'delete' ? 'destructive' : 'outline'}
              onClick={() => setBulkKind(action.kind)}
            >
              {action.label}
            </Button>
          ))}
        </BulkBar>
      ) : null}
      <ViewPanel id={viewPanelId} view={view}>
        <p className="mb-3 text-sm text-slate-500">
          {products.isLoading
            ? 'Loading products…'
            : `${formatCount(data?.pagination)} of ${formatCount(data?.catalogue)} products`}
        </p>
        {products.isLoading ? (
          <div className="flex flex-col gap-2">
            {SKELETON_ROWS.map((row) => (
              <Skeleton key={row} className="h-14 w-full" />
            ))}
          </div>
        ) : (
          <View
            products={list}
            page={Math.min(params.page, totalPages)}
            totalPages={totalPages}
            onPageChange={(page) => setParams({ page })}
            onAction={(action, product) => setOpen({ action, id: product.id })}
            selection={selection}
          />
        )}
      </ViewPanel>
      <ProductFormDialog
        open={open?.action === 'add' || (open?.action === 'edit' && target !== null)}
        onOpenChange={close}
        product={open?.action === 'edit' ? target : null}
      />
      <ProductDetailsDialog product={open?.action === 'details' ? target : null} onOpenChange={close} />
      <ManageStockDialog product={open?.action === 'stock' ? target : null} onOpenChange={close} />
      <BulkProductDialog
        kind={bulkKind}
        onOpenChange={(isOpen) => !isOpen && setBulkKind(null)}
        count={selection.allMatching ? (data?.pagination.total ?? 0) : selection.selected.size}
        selection={selectionBody(selection, { ...filter, ...(search ? { search } : {}) })}
        onDone={selection.clear}
      />
      <DeleteProductDialog product={open?.action === 'delete' ? row : null} onOpenChange={close} />
      <ImportProductsDialog open={importing} onOpenChange={setImporting} />
    </>
  );
}
