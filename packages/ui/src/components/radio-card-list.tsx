import type { ReactNode } from 'react';
import { cn } from '../cn';

export type RadioCardOption<T extends string> = {
  value: T;
  /** The choice's name: the radio's accessible name starts with it. */
  label: ReactNode;
  /** A second line under the label (a delivery time, an address). */
  description?: ReactNode;
  /** Shown at the row's end (a price). */
  aside?: ReactNode;
  /** Shown but not choosable (its description says why). */
  disabled?: boolean;
};

export type RadioCardListProps<T extends string> = {
  /** Names the group for screen readers. */
  legend: string;
  /** Keep the legend for screen readers only, when a heading beside the list already names the choice. */
  legendHidden?: boolean;
  /** The radios' shared name. */
  name: string;
  options: readonly RadioCardOption<T>[];
  value: T | null;
  onChange: (value: T) => void;
  className?: string;
};

/**
 * One choice among a few, each a bordered row: a native radio (arrow keys move, the row's text is its name), the
 * label with an optional second line and an optional end column. The checked row's border takes the primary colour; a
 * disabled row stays visible, dimmed.
 */
export function RadioCardList<T extends string>({
  legend,
  legendHidden = false,
  name,
  options,
  value,
  onChange,
  className,
}: RadioCardListProps<T>) {
  return (
    <fieldset className={cn('space-y-2', className)}>
      <legend className={legendHidden ? 'sr-only' : 'mb-2 text-sm font-semibold'}>{legend}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={cn(
            'flex items-center gap-3 rounded-md border border-border p-3 has-checked:border-primary',
            option.disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer',
          )}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            disabled={option.disabled}
            onChange={() => onChange(option.value)}
          />
          <span className="flex-1 text-sm">
            <span className="block font-medium">{option.label}</span>
            {option.description === undefined ? null : (
              <span className="block text-muted-foreground">{option.description}</span>
            )}
          </span>
          {option.aside === undefined ? null : <span className="text-sm font-semibold">{option.aside}</span>}
        </label>
      ))}
    </fieldset>
  );
}
