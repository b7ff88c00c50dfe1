import { SIZES, STOREFRONT_FILTER_COLORS } from '@seamline/shared';
import { Button, chipClasses, Input, Select } from '@seamline/ui';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId } from 'react';
import { Swatch } from '../../../components/browse/Swatch';
import { activeFilterCount, type BrowseScope, type BrowseState } from '../../../lib/browse-url';
import { browseQueries } from '../api';

type Props = { state: BrowseState; scope: BrowseScope; onChange: (next: Partial<BrowseState>) => void };

const toggle = (values: string[], value: string) =>
  values.includes(value) ? values.filter((v) => v !== value) : [...values, value];

type ChipGroupProps = {
  legend: string;
  options: readonly string[];
  selected: string[];
  onToggle: (option: string) => void;
  swatches?: boolean;
};

/** Options as checkbox chips (several may be chosen), under a legend. */
function ChipGroup({ legend, options, selected, onToggle, swatches = false }: ChipGroupProps) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option} className={chipClasses}>
            <input
              type="checkbox"
              className="sr-only"
              checked={selected.includes(option)}
              onChange={() => onToggle(option)}
            />
            {swatches ? <Swatch color={option} /> : null}
            {option}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The listing's filters. Every change is a new URL (page 1), so the back button steps through them; the price range
 * applies on "Apply" (or Enter), not on every keystroke.
 */
export function FilterPanel({ state, scope, onChange }: Props) {
  const colors = [...new Set([...STOREFRONT_FILTER_COLORS, ...state.colors])];
  const brands = useQuery({ ...browseQueries.brands(), enabled: scope.kind !== 'brand' });
  const priceId = useId();
  const applyPrice = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onChange({ min: String(data.get('min') ?? ''), max: String(data.get('max') ?? '') });
  };

  return (
    <div className="space-y-6">
      <ChipGroup
        legend="Size"
        options={SIZES}
        selected={state.sizes}
        onToggle={(size) => onChange({ sizes: toggle(state.sizes, size) })}
      />
      <ChipGroup
        legend="Color"
        options={colors}
        selected={state.colors}
        onToggle={(color) => onChange({ colors: toggle(state.colors, color) })}
        swatches
      />

      <form onSubmit={applyPrice} aria-labelledby={`${priceId}-legend`} key={`${state.min}-${state.max}`}>
        <p id={`${priceId}-legend`} className="mb-2 text-sm font-semibold">
          Price
        </p>
        <div className="flex items-end gap-2">
          <label className="flex-1 text-xs text-stone-600">
            Min ($)
            <Input name="min" inputMode="decimal" defaultValue={state.min} className="mt-1" />
          </label>
          <label className="flex-1 text-xs text-stone-600">
            Max ($)
            <Input name="max" inputMode="decimal" defaultValue={state.max} className="mt-1" />
          </label>
          <Button type="submit" variant="outline" size="lg">
            Apply
          </Button>
        </div>
      </form>

      {scope.kind === 'brand' ? null : (
        <label className="block text-sm font-semibold">
          Brand
          <Select
            value={state.brand}
            onChange={(event) => onChange({ brand: event.target.value })}
            className="mt-2 font-normal"
          >
            <option value="">All brands</option>
            {brands.data
              ?.filter((brand) => brand.productCount > 0 || brand.name === state.brand)
              .map((brand) => (
                <option key={brand.id} value={brand.name}>
                  {brand.name}
                </option>
              ))}
          </Select>
        </label>
      )}

      <label className="flex items-center gap-2 text-sm font-semibold">
        <input
          type="checkbox"
          checked={state.inStock}
          onChange={(event) => onChange({ inStock: event.target.checked })}
          className="size-4 accent-ink"
        />
        In stock only
      </label>

      {activeFilterCount(state) ? (
        <Button
          type="button"
          variant="inline"
          onClick={() => onChange({ sizes: [], colors: [], brand: '', min: '', max: '', inStock: false })}
        >
          Clear all filters
        </Button>
      ) : null}
    </div>
  );
}
