import { TOAST_MS } from '@seamline/shared';
import { ConfirmByNameDialog, useToast } from '@seamline/ui';
import { useState } from 'react';
import { useDeleteProduct } from '../api';
import { PRODUCT_TOASTS } from '../product-rules';
import type { ActedProduct } from './ProductActions';

const REMOVED = [
  'Inventory and stock data',
  'Reviews and ratings',
  'Wishlist entries',
  'Analytics and view counts',
  'Images and SEO data',
];

/** Two-step delete: type the product name, Continue, then 'Permanently Delete Product'. */
export function DeleteProductDialog({
  product,
  onOpenChange,
}: {
  product: ActedProduct | null;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteProduct();
  const toast = useToast(TOAST_MS.products);
  const [error, setError] = useState<string | null>(null);
  if (!product) return null;
  return (
    <ConfirmByNameDialog
      open
      onOpenChange={(open) => {
        setError(null);
        onOpenChange(open);
      }}
      title="Delete Product"
      expectedName={product.name}
      inputLabel="Product name"
      prompt={
        <>
          Type <strong>{product.name}</strong> to confirm.
        </>
      }
      confirmLabel="Permanently Delete Product"
      confirmDescription={
        <div className="flex flex-col gap-2 text-sm">
          <p>This permanently removes the product and:</p>
          <ul className="list-disc pl-5">
            {REMOVED.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p className="font-medium text-red-700">This action cannot be undone.</p>
        </div>
      }
      pending={remove.isPending}
      error={error}
      onConfirm={async () => {
        try {
          await remove.mutateAsync(product.id);
          toast.success(PRODUCT_TOASTS.deleted);
          onOpenChange(false);
        } catch (failure) {
          setError(failure instanceof Error && failure.message ? failure.message : PRODUCT_TOASTS.deleteFailed);
        }
      }}
    />
  );
}
