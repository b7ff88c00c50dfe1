import { FormField, Select } from '@seamline/ui';

type Variant = { size: string; color: string };

const unique = (values: string[]) => [...new Set(values)].map((value) => ({ value, label: value }));

/** The stock row of one size/color, if the product has it. */
export function findVariant<R extends Variant>(inventory: readonly R[], size: string, color: string): R | undefined {
  return inventory.find((row) => row.size === size && row.color === color);
}

/** Whether the product already has this size/color, compared case-insensitively as the server does. */
export function hasVariant(inventory: readonly Variant[], size: string, color: string): boolean {
  return inventory.some(
    (row) => row.size.toLowerCase() === size.toLowerCase() && row.color.toLowerCase() === color.toLowerCase(),
  );
}

/**
 * Size and color of an existing variant, for the stock dialogs of the product and inventory screens: the colors
 * offered are those of the chosen size.
 */
export function VariantPicker({
  inventory,
  size,
  color,
  onSizeChange,
  onColorChange,
  idPrefix,
}: {
  inventory: readonly Variant[];
  size: string;
  color: string;
  onSizeChange: (size: string) => void;
  onColorChange: (color: string) => void;
  /** Ids of the two selects: `${idPrefix}-size` and `${idPrefix}-color`. */
  idPrefix: string;
}) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <FormField label="Size" htmlFor={`${idPrefix}-size`}>
        <Select
          id={`${idPrefix}-size`}
          placeholder="Select size"
          options={unique(inventory.map((row) => row.size))}
          value={size}
          onChange={(event) => onSizeChange(event.target.value)}
        />
      </FormField>
      <FormField label="Color" htmlFor={`${idPrefix}-color`}>
        <Select
          id={`${idPrefix}-color`}
          placeholder="Select color"
          options={unique(inventory.filter((row) => !size || row.size === size).map((row) => row.color))}
          value={color}
          onChange={(event) => onColorChange(event.target.value)}
        />
      </FormField>
    </div>
  );
}
