import { COLORS, newInventoryRow, SIZES } from '@seamline/shared';
import { Button, Input, Select } from '@seamline/ui';
import { Plus, Trash2 } from 'lucide-react';
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { parseNumber } from '../product-rules';
import type { ProductFormValues } from './product-form';

const withCurrent = (list: readonly string[], current: string | undefined) =>
  (current && !list.includes(current) ? [current, ...list] : list).map((value) => ({ value, label: value }));

/** The combinations editor: size, color, quantity and low-stock threshold per row; Add Combination / Remove. */
export function InventoryEditor({
  control,
  register,
  errors,
  values,
}: {
  control: Control<ProductFormValues>;
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
  values: ProductFormValues['inventory'];
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'inventory' });
  return (
    <div className="flex flex-col gap-2">
      {fields.length ? (
        <div className="grid grid-cols-[1fr_1fr_90px_90px_70px_36px] gap-2 text-xs font-medium text-slate-500">
          <span>Size</span>
          <span>Color</span>
          <span>Quantity</span>
          <span>Low stock at</span>
          <span>Reserved</span>
          <span />
        </div>
      ) : (
        <p className="text-sm text-slate-500">No combinations yet.</p>
      )}
      {fields.map((field, index) => {
        const rowErrors = errors.inventory?.[index];
        return (
          <div key={field.id} className="flex flex-col gap-1">
            <div className="grid grid-cols-[1fr_1fr_90px_90px_70px_36px] items-center gap-2">
              <Select
                aria-label={`Size of combination ${index + 1}`}
                options={withCurrent(SIZES, values?.[index]?.size)}
                {...register(`inventory.${index}.size`)}
              />
              <Select
                aria-label={`Color of combination ${index + 1}`}
                options={withCurrent(COLORS, values?.[index]?.color)}
                {...register(`inventory.${index}.color`)}
              />
              <Input
                type="number"
                min={0}
                step={1}
                aria-label={`Quantity of combination ${index + 1}`}
                aria-invalid={rowErrors?.quantity ? true : undefined}
                {...register(`inventory.${index}.quantity`, { setValueAs: parseNumber })}
              />
              <Input
                type="number"
                min={0}
                step={1}
                aria-label={`Low stock threshold of combination ${index + 1}`}
                {...register(`inventory.${index}.lowStockThreshold`, { setValueAs: parseNumber })}
              />
              <span className="text-center text-sm text-slate-500">{values?.[index]?.reserved ?? 0}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove combination ${index + 1}`}
                onClick={() => remove(index)}
              >
                <Trash2 className="text-red-600" />
              </Button>
            </div>
            {rowErrors?.quantity?.message || rowErrors?.lowStockThreshold?.message ? (
              <p role="alert" className="text-xs text-red-600">
                {rowErrors.quantity?.message ?? rowErrors.lowStockThreshold?.message}
              </p>
            ) : null}
          </div>
        );
      })}
      <div>
        <Button type="button" variant="outline" size="sm" onClick={() => append(newInventoryRow())}>
          <Plus /> Add Combination
        </Button>
      </div>
    </div>
  );
}
