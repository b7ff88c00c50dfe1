import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../cn';

export const buttonVariants = cva(
  'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-control text-sm font-control transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus-ring focus-visible:ring-offset-2 focus-visible:ring-offset-surface disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover active:bg-primary-active',
        secondary: 'bg-muted text-foreground hover:bg-muted-hover',
        outline:
          'border border-outline-border bg-surface text-outline-foreground shadow-sm hover:bg-outline-hover hover:text-foreground',
        ghost: 'text-slate-600 hover:bg-muted hover:text-foreground',
        destructive: 'bg-danger text-danger-foreground shadow-sm hover:bg-danger-hover active:bg-danger-active',
        link: 'h-auto px-0 text-primary underline-offset-4 hover:text-primary-hover hover:underline',
        // Underlined text in running text or a row of details ('Edit', 'Remove'): no box, no padding.
        inline: 'font-normal underline underline-offset-4 hover:text-muted-foreground',
      },
      // xl is the 44 px tap target of touch screens (the shop's forms and checkout).
      size: { sm: 'h-8 px-3 text-xs', md: 'h-9 px-4', lg: 'h-10 px-5', xl: 'h-11 px-5', icon: 'size-9' },
      fullWidth: { true: 'w-full', false: '' },
    },
    // An inline button takes the height of its text (the sizes' heights and padding would make it a box).
    compoundVariants: [{ variant: 'inline', class: 'h-auto px-0' }],
    defaultVariants: { variant: 'primary', size: 'md', fullWidth: false },
  },
);

/** lucide's loader-circle drawn inline: the icon library's runtime would cost a storefront page's first load. */
function Spinner() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="animate-spin"
      aria-hidden
    >
      <path d="M21 12a9 9 0 1 1-6.219-8.56" />
    </svg>
  );
}

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (e.g. a router Link) with the button's look. */
    asChild?: boolean;
    /** Shows a spinner and disables the button. */
    loading?: boolean;
  };

export function Button({
  className,
  variant,
  size,
  fullWidth,
  asChild,
  loading,
  disabled,
  children,
  ...props
}: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size, fullWidth }), className);
  // Slot needs exactly one child element: no spinner slot beside it, or it throws while rendering.
  if (asChild)
    return (
      <Slot className={classes} aria-busy={loading || undefined} {...props}>
        {children}
      </Slot>
    );
  return (
    <button className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...props}>
      {loading ? <Spinner /> : null}
      {children}
    </button>
  );
}
