import { Dialog, DialogContent, FormDialogActions, FormField, Textarea } from '@seamline/ui';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  label: string;
  /** The text the field starts with (an earlier reply to edit). */
  initial?: string;
  submitLabel: string;
  destructive?: boolean;
  /** The shared schema's message for a text it refuses, or null when the text may be sent. */
  validate: (text: string) => string | null;
  /** Sends the text; a refusal stays in the dialog, the dialog closes on success. */
  onSubmit: (text: string) => Promise<unknown>;
  fallbackError: string;
};

/** A dialog asking for one text (a reject reason, the store's reply), validated by the shared schema before sending. */
export function TextDialog(props: Props) {
  const { open, onOpenChange, title, description, label, initial = '', validate, onSubmit } = props;
  const id = useId();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  // A fresh form each time the dialog opens.
  useEffect(() => {
    if (!open) return;
    setText(initial);
    setError(undefined);
    setFailure(null);
  }, [open, initial]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validate(text);
    setError(problem ?? undefined);
    if (problem) return;
    setFailure(null);
    setPending(true);
    try {
      await onSubmit(text.trim());
    } catch (refusal) {
      setFailure(errorMessage(refusal, props.fallbackError));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description} size="md">
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField label={label} htmlFor={id} error={error} required>
            <Textarea
              id={id}
              rows={4}
              value={text}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setText(event.target.value)}
            />
          </FormField>
          <FormDialogActions
            failure={failure}
            pending={pending}
            submitLabel={props.submitLabel}
            destructive={props.destructive}
            onCancel={() => onOpenChange(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
