import { can, type ProductListRow, type ProductView } from '@seamline/shared';
import { Badge, Card, CardContent, EmptyState, formatDate, formatMoney, formatNumber, Skeleton } from '@seamline/ui';
import { Eye, Heart, MessageSquare, PackageX, ShoppingBag, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../../auth/auth-context';
import { StockLevelsTable } from '../../../components/stock-locations';
import { errorMessage } from '../../../lib/api-client';
import { useProductDetail } from '../api';
import { PRODUCT_TOASTS, productReviewsLink, variantBadge } from '../product-rules';
import { type OnProductAction, ProductActions } from './ProductActions';
import { ActiveBadge, ProductThumb, StockStatusBadge } from './ProductBits';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-1.5 text-sm">
      <span className="text-slate-500">{label}</span>
      <span className="text-right font-medium text-slate-900">{children}</span>
    </div>
  );
}

type FigureProps = { icon: typeof Eye; label: string; value: string; to?: string };

/** One analytics figure; with `to`, the whole tile is a link (rating and reviews open the product's reviews). */
function Figure({ icon: Icon, label, value, to }: FigureProps) {
  const body = (
    <>
      <Icon className="mx-auto mb-1 size-4 text-indigo-500" aria-hidden />
      <div className="text-base font-semibold text-slate-900">{value}</div>
      <div className={to ? 'text-xs text-indigo-700 underline underline-offset-2' : 'text-xs text-slate-500'}>
        {label}
        {to ? <span className="sr-only">: open the product's reviews</span> : null}
      </div>
    </>
  );
  const tile = 'rounded-lg bg-slate-50 p-3 text-center';
  if (!to) return <div className={tile}>{body}</div>;
  return (
    <Link
      to={to}
      className={`${tile} block hover:bg-indigo-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus-ring`}
    >
      {body}
    </Link>
  );
}

/** The sidebar view's detail panel (the specification): analytics, figures, combinations, description, status, tags. */
export function ProductDetailPanel({ product, onAction }: { product: ProductView; onAction: OnProductAction }) {
  // Support staff see the figures but not the Reviews screen.
  const reviews = can(useAuth().user?.role, 'reviews') ? productReviewsLink(product.id) : undefined;
  return (
    <Card>
      <CardContent className="flex flex-col gap-5 p-5">
        <div className="flex items-start gap-4">
          <ProductThumb product={product} className="size-20" />
          <div className="min-w-0 flex-1">
            <h2 className="truncate text-lg font-semibold text-slate-900">{product.name}</h2>
            <p className="text-sm text-slate-500">
              {product.sku} · {product.category} / {product.subcategory} · {product.brand}
            </p>
            <div className="mt-2 flex flex-wrap gap-1.5">
              <ActiveBadge active={product.isActive} />
              <StockStatusBadge product={product} />
              {product.isFeatured ? <Badge variant="primary">Featured</Badge> : null}
              {product.isTikTokTrending ? <Badge variant="purple">TikTok Trending</Badge> : null}
            </div>
          </div>
        </div>
        <ProductActions product={product} onAction={onAction} labels />
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          <Figure icon={Eye} label="Views" value={formatNumber(product.viewCount)} />
          <Figure icon={Star} label="Rating" value={product.rating.toFixed(1)} to={reviews} />
          <Figure icon={MessageSquare} label="Reviews" value={formatNumber(product.reviewCount)} to={reviews} />
          <Figure icon={ShoppingBag} label="Sales" value={formatNumber(product.salesCount)} />
          <Figure icon={Heart} label="Wishlists" value={formatNumber(product.wishlistCount)} />
        </div>
        <div className="divide-y divide-slate-100">
          <Row label="Created">{formatDate(product.createdAt)}</Row>
          <Row label="Price">{formatMoney(product.price)}</Row>
          <Row label="Total stock">{formatNumber(product.totalStock)}</Row>
          <Row label="Cost price">{formatMoney(product.costPrice)}</Row>
          <Row label="Compare price">{formatMoney(product.comparePrice)}</Row>
          <Row label="Variants">{product.inventory.length}</Row>
          <Row label="Weight">{formatNumber(Math.round(product.weight * 1000))} g</Row>
          <Row label="Status">{product.isActive ? 'Active' : 'Inactive'}</Row>
          <Row label="Stock status">{product.stockStatus}</Row>
        </div>
        <section>
          <h3 className="mb-2 text-sm font-semibold text-slate-900">Sizes and colors</h3>
          {product.inventory.length ? (
            <ul className="divide-y divide-slate-100 text-sm">
              {product.inventory.map((row) => (
                <li key={row.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-1.5">
                  <Badge variant={variantBadge(row)}>
                    {row.size} / {row.color}: {row.quantity}
                  </Badge>
                  <span className="font-mono text-xs text-slate-700">{row.sku}</span>
                  <span className="font-mono text-xs text-slate-500">{row.barcode}</span>
                  {row.priceOverride !== null ? (
                    <span className="text-xs text-slate-700">Price {formatMoney(row.priceOverride)}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-500">No size/color combinations yet.</p>
          )}
        </section>
        <StockLevelsTable productId={product.id} />
        <section>
          <h3 className="mb-1 text-sm font-semibold text-slate-900">Description</h3>
          <p className="text-sm text-slate-600">{product.description || 'No description available'}</p>
        </section>
        <section>
          <h3 className="mb-2 text-sm font-semibold text-slate-900">Tags</h3>
          {product.tags.length ? (
            <div className="flex flex-wrap gap-1.5">
              {product.tags.map((tag) => (
                <Badge key={tag}>{tag}</Badge>
              ))}
            </div>
          ) : (
            <p className="text-sm text-slate-500">No tags</p>
          )}
        </section>
      </CardContent>
    </Card>
  );
}

/**
 * The panel of the row picked in the sidebar view: the list rows carry only what a row shows, so the panel reads the
 * whole product (and reads it again after any product change).
 */
export function SelectedProductPanel({ row, onAction }: { row: ProductListRow; onAction: OnProductAction }) {
  const product = useProductDetail(row.id);
  if (product.data) return <ProductDetailPanel product={product.data} onAction={onAction} />;
  return (
    <Card aria-busy={product.isPending} aria-label={`${row.name}: details`}>
      <CardContent className="flex flex-col gap-3 p-5">
        {product.error ? (
          <EmptyState
            icon={PackageX}
            title={row.name}
            description={errorMessage(product.error, PRODUCT_TOASTS.loadFailed)}
          />
        ) : (
          <>
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-40 w-full" />
          </>
        )}
      </CardContent>
    </Card>
  );
}
