import { REVIEW_MESSAGES, rejectReviewInput, TOAST_MS } from '@seamline/shared';
import { Button, Dialog, DialogContent, DialogFooter, FormField, Textarea, useToast } from '@seamline/ui';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { type Moderation, useBulkModerate } from '../api';

const COPY: Record<Moderation, { title: string; verb: string; button: string; effect: string }> = {
  approve: { title: 'Approve Reviews', verb: 'approved', button: 'Approve', effect: 'appear on their product pages' },
  reject: { title: 'Reject Reviews', verb: 'rejected', button: 'Reject', effect: 'be rejected; their authors see why' },
  hide: { title: 'Hide Reviews', verb: 'hidden', button: 'Hide', effect: 'be hidden from their product pages' },
};

const reviewsNoun = (n: number) => (n === 1 ? 'review' : 'reviews');

type Props = {
  action: Moderation | null;
  ids: string[];
  onOpenChange: (open: boolean) => void;
  /** The step went through: the ticked rows are let go. */
  onDone: () => void;
};

/**
 * Approve, reject (one reason for all) or hide the ticked reviews in one request. Reviews the server no longer has
 * (deleted by their authors meanwhile) come back as not found and are listed here.
 */
export function BulkModerateDialog({ action, ids, onOpenChange, onDone }: Props) {
  const toast = useToast(TOAST_MS.reviews);
  const bulk = useBulkModerate();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [notFound, setNotFound] = useState<string[] | null>(null);

  useEffect(() => {
    if (!action) return;
    setReason('');
    setError(undefined);
    setNotFound(null);
  }, [action]);

  if (!action) return null;
  const copy = COPY[action];
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let sentReason: string | undefined;
    if (action === 'reject') {
      const parsed = rejectReviewInput.safeParse({ reason });
      if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? REVIEW_MESSAGES.rejectReasonRequired);
      sentReason = parsed.data.reason;
    }
    setError(undefined);
    try {
      const result = await bulk.mutateAsync({ ids, action, reason: sentReason });
      const done = result.updated.length;
      toast.success(`${done} ${reviewsNoun(done)} ${copy.verb}`);
      onDone();
      if (result.notFound.length) setNotFound(result.notFound);
      else onOpenChange(false);
    } catch (failure) {
      toast.error(errorMessage(failure, 'Failed to moderate the reviews'));
    }
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        title={copy.title}
        description={notFound ? undefined : `${ids.length} ${reviewsNoun(ids.length)} will ${copy.effect}.`}
        size="sm"
      >
        {notFound ? (
          <div className="flex flex-col gap-4">
            <div role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
              <p className="mb-1 font-medium">
                {notFound.length} {reviewsNoun(notFound.length)} no longer exist (deleted by their authors):
              </p>
              <ul className="list-disc pl-5 font-mono text-xs">
                {notFound.map((id) => (
                  <li key={id}>{id}</li>
                ))}
              </ul>
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Done
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="flex flex-col gap-4">
            {action === 'reject' ? (
              <FormField label="Reason (shown to the authors)" htmlFor={reasonId} error={error} required>
                <Textarea
                  id={reasonId}
                  rows={3}
                  value={reason}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${reasonId}-error` : undefined}
                  onChange={(event) => setReason(event.target.value)}
                />
              </FormField>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" disabled={bulk.isPending} onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" variant={action === 'approve' ? 'primary' : 'destructive'} loading={bulk.isPending}>
                {copy.button} {ids.length}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
