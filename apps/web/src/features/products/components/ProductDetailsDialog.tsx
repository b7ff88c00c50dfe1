import { can, type ProductView } from '@seamline/shared';
import {
  Badge,
  Dialog,
  DialogContent,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@seamline/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../../auth/auth-context';
import { StockLevelsTable } from '../../../components/stock-locations';
import { isLowStock, productReviewsLink, variantBadge } from '../product-rules';
import { ProductThumb } from './ProductBits';

// Each term and its value share one div: a <dl> may hold div groups, but no deeper wrapper.
function Field({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'flex flex-col gap-0.5 sm:col-span-2' : 'flex flex-col gap-0.5'}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}
const notSet = (value: string | undefined) => value || 'Not set';

function Overview({ product }: { product: ProductView }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <Field label="Name">{product.name}</Field>
      <Field label="SKU">{product.sku}</Field>
      <Field label="Category">{product.category}</Field>
      <Field label="Subcategory">{product.subcategory}</Field>
      <Field label="Brand">{product.brand}</Field>
      <Field label="Created">{formatDate(product.createdAt)}</Field>
      <Field label="Status">
        <div className="flex flex-wrap gap-1.5">
          <Badge variant={product.isActive ? 'success' : 'neutral'}>{product.isActive ? 'Active' : 'Inactive'}</Badge>
          <Badge variant={product.isFeatured ? 'primary' : 'neutral'}>
            {product.isFeatured ? 'Featured' : 'Not Featured'}
          </Badge>
          <Badge variant={product.isTikTokTrending ? 'purple' : 'neutral'}>
            {product.isTikTokTrending ? 'TikTok Trending' : 'Not Trending'}
          </Badge>
        </div>
      </Field>
      <Field label="Tags">
        {product.tags.length ? (
          <div className="flex flex-wrap gap-1.5">
            {product.tags.map((tag) => (
              <Badge key={tag}>{tag}</Badge>
            ))}
          </div>
        ) : (
          'No tags'
        )}
      </Field>
      <Field label="Description" wide>
        {product.description || 'No description available'}
      </Field>
    </dl>
  );
}

function Details({ product }: { product: ProductView }) {
  const d = product.dimensions;
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid gap-4 sm:grid-cols-4">
        <Field label="Selling price">{formatMoney(product.price)}</Field>
        <Field label="Compare price">{formatMoney(product.comparePrice)}</Field>
        <Field label="Cost price">{formatMoney(product.costPrice)}</Field>
        <Field label="Sale price">{product.salePrice !== null ? formatMoney(product.salePrice) : 'Not set'}</Field>
        <Field label="Weight">{product.weight} kg</Field>
        <Field label="Dimensions">
          {d.length} × {d.width} × {d.height} cm
        </Field>
      </dl>
      <section>
        <h3 className="mb-2 text-sm font-semibold text-slate-900">Size/color combinations</h3>
        <div className="flex flex-wrap gap-1.5">
          {product.inventory.map((row) => (
            <Badge key={row.id} variant={variantBadge(row)}>
              {row.size} / {row.color}: {row.quantity}
            </Badge>
          ))}
          {product.inventory.length ? null : <span className="text-sm text-slate-500">None</span>}
        </div>
      </section>
      <section>
        <h3 className="mb-2 text-sm font-semibold text-slate-900">Images</h3>
        <div className="flex flex-wrap gap-3">
          {product.images.map((image) => (
            <figure key={image.original} className="w-28">
              <img
                src={image.thumbnail || image.original}
                alt={image.alt}
                className="size-28 rounded-lg border border-slate-200 object-cover"
              />
              <figcaption className="mt-1 truncate text-xs text-slate-500">{image.alt || 'No alt text'}</figcaption>
            </figure>
          ))}
          {product.images.length ? null : <span className="text-sm text-slate-500">No images</span>}
        </div>
      </section>
    </div>
  );
}

function Inventory({ product }: { product: ProductView }) {
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-3 gap-3">
        {[
          ['Total stock', product.totalStock],
          ['Available', product.availableStock],
          ['Reserved', product.reservedStock],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-3 text-center">
            <dd className="text-xl font-semibold text-slate-900">{formatNumber(Number(value))}</dd>
            <dt className="text-xs text-slate-500">{label}</dt>
          </div>
        ))}
      </dl>
      <table className="w-full text-sm">
        <thead className="text-left text-xs text-slate-500">
          <tr>
            <th className="py-2">Combination</th>
            <th>Quantity</th>
            <th>Reserved</th>
            <th>Threshold</th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {product.inventory.map((row) => (
            <tr key={row.id}>
              <td className="py-2 font-medium">
                {row.size} / {row.color}
              </td>
              <td>{row.quantity}</td>
              <td>{row.reserved}</td>
              <td>{row.lowStockThreshold}</td>
              <td>
                <Badge variant={isLowStock(row) ? 'danger' : 'success'}>
                  {isLowStock(row) ? 'Low Stock' : 'In Stock'}
                </Badge>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <StockLevelsTable productId={product.id} />
    </div>
  );
}

function Seo({ product }: { product: ProductView }) {
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid gap-4 sm:grid-cols-2">
        <Field label="SEO title">{notSet(product.seo.title)}</Field>
        <Field label="Slug">{notSet(product.seo.slug)}</Field>
        <Field label="SEO description">{notSet(product.seo.description)}</Field>
        <Field label="Keywords">{product.seo.keywords.length ? product.seo.keywords.join(', ') : 'Not set'}</Field>
      </dl>
      <section aria-label="Search result preview" className="rounded-lg border border-slate-200 p-4">
        <p className="mb-2 text-xs font-medium tracking-wide text-slate-500 uppercase">Search result preview</p>
        <p className="truncate text-lg text-blue-700">{product.seo.title || product.name}</p>
        <p className="text-sm text-emerald-700">
          {window.location.origin}/products/{product.seo.slug || product.sku}
        </p>
        <p className="text-sm text-slate-600">{product.seo.description || product.description}</p>
      </section>
    </div>
  );
}

function Analytics({ product }: { product: ProductView }) {
  const creator = product.createdBy ? `${product.createdBy.firstName} ${product.createdBy.lastName}`.trim() : 'Unknown';
  // Rating and reviews open the product's reviews for those who may moderate them.
  const reviews = can(useAuth().user?.role, 'reviews') ? productReviewsLink(product.id) : null;
  const linked = (text: string) =>
    reviews ? (
      <Link to={reviews} className="text-indigo-700 underline underline-offset-2 hover:text-indigo-900">
        {text}
      </Link>
    ) : (
      text
    );
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      <Field label="Views">{formatNumber(product.viewCount)}</Field>
      <Field label="Average rating">{linked(`${product.rating.toFixed(1)} / 5`)}</Field>
      <Field label="Reviews">{linked(formatNumber(product.reviewCount))}</Field>
      <Field label="Sales">{formatNumber(product.salesCount)}</Field>
      <Field label="Wishlists">{formatNumber(product.wishlistCount)}</Field>
      <Field label="Created by">{creator}</Field>
      <Field label="Last updated">{formatDateTime(product.updatedAt)}</Field>
    </dl>
  );
}

const TABS = [
  ['overview', 'Overview', Overview],
  ['details', 'Details', Details],
  ['inventory', 'Inventory', Inventory],
  ['seo', 'SEO', Seo],
  ['analytics', 'Analytics', Analytics],
] as const;

/** Product Details: a header with the first image and key figures, then five tabs (the specification). */
export function ProductDetailsDialog({
  product,
  onOpenChange,
}: {
  product: ProductView | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={product !== null} onOpenChange={onOpenChange}>
      {product ? (
        <DialogContent size="xl" title="Product Details">
          <div className="mb-5 flex items-center gap-4">
            <ProductThumb product={product} className="size-20" />
            <div className="min-w-0">
              <h2 className="truncate text-lg font-semibold text-slate-900">{product.name}</h2>
              <p className="text-sm text-slate-500">{product.sku}</p>
              <div className="mt-1 flex flex-wrap gap-x-5 text-sm text-slate-700">
                <span>{formatMoney(product.price)}</span>
                <span>{formatNumber(product.availableStock)} available</span>
                <span>{formatNumber(product.viewCount)} views</span>
                <span>★ {product.rating.toFixed(1)}</span>
              </div>
            </div>
          </div>
          <Tabs defaultValue="overview">
            <TabsList>
              {TABS.map(([value, label]) => (
                <TabsTrigger key={value} value={value}>
                  {label}
                </TabsTrigger>
              ))}
            </TabsList>
            {TABS.map(([value, , Panel]) => (
              <TabsContent key={value} value={value} className="pt-4">
                <Panel product={product} />
              </TabsContent>
            ))}
          </Tabs>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
