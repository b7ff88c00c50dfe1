import { type ProductView, STOCK_OPERATION_TEXT, stockChangeInput, TOAST_MS } from '@seamline/shared';
import { Button, cn, Dialog, DialogContent, DialogFooter, FormField, Input, useToast } from '@seamline/ui';
import { AlertTriangle, Minus, Plus } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { LocationSelect, useStockLevels, useStockLocations } from '../../../components/stock-locations';
import { findVariant, VariantPicker } from '../../../components/variant-picker';
import { errorMessage } from '../../../lib/api-client';
import { useChangeStock } from '../api';
import { PRODUCT_TOASTS, parseNumber } from '../product-rules';
import { AddCombinationDialog } from './AddCombinationDialog';

/** Manage Stock: Add Stock / Remove Stock on one size/color, with the current stock and an over-removal warning. */
export function ManageStockDialog({
  product,
  onOpenChange,
}: {
  product: ProductView | null;
  onOpenChange: (open: boolean) => void;
}) {
  const [mode, setMode] = useState<'add' | 'remove'>('add');
  const [size, setSize] = useState('');
  const [color, setColor] = useState('');
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  // Chosen location; '' until the staff member picks one: the first location.
  const [picked, setPicked] = useState('');
  const locations = useStockLocations(product !== null);
  const levels = useStockLevels(product?.id ?? null, locations.length > 0);
  const change = useChangeStock();
  const toast = useToast(TOAST_MS.products);
  const productId = product?.id;

  useEffect(() => {
    if (productId) {
      setMode('add');
      setSize('');
      setColor('');
      setQuantity('');
      setReason('');
      setError(null);
      setPicked('');
    }
  }, [productId]);

  if (!product) return null;
  const locationId = picked || locations[0]?._id;
  const variant = findVariant(product.inventory, size, color);
  // With several locations the figures are the chosen location's level (none yet: all 0).
  const current =
    variant && locationId
      ? {
          quantity: 0,
          available: 0,
          reserved: 0,
          ...findVariant(levels.data ?? [], size, color)?.levels.find((l) => l.locationId === locationId),
        }
      : variant;
  const amount = parseNumber(quantity);
  const overRemoval = mode === 'remove' && current !== undefined && amount > current.available;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!product) return;
    const parsed = stockChangeInput.safeParse({
      size,
      color,
      quantity: amount,
      reason: reason || undefined,
      locationId,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? PRODUCT_TOASTS.stockFailed);
    setError(null);
    try {
      await change.mutateAsync({ id: product.id, mode, input: parsed.data });
      toast.success(PRODUCT_TOASTS.stock);
      onOpenChange(false);
    } catch (failure) {
      setError(errorMessage(failure, PRODUCT_TOASTS.stockFailed));
    }
  }

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent size="md" title="Manage Stock" description={`${product.name} (${product.sku})`}>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <div
            role="radiogroup"
            aria-label="Stock operation"
            className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1"
          >
            {(['add', 'remove'] as const).map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={mode === value}
                onClick={() => setMode(value)}
                className={cn(
                  'flex cursor-pointer items-center justify-center gap-1.5 rounded-md py-1.5 text-sm font-medium text-slate-600',
                  mode === value &&
                    (value === 'add' ? 'bg-white text-emerald-700 shadow-sm' : 'bg-white text-red-700 shadow-sm'),
                )}
              >
                {value === 'add' ? <Plus className="size-4" /> : <Minus className="size-4" />}
                {STOCK_OPERATION_TEXT[value === 'add' ? 'add' : 'subtract'].formLabel}
              </button>
            ))}
          </div>
          <VariantPicker
            idPrefix="stock"
            inventory={product.inventory}
            size={size}
            color={color}
            onSizeChange={setSize}
            onColorChange={setColor}
          />
          <LocationSelect id="stock-location" locations={locations} value={locationId ?? ''} onChange={setPicked} />
          <div>
            <Button type="button" variant="link" size="sm" className="px-0" onClick={() => setAdding(true)}>
              <Plus /> Add New Size/Color Combination
            </Button>
          </div>
          <div className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" aria-live="polite">
            Current stock{locationId ? ` at ${locations.find((l) => l._id === locationId)?.name}` : ''}:{' '}
            {current ? (
              <strong>
                {current.quantity} ({current.available} available, {current.reserved} reserved)
              </strong>
            ) : (
              <span className="text-slate-500">select a size and color</span>
            )}
          </div>
          <FormField label="Quantity" htmlFor="stock-quantity">
            <Input
              id="stock-quantity"
              type="number"
              min={1}
              step={1}
              value={quantity}
              onChange={(e) => setQuantity(e.target.value)}
            />
          </FormField>
          {overRemoval ? (
            <p
              role="alert"
              className="flex items-center gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800"
            >
              <AlertTriangle className="size-4 shrink-0" />
              You are removing more than is available ({current?.available}).
            </p>
          ) : null}
          <FormField label="Reason (optional)" htmlFor="stock-reason">
            <Input
              id="stock-reason"
              placeholder="e.g. restock, damaged, return"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </FormField>
          {error ? (
            <p role="alert" className="text-sm text-red-600">
              {error}
            </p>
          ) : null}
          <DialogFooter className="mt-0">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant={mode === 'add' ? 'primary' : 'destructive'} loading={change.isPending}>
              {mode === 'add' ? 'Add Stock' : 'Remove Stock'}
            </Button>
          </DialogFooter>
        </form>
        <AddCombinationDialog
          product={product}
          open={adding}
          onOpenChange={setAdding}
          onAdded={(newSize, newColor) => {
            setSize(newSize);
            setColor(newColor);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
