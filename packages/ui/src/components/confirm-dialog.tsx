import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogContent, DialogFooter } from './dialog';

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

/** A yes/no question before a destructive action: a cancel and a red confirm button. */
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
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} size="sm">
        <div className="text-sm text-muted-foreground">{children}</div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {cancelLabel}
          </Button>
          <Button type="button" variant="destructive" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
