import { zodResolver } from '@hookform/resolvers/zod';
import { type ProductView, TOAST_MS } from '@seamline/shared';
import { Button, Checkbox, Dialog, DialogContent, DialogFooter, Label, useToast } from '@seamline/ui';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { errorMessage } from '../../../lib/api-client';
import { useCatalogueOptions, useCreateProduct, useUpdateProduct } from '../api';
import { PRODUCT_TOASTS } from '../product-rules';
import { ImageUploader } from './ImageUploader';
import { InventoryEditor } from './InventoryEditor';
import { ProductFormFields } from './ProductFormFields';
import {
  emptyProductForm,
  type ProductFormOutput,
  type ProductFormValues,
  productFormSchema,
  productToForm,
} from './product-form';

const FLAGS = [
  { name: 'isActive', label: 'Active' },
  { name: 'isFeatured', label: 'Featured' },
  { name: 'isTikTokTrending', label: 'TikTok Trending' },
] as const;

/** Add Product (no `product`) or Edit Product: every field, checked on blur and on submit with the shared schema. */
export function ProductFormDialog({
  open,
  onOpenChange,
  product,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  product?: ProductView | null;
}) {
  const editing = Boolean(product);
  const toast = useToast(TOAST_MS.products);
  const { categories, brands } = useCatalogueOptions(open);
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ProductFormValues, unknown, ProductFormOutput>({
    resolver: zodResolver(productFormSchema),
    mode: 'onBlur',
    defaultValues: product ? productToForm(product) : emptyProductForm(),
  });

  useEffect(() => {
    if (open) {
      form.reset(product ? productToForm(product) : emptyProductForm());
      setServerError(null);
    }
  }, [open, product, form]);

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      if (product) await update.mutateAsync({ id: product.id, input: values });
      else await create.mutateAsync(values);
      toast.success(editing ? PRODUCT_TOASTS.updated : PRODUCT_TOASTS.added);
      onOpenChange(false);
    } catch (error) {
      setServerError(errorMessage(error, editing ? PRODUCT_TOASTS.updateFailed : PRODUCT_TOASTS.addFailed));
    }
  });

  const pending = create.isPending || update.isPending;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="xl"
        title={editing ? 'Edit Product' : 'Add New Product'}
        description={editing ? product?.name : 'Fill in the product details, its combinations and images.'}
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-6">
          <ProductFormFields form={form} categories={categories} brands={brands} />
          <section className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-slate-900">Status</h3>
            <div className="flex flex-wrap gap-6">
              {FLAGS.map((flag) => (
                <Controller
                  key={flag.name}
                  control={form.control}
                  name={flag.name}
                  render={({ field }) => (
                    <div className="flex items-center gap-2">
                      <Checkbox
                        id={`product-${flag.name}`}
                        checked={Boolean(field.value)}
                        onCheckedChange={(on) => field.onChange(on === true)}
                      />
                      <Label htmlFor={`product-${flag.name}`}>{flag.label}</Label>
                    </div>
                  )}
                />
              ))}
            </div>
          </section>
          <section className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-slate-900">Inventory (size/color combinations)</h3>
            <InventoryEditor
              control={form.control}
              register={form.register}
              errors={form.formState.errors}
              values={form.watch('inventory')}
            />
          </section>
          <section className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-slate-900">Images</h3>
            <Controller
              control={form.control}
              name="images"
              render={({ field }) => <ImageUploader images={field.value ?? []} onChange={field.onChange} />}
            />
          </section>
          {serverError ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
              {serverError}
            </p>
          ) : null}
          <DialogFooter className="mt-0">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {editing ? 'Update Product' : 'Add Product'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
