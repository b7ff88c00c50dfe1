import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from './button';

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What happens when the action is confirmed. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** The action is running: the confirm button spins and is disabled. */
  pending?: boolean;
  onConfirm: () => void;
};

/**
 * A yes/no question before a destructive action: cancel, then a red confirm button. The browser's own modal
 * <dialog> (no Radix, so it costs a storefront page little): focus moves to the first button and stays inside, Escape
 * closes it and focus goes back to where it was; the page behind stays in the accessibility tree, inert.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  pending,
  onConfirm,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (open && !dialog?.open) dialog?.showModal();
    if (!open && dialog?.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={() => onOpenChange(false)}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-border bg-surface p-6 text-foreground shadow-2xl backdrop:bg-black/40"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-2 text-sm text-muted-foreground">{children}</div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" size="xl" onClick={() => onOpenChange(false)}>
          {cancelLabel}
        </Button>
        <Button type="button" variant="destructive" size="xl" loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
