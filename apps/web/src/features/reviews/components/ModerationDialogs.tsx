import { rejectReviewInput, replyReviewInput, TOAST_MS } from '@seamline/shared';
import { ConfirmDialog, useToast } from '@seamline/ui';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/api-client';
import { type QueuedReview, useModerateReview, useReplyToReview } from '../api';
import { TextDialog } from './TextDialog';

export type OpenDialog = { action: 'reject' | 'hide' | 'reply'; review: QueuedReview };

/** The shared schema's first message for a text it refuses, else null. */
const messageOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
};

/** One review's dialogs: Reject asks the reason, Reply shows the reply to write or edit, Hide asks to confirm. */
export function ModerationDialogs({ dialog, onClose }: { dialog: OpenDialog | null; onClose: () => void }) {
  const toast = useToast(TOAST_MS.reviews);
  const moderate = useModerateReview();
  const reply = useReplyToReview();
  const review = dialog?.review;
  const openWith = (action: OpenDialog['action']) => dialog?.action === action;
  const close = (open: boolean) => !open && onClose();

  const hide = async () => {
    if (!review) return;
    try {
      await moderate.mutateAsync({ id: review.id, action: 'hide' });
      toast.success('Review hidden');
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to hide the review'));
    }
  };

  return (
    <>
      <TextDialog
        open={openWith('reject')}
        onOpenChange={close}
        title="Reject Review"
        description={review ? `"${review.title}" by ${review.reviewer}` : undefined}
        label="Reason (shown to the author)"
        submitLabel="Reject Review"
        destructive
        validate={(reason) => messageOf(rejectReviewInput, { reason })}
        fallbackError="Failed to reject the review."
        onSubmit={async (reason) => {
          if (!review) return;
          await moderate.mutateAsync({ id: review.id, action: 'reject', reason });
          toast.success('Review rejected');
          onClose();
        }}
      />
      <TextDialog
        open={openWith('reply')}
        onOpenChange={close}
        title={review?.storeReply ? 'Edit Reply' : 'Reply to Review'}
        description={review ? `"${review.title}" by ${review.reviewer}` : undefined}
        label="Store reply (shown under the review)"
        initial={review?.storeReply ?? ''}
        submitLabel="Save Reply"
        validate={(text) => messageOf(replyReviewInput, { reply: text })}
        fallbackError="Failed to save the reply."
        onSubmit={async (text) => {
          if (!review) return;
          await reply.mutateAsync({ id: review.id, reply: text });
          toast.success('Reply saved');
          onClose();
        }}
      />
      <ConfirmDialog
        open={openWith('hide')}
        onOpenChange={close}
        title="Hide review?"
        confirmLabel="Hide"
        pending={moderate.isPending}
        onConfirm={() => void hide()}
      >
        {review ? `"${review.title}" by ${review.reviewer} will no longer show on the product page.` : null}
      </ConfirmDialog>
    </>
  );
}
