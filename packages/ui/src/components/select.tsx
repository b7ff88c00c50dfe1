import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../cn';
import { controlHeights, fieldClasses } from './input';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = ComponentProps<'select'> & {
  /** The choices; alternatively pass <option> children. */
  options?: readonly SelectOption[];
  /** A first, empty choice (e.g. 'Select a category'). */
  placeholder?: string;
  controlSize?: keyof typeof controlHeights;
};

/** A styled native select: accessible, works with react-hook-form's register and on touch devices. */
export function Select({ className, options, placeholder, controlSize = 'md', children, ...props }: SelectProps) {
  return (
    <div className={cn('relative', className)}>
      <select
        className={cn(fieldClasses, controlHeights[controlSize], 'cursor-pointer appearance-none pr-9 pl-3')}
        {...props}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options?.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-subtle-foreground"
        aria-hidden
      />
    </div>
  );
}
