import { type AddOrderForm, effectiveUnitPrice, type ProductView } from '@seamline/shared';
import { Button, FormField, formatMoney, Input, Select } from '@seamline/ui';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { UseFieldArrayReturn } from 'react-hook-form';

type Props = {
  products: ProductView[];
  loading: boolean;
  items: UseFieldArrayReturn<AddOrderForm, 'items'>;
  error?: string;
};

/** Pick a product, one of its sizes and colors and a quantity (≥ 1), then add the line. */
export function OrderItemsEditor({ products, loading, items, error }: Props) {
  const [productId, setProductId] = useState('');
  const [size, setSize] = useState('');
  const [color, setColor] = useState('');
  const [quantity, setQuantity] = useState('1');
  const product = products.find((p) => p._id === productId);
  const sizes = [...new Set(product?.inventory.map((row) => row.size) ?? [])];
  const colors = product?.inventory.filter((row) => row.size === size) ?? [];
  const amount = Number(quantity);
  const canAdd = Boolean(product && size && color && Number.isInteger(amount) && amount >= 1);
  const nameOf = (id: string) => products.find((p) => p._id === id);

  const add = () => {
    if (!canAdd) return;
    items.append({ productId, size, color, quantity: amount, variantId: `${size}-${color}` });
    setSize('');
    setColor('');
    setQuantity('1');
  };

  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">Items</legend>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_90px_auto] sm:items-end">
        <FormField label="Product" htmlFor="item-product">
          <Select
            id="item-product"
            value={productId}
            placeholder={loading ? 'Loading products...' : 'Select a product'}
            options={products.map((p) => ({
              value: p._id,
              label: `${p.name} — ${formatMoney(effectiveUnitPrice(p.price, p.salePrice))}`,
            }))}
            onChange={(event) => {
              setProductId(event.target.value);
              setSize('');
              setColor('');
            }}
          />
        </FormField>
        <FormField label="Size" htmlFor="item-size">
          <Select
            id="item-size"
            value={size}
            placeholder="Size"
            disabled={!product}
            options={sizes.map((s) => ({ value: s, label: s }))}
            onChange={(event) => {
              setSize(event.target.value);
              setColor('');
            }}
          />
        </FormField>
        <FormField label="Color" htmlFor="item-color">
          <Select
            id="item-color"
            value={color}
            placeholder="Color"
            disabled={!size}
            options={colors.map((row) => ({
              value: row.color,
              label: `${row.color} (${row.quantity - row.reserved} available)`,
              disabled: row.quantity - row.reserved < 1,
            }))}
            onChange={(event) => setColor(event.target.value)}
          />
        </FormField>
        <FormField label="Quantity" htmlFor="item-quantity">
          <Input
            id="item-quantity"
            type="number"
            min={1}
            step={1}
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
          />
        </FormField>
        <Button type="button" variant="secondary" disabled={!canAdd} onClick={add}>
          <Plus /> Add Item
        </Button>
      </div>
      {items.fields.length ? (
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-100" aria-label="Order items">
          {items.fields.map((field, index) => {
            const picked = nameOf(field.productId);
            return (
              <li key={field.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                <span>
                  <span className="font-medium text-slate-900">{picked?.name ?? field.productId}</span>
                  <span className="ml-2 text-slate-500">
                    {field.size}/{field.color} × {String(field.quantity)}
                  </span>
                </span>
                <span className="flex items-center gap-2">
                  {picked
                    ? formatMoney(effectiveUnitPrice(picked.price, picked.salePrice) * Number(field.quantity))
                    : null}
                  <Button
                    type="button"
                    size="icon"
                    variant="ghost"
                    aria-label="Remove item"
                    onClick={() => items.remove(index)}
                  >
                    <Trash2 />
                  </Button>
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
      {error ? (
        <p role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
