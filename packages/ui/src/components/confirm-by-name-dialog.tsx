import { AlertTriangle } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from './button';
import { Dialog, DialogContent, DialogFooter } from './dialog';
import { FormField } from './form-field';
import { Input } from './input';

export const NAME_MISMATCH = 'The name you entered does not match.';

/** The typed name matches when equal ignoring case and surrounding spaces. */
export const namesMatch = (typed: string, expected: string) =>
  typed.trim().toLowerCase() === expected.trim().toLowerCase();

export type ConfirmByNameDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** E.g. 'Deactivate User' / 'Delete Product'. */
  title: string;
  /** The name to type (a user's full name, a product name, …). */
  expectedName: string;
  /** Step 1 text above the input. */
  prompt?: ReactNode;
  inputLabel?: string;
  continueLabel?: string;
  /** Step 2: what will happen (a warning list, 'This action can be undone later.', …). */
  confirmDescription?: ReactNode;
  /** Step 2 button, e.g. 'Permanently Delete Product'. */
  confirmLabel: string;
  cancelLabel?: string;
  mismatchMessage?: string;
  /** Runs on the step-2 button; the dialog stays open so a failure can be shown in `error`. Close it on success. */
  onConfirm: () => void | Promise<void>;
  pending?: boolean;
  /** A failure to show inside the dialog (e.g. the server's message). */
  error?: string | null;
};

/** The two-step "type the name, Continue, then confirm" used by destructive actions (spec). */
export function ConfirmByNameDialog({
  open,
  onOpenChange,
  title,
  expectedName,
  prompt,
  inputLabel = 'Name',
  continueLabel = 'Continue',
  confirmDescription,
  confirmLabel,
  cancelLabel = 'Cancel',
  mismatchMessage = NAME_MISMATCH,
  onConfirm,
  pending,
  error,
}: ConfirmByNameDialogProps) {
  const [step, setStep] = useState<'name' | 'confirm'>('name');
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const inputId = useId();

  useEffect(() => {
    if (open) {
      setStep('name');
      setTyped('');
      setMismatch(false);
    }
  }, [open]);

  const submitName = (event: FormEvent) => {
    event.preventDefault();
    if (!namesMatch(typed, expectedName)) return setMismatch(true);
    setMismatch(false);
    setStep('confirm');
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent title={title} size="sm">
        {step === 'name' ? (
          <form onSubmit={submitName} noValidate>
            <p className="mb-4 text-sm text-slate-600">
              {prompt ?? (
                <>
                  Type <span className="font-semibold text-foreground">{expectedName}</span> to continue.
                </>
              )}
            </p>
            <FormField label={inputLabel} htmlFor={inputId} error={mismatch ? mismatchMessage : undefined}>
              <Input
                id={inputId}
                value={typed}
                autoFocus
                autoComplete="off"
                aria-invalid={mismatch || undefined}
                onChange={(event) => {
                  setTyped(event.target.value);
                  setMismatch(false);
                }}
              />
            </FormField>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                {cancelLabel}
              </Button>
              <Button type="submit" disabled={!typed.trim()}>
                {continueLabel}
              </Button>
            </DialogFooter>
          </form>
        ) : (
          <div>
            <div className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
              <AlertTriangle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
              <div className="flex flex-col gap-2">{confirmDescription ?? 'Are you sure you want to continue?'}</div>
            </div>
            {error ? (
              <p role="alert" className="mt-3 text-sm font-medium text-danger">
                {error}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
                {cancelLabel}
              </Button>
              <Button type="button" variant="destructive" loading={pending} onClick={() => void onConfirm()}>
                {confirmLabel}
              </Button>
            </DialogFooter>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
