import type { ComponentProps } from 'react';
import { cn } from '../cn';

export type HeartToggleProps = Omit<ComponentProps<'button'>, 'onClick' | 'aria-pressed' | 'aria-label'> & {
  pressed: boolean;
  onPressedChange: (pressed: boolean) => void;
  /** The button's name in each state, e.g. "Add to wishlist" / "Remove from wishlist". */
  labels: { off: string; on: string };
};

/**
 * A heart that is a toggle button (aria-pressed), filled when on: a 44 px tap target with the heart drawn inline
 * (an icon library's runtime would cost a storefront page's first load). The name says what a press does.
 */
export function HeartToggle({
  pressed,
  onPressedChange,
  labels,
  className,
  type = 'button',
  ...props
}: HeartToggleProps) {
  const label = pressed ? labels.on : labels.off;
  return (
    <button
      {...props}
      type={type}
      aria-pressed={pressed}
      aria-label={label}
      title={label}
      onClick={() => onPressedChange(!pressed)}
      className={cn(
        'inline-grid size-11 shrink-0 cursor-pointer place-items-center rounded-full text-foreground transition-colors',
        'hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus-ring',
        'disabled:pointer-events-none disabled:opacity-50',
        className,
      )}
    >
      <svg
        viewBox="0 0 24 24"
        className={cn('size-5', pressed ? 'fill-danger text-danger' : 'fill-none')}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
      >
        <path d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z" />
      </svg>
    </button>
  );
}
