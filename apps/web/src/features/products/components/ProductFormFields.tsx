import type { TaxonomyItemView } from '@seamline/shared';
import { FormField, Input, Select, Textarea } from '@seamline/ui';
import type { UseFormReturn } from 'react-hook-form';
import { parseNumber } from '../product-rules';
import type { ProductFormOutput, ProductFormValues } from './product-form';

type Form = UseFormReturn<ProductFormValues, unknown, ProductFormOutput>;

const withCurrent = (items: TaxonomyItemView[], current: string) => {
  const options = items.map((item) => ({ value: item.name, label: item.name }));
  return current && !options.some((o) => o.value === current)
    ? [{ value: current, label: current }, ...options]
    : options;
};

/** The product's own fields: identity, taxonomy, prices (step 0.01), weight and dimensions (step 0.1), SEO, tags. */
export function ProductFormFields({
  form,
  categories,
  brands,
}: {
  form: Form;
  categories: TaxonomyItemView[];
  brands: TaxonomyItemView[];
}) {
  const { register, formState, watch } = form;
  const errors = formState.errors;
  const number = (step: string) => ({ type: 'number', step, min: 0 }) as const;
  const asNumber = { setValueAs: (value: unknown) => (typeof value === 'number' ? value : parseNumber(String(value))) };
  return (
    <div className="flex flex-col gap-6">
      <section className="grid gap-4 md:grid-cols-2">
        <FormField label="Name" htmlFor="product-name" required error={errors.name?.message}>
          <Input id="product-name" aria-invalid={errors.name ? true : undefined} {...register('name')} />
        </FormField>
        <FormField label="SKU" htmlFor="product-sku" required error={errors.sku?.message}>
          <Input id="product-sku" aria-invalid={errors.sku ? true : undefined} {...register('sku')} />
        </FormField>
        <FormField
          label="Description"
          htmlFor="product-description"
          error={errors.description?.message}
          className="md:col-span-2"
        >
          <Textarea
            id="product-description"
            rows={3}
            aria-invalid={errors.description ? true : undefined}
            {...register('description')}
          />
        </FormField>
        <FormField label="Category" htmlFor="product-category" required error={errors.category?.message}>
          <Select
            id="product-category"
            placeholder="Select a category"
            options={withCurrent(categories, watch('category') ?? '')}
            aria-invalid={errors.category ? true : undefined}
            {...register('category')}
          />
        </FormField>
        <FormField label="Subcategory" htmlFor="product-subcategory" required error={errors.subcategory?.message}>
          <Input
            id="product-subcategory"
            placeholder="e.g. T-Shirts"
            aria-invalid={errors.subcategory ? true : undefined}
            {...register('subcategory')}
          />
        </FormField>
        <FormField label="Brand" htmlFor="product-brand" required error={errors.brand?.message}>
          <Select
            id="product-brand"
            placeholder="Select a brand"
            options={withCurrent(brands, watch('brand') ?? '')}
            aria-invalid={errors.brand ? true : undefined}
            {...register('brand')}
          />
        </FormField>
        <FormField label="Weight (kg)" htmlFor="product-weight" error={errors.weight?.message}>
          <Input
            id="product-weight"
            {...number('0.1')}
            aria-invalid={errors.weight ? true : undefined}
            {...register('weight', asNumber)}
          />
        </FormField>
      </section>
      <section className="grid gap-4 md:grid-cols-3">
        <FormField label="Price ($)" htmlFor="product-price" required error={errors.price?.message}>
          <Input
            id="product-price"
            {...number('0.01')}
            aria-invalid={errors.price ? true : undefined}
            {...register('price', asNumber)}
          />
        </FormField>
        <FormField label="Compare price ($)" htmlFor="product-compare-price" error={errors.comparePrice?.message}>
          <Input
            id="product-compare-price"
            {...number('0.01')}
            aria-invalid={errors.comparePrice ? true : undefined}
            {...register('comparePrice', asNumber)}
          />
        </FormField>
        <FormField label="Cost price ($)" htmlFor="product-cost-price" error={errors.costPrice?.message}>
          <Input
            id="product-cost-price"
            {...number('0.01')}
            aria-invalid={errors.costPrice ? true : undefined}
            {...register('costPrice', asNumber)}
          />
        </FormField>
        {(['length', 'width', 'height'] as const).map((side) => (
          <FormField
            key={side}
            label={`${side[0]!.toUpperCase()}${side.slice(1)} (cm)`}
            htmlFor={`product-${side}`}
            error={errors.dimensions?.[side]?.message}
          >
            <Input id={`product-${side}`} {...number('0.1')} {...register(`dimensions.${side}`, asNumber)} />
          </FormField>
        ))}
      </section>
      <section className="grid gap-4 md:grid-cols-2">
        <FormField label="SEO title" htmlFor="product-seo-title">
          <Input id="product-seo-title" {...register('seo.title')} />
        </FormField>
        <FormField label="SEO slug" htmlFor="product-seo-slug" hint="Made from the name when empty">
          <Input id="product-seo-slug" {...register('seo.slug')} />
        </FormField>
        <FormField label="SEO description" htmlFor="product-seo-description" className="md:col-span-2">
          <Textarea id="product-seo-description" rows={2} {...register('seo.description')} />
        </FormField>
        <FormField label="SEO keywords" htmlFor="product-seo-keywords" hint="Comma-separated">
          <Input id="product-seo-keywords" {...register('seo.keywords')} />
        </FormField>
        <FormField label="Tags" htmlFor="product-tags" hint="Comma-separated">
          <Input id="product-tags" {...register('tags')} />
        </FormField>
      </section>
    </div>
  );
}
