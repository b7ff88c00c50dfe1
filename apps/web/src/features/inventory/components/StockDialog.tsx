import {
  adminStockInput,
  INVENTORY_MESSAGES,
  inventoryVariantInput,
  type ProductView,
  previewStockLevel,
  STOCK,
  STOCK_OPERATION_TEXT,
  STOCK_OPERATIONS,
  type StaffStockOperation,
  TOAST_MS,
} from '@seamline/shared';
import { Button, cn, Dialog, DialogContent, DialogFooter, FormField, Input, Select, useToast } from '@seamline/ui';
import { type FormEvent, useEffect, useState } from 'react';
import {
  LocationSelect,
  StockLevelsTable,
  useStockLevels,
  useStockLocations,
} from '../../../components/stock-locations';
import { findVariant, hasVariant, VariantPicker } from '../../../components/variant-picker';
import { ApiError } from '../../../lib/api-client';
import { useAddVariant, useUpdateStock } from '../api';
import { stockErrorText } from '../inventory-rules';

const OPERATIONS = STOCK_OPERATIONS.map((value) => ({ value, label: STOCK_OPERATION_TEXT[value].formLabel }));
const toInt = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** Manage Stock (the specification): update an existing size/color or add a new one. */
export function StockDialog({
  product,
  onOpenChange,
}: {
  product: ProductView | null;
  onOpenChange: (o: boolean) => void;
}) {
  const [mode, setMode] = useState<'existing' | 'new'>('existing');
  const [size, setSize] = useState('');
  const [color, setColor] = useState('');
  const [operation, setOperation] = useState<StaffStockOperation>('add');
  const [quantity, setQuantity] = useState('');
  const [threshold, setThreshold] = useState(String(STOCK.defaultThresholdNewVariant));
  const [error, setError] = useState<string | null>(null);
  // Chosen location; '' until the staff member picks one: the first location.
  const [picked, setPicked] = useState('');
  const locations = useStockLocations(product !== null);
  const levels = useStockLevels(product?.id ?? null, locations.length > 0);
  const update = useUpdateStock();
  const addVariant = useAddVariant();
  const toast = useToast(TOAST_MS.inventory);
  const productId = product?.id;

  useEffect(() => {
    if (productId) {
      setMode('existing');
      setSize('');
      setColor('');
      setOperation('add');
      setQuantity('');
      setThreshold(String(STOCK.defaultThresholdNewVariant));
      setError(null);
      setPicked('');
    }
  }, [productId]);

  if (!product) return null;
  // Editing a field clears the previous validation message.
  const change = (set: (v: string) => void) => (value: string) => {
    set(value);
    setError(null);
  };
  const edit = (set: (v: string) => void) => (e: { target: { value: string } }) => change(set)(e.target.value);
  const locationId = picked || locations[0]?._id;
  const variant = findVariant(product.inventory, size, color);
  // With several locations the figures and the change are the chosen location's level (none yet: all 0).
  const level = locationId
    ? findVariant(levels.data ?? [], size, color)?.levels.find((l) => l.locationId === locationId)
    : undefined;
  const row = variant && locationId ? { ...variant, ...(level ?? { quantity: 0, reserved: 0 }) } : variant;
  const amount = toInt(quantity);
  const preview =
    mode === 'existing' ? previewStockLevel(row?.quantity ?? 0, operation, amount) : Math.max(0, amount || 0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!product) return;
    setError(null);
    try {
      if (mode === 'existing') {
        const parsed = adminStockInput.safeParse({ size, color, quantity: amount, operation, locationId });
        if (!row || !parsed.success || !(amount > 0)) return setError(INVENTORY_MESSAGES.stockInput);
        await update.mutateAsync({ id: product.id, input: parsed.data });
      } else {
        const parsed = inventoryVariantInput.safeParse({
          size,
          color,
          quantity: amount,
          lowStockThreshold: toInt(threshold),
        });
        if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Failed to add variant');
        if (hasVariant(product.inventory, parsed.data.size, parsed.data.color))
          return setError(INVENTORY_MESSAGES.variantExists);
        await addVariant.mutateAsync({ id: product.id, input: parsed.data });
      }
      toast.success(INVENTORY_MESSAGES.updated);
      onOpenChange(false);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'DUPLICATE_VARIANT')
        return setError(INVENTORY_MESSAGES.variantExists);
      const text = stockErrorText(failure);
      setError(text);
      toast.error(text);
    }
  }

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent size="md" title="Manage Stock" description={`${product.name} (${product.sku})`}>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <div role="radiogroup" aria-label="Stock mode" className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
            {(
              [
                ['existing', 'Update Existing'],
                ['new', 'Add New Size/Color'],
              ] as const
            ).map(([value, label]) => (
              <button
                key={value}
                type="button"
                aria-pressed={mode === value}
                onClick={() => {
                  setMode(value);
                  setSize('');
                  setColor('');
                  setError(null);
                }}
                className={cn(
                  'cursor-pointer rounded-md py-1.5 text-sm font-medium text-slate-600',
                  mode === value && 'bg-white text-indigo-700 shadow-sm',
                )}
              >
                {label}
              </button>
            ))}
          </div>
          {mode === 'existing' ? (
            <>
              <VariantPicker
                idPrefix="inv"
                inventory={product.inventory}
                size={size}
                color={color}
                onSizeChange={change(setSize)}
                onColorChange={change(setColor)}
              />
              <LocationSelect
                id="inv-location"
                locations={locations}
                value={locationId ?? ''}
                onChange={change(setPicked)}
              />
              {row ? (
                <p className="text-xs text-slate-600">
                  SKU <span className="font-mono text-slate-900">{row.sku}</span> · Barcode{' '}
                  <span className="font-mono text-slate-900">{row.barcode}</span>
                </p>
              ) : null}
              {row ? (
                <dl className="grid grid-cols-4 gap-2 rounded-lg bg-slate-50 p-3 text-center text-sm">
                  {(
                    [
                      ['Current', row.quantity],
                      ['Reserved', row.reserved],
                      ['Low Threshold', row.lowStockThreshold],
                      ['Available', row.quantity - row.reserved],
                    ] as const
                  ).map(([label, value]) => (
                    <div key={label}>
                      <dt className="text-xs text-slate-500">{label}</dt>
                      <dd className="font-semibold text-slate-900">{value}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              <StockLevelsTable productId={product.id} />
              <div className="grid grid-cols-2 gap-3">
                <FormField label="Operation" htmlFor="inv-operation">
                  <Select
                    id="inv-operation"
                    options={OPERATIONS}
                    value={operation}
                    onChange={edit((v) => setOperation(STOCK_OPERATIONS.find((op) => op === v) ?? 'add'))}
                  />
                </FormField>
                <FormField label="Quantity" htmlFor="inv-quantity">
                  <Input
                    id="inv-quantity"
                    type="number"
                    min={0}
                    step={1}
                    value={quantity}
                    onChange={edit(setQuantity)}
                  />
                </FormField>
              </div>
            </>
          ) : (
            <div className="grid grid-cols-2 gap-3">
              <FormField label="Size" htmlFor="inv-new-size">
                <Input id="inv-new-size" placeholder="e.g. XL" value={size} onChange={edit(setSize)} />
              </FormField>
              <FormField label="Color" htmlFor="inv-new-color">
                <Input id="inv-new-color" placeholder="e.g. Navy" value={color} onChange={edit(setColor)} />
              </FormField>
              <FormField label="Initial Quantity" htmlFor="inv-new-quantity">
                <Input
                  id="inv-new-quantity"
                  type="number"
                  min={0}
                  step={1}
                  value={quantity}
                  onChange={edit(setQuantity)}
                />
              </FormField>
              <FormField label="Low Stock Threshold" htmlFor="inv-new-threshold">
                <Input
                  id="inv-new-threshold"
                  type="number"
                  min={0}
                  step={1}
                  value={threshold}
                  onChange={edit(setThreshold)}
                />
              </FormField>
            </div>
          )}
          <p className="rounded-lg bg-indigo-50 px-3 py-2 text-sm text-indigo-900" aria-live="polite">
            New stock level: <strong data-testid="stock-preview">{preview}</strong>
          </p>
          {error ? (
            <p role="alert" className="text-sm text-red-600">
              {error}
            </p>
          ) : null}
          <DialogFooter className="mt-0">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending || addVariant.isPending}>
              {mode === 'existing' ? 'Update Stock' : 'Add Variant'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
