import type { ReactNode } from 'react';
import { Button } from './button';
import { DialogFooter } from './dialog';

export type FormDialogActionsProps = {
  /** The server's refusal of the last submission, announced to screen readers; null hides it. */
  failure: string | null;
  /** While the submission is on its way: a spinner on the submit button, and neither button can be pressed. */
  pending: boolean;
  submitLabel: ReactNode;
  /** Replaces the submit label while pending (e.g. "Updating..."), when the screen asks for one. */
  pendingLabel?: ReactNode;
  onCancel: () => void;
  /** The form cannot be sent yet (e.g. a required field is empty). */
  submitDisabled?: boolean;
  /** The submission gives something away (money, access): the button says so by its colour. */
  destructive?: boolean;
};

/** A dialog form's end: what went wrong, then Cancel and the submit button. */
export function FormDialogActions({
  failure,
  pending,
  submitLabel,
  pendingLabel,
  onCancel,
  submitDisabled = false,
  destructive = false,
}: FormDialogActionsProps) {
  return (
    <>
      {failure ? (
        <p role="alert" className="text-sm font-medium text-red-600">
          {failure}
        </p>
      ) : null}
      <DialogFooter className="mt-2">
        <Button type="button" variant="outline" disabled={pending} onClick={onCancel}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant={destructive ? 'destructive' : 'primary'}
          disabled={submitDisabled}
          loading={pending}
        >
          {pending && pendingLabel ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </>
  );
}
