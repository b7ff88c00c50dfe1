import { COLORS, PRODUCT_MESSAGES, type ProductView, SIZES, STOCK } from '@seamline/shared';
import { Button, Dialog, DialogContent, DialogFooter, FormField, Select } from '@seamline/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { hasVariant } from '../../../components/variant-picker';
import { errorMessage } from '../../../lib/api-client';
import { useAddCombination } from '../api';
import { PRODUCT_TOASTS } from '../product-rules';

const options = (list: readonly string[]) => list.map((value) => ({ value, label: value }));

/** Add New Size/Color Combination: starts at quantity 0, threshold 10, reserved 0 (the specification). */
export function AddCombinationDialog({
  product,
  open,
  onOpenChange,
  onAdded,
}: {
  product: ProductView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: (size: string, color: string) => void;
}) {
  const [size, setSize] = useState('');
  const [color, setColor] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddCombination();

  useEffect(() => {
    if (open) {
      setSize('');
      setColor('');
      setError(null);
    }
  }, [open]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!size || !color) return setError(PRODUCT_MESSAGES.combinationInput);
    if (hasVariant(product.inventory, size, color)) return setError(PRODUCT_MESSAGES.combinationExists);
    try {
      await add.mutateAsync({
        id: product.id,
        input: { size, color, quantity: 0, lowStockThreshold: STOCK.defaultThresholdStockDialog, reserved: 0 },
      });
      onAdded(size, color);
      onOpenChange(false);
    } catch (failure) {
      setError(errorMessage(failure, PRODUCT_TOASTS.variantFailed));
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm" title="Add New Size/Color Combination" description={product.name}>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField label="Size" htmlFor="combination-size">
            <Select
              id="combination-size"
              placeholder="Select size"
              options={options(SIZES)}
              value={size}
              onChange={(e) => setSize(e.target.value)}
            />
          </FormField>
          <FormField label="Color" htmlFor="combination-color">
            <Select
              id="combination-color"
              placeholder="Select color"
              options={options(COLORS)}
              value={color}
              onChange={(e) => setColor(e.target.value)}
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
            <Button type="submit" loading={add.isPending}>
              Add Combination
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
