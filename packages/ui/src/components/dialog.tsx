import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { type ComponentProps, type ReactNode, useRef } from 'react';
import { cn } from '../cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  title: ReactNode;
  description?: ReactNode;
  /** sm 28rem, md 32rem (default), lg 42rem, xl 56rem. */
  size?: 'sm' | 'md' | 'lg' | 'xl';
};

const widths = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' };

/** A centred modal with a title, optional description and a close button; the body scrolls when tall. */
export function DialogContent({
  title,
  description,
  size = 'md',
  className,
  children,
  onCloseAutoFocus,
  ref,
  ...props
}: DialogContentProps) {
  // The screens open dialogs from state, not a DialogTrigger, so Radix has no trigger to refocus on close: remember
  // what had focus outside the dialog when it opened (read while rendering, before a field inside takes focus with
  // autoFocus) and give focus back to it on close, or to the page if that control is gone.
  const opener = useRef<HTMLElement | null>(null);
  const content = useRef<HTMLDivElement | null>(null);
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body && !content.current?.contains(active))
    opener.current = active;
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[2px] data-[state=open]:animate-in" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl border border-border bg-surface shadow-2xl focus:outline-none',
          widths[size],
          className,
        )}
        aria-describedby={description ? undefined : props['aria-describedby']}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          event.preventDefault();
          const target = opener.current?.isConnected ? opener.current : document.querySelector<HTMLElement>('main');
          target?.focus();
        }}
        {...props}
        ref={(node) => {
          content.current = node;
          if (typeof ref === 'function') ref(node);
          else if (ref) ref.current = node;
        }}
      >
        <div className="flex flex-col gap-1 border-b border-slate-100 py-4 pr-14 pl-6">
          <DialogPrimitive.Title className="text-base font-semibold text-foreground">{title}</DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className="text-sm text-muted-foreground">
              {description}
            </DialogPrimitive.Description>
          ) : null}
        </div>
        <div className="overflow-y-auto px-6 py-5">{children}</div>
        {/* Last in the DOM so opening the dialog focuses its first field, not the close button. */}
        <DialogPrimitive.Close
          className="absolute top-3.5 right-4 cursor-pointer rounded-md p-1.5 text-subtle-foreground transition-colors hover:bg-muted hover:text-slate-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus-ring"
          aria-label="Close"
        >
          <X className="size-4" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** Buttons at the bottom of a dialog body, right-aligned. */
export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mt-6 flex flex-wrap items-center justify-end gap-2', className)} {...props} />;
}
