import type { ApiKeyView } from '@seamline/shared';
import { Button, Dialog, DialogContent, DialogFooter } from '@seamline/ui';
import { useEffect } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useRevokeApiKey } from '../api';

export type RevokeApiKeyDialogProps = {
  /** The key to revoke; null closes the dialog. */
  apiKey: ApiKeyView | null;
  onClose: () => void;
  onRevoked: (key: ApiKeyView) => void;
};

/** Revoking asks first: the key stops working on its next call, for good. */
export function RevokeApiKeyDialog({ apiKey, onClose, onRevoked }: RevokeApiKeyDialogProps) {
  const revoke = useRevokeApiKey();
  const { reset } = revoke;
  useEffect(() => {
    if (apiKey) reset();
  }, [apiKey, reset]);

  const confirm = async () => {
    if (!apiKey) return;
    try {
      await revoke.mutateAsync(apiKey.id);
      onClose();
      onRevoked(apiKey);
    } catch {
      // Shown inside the dialog from the mutation's error.
    }
  };

  return (
    <Dialog open={apiKey !== null} onOpenChange={(open) => !open && !revoke.isPending && onClose()}>
      <DialogContent
        title="Revoke API key"
        description={
          apiKey
            ? `"${apiKey.name}" (${apiKey.prefix}) stops working at once, on its next call. This cannot be undone.`
            : undefined
        }
      >
        {revoke.error ? (
          <p role="alert" className="text-sm font-medium text-red-600">
            {errorMessage(revoke.error, 'Failed to revoke the API key.')}
          </p>
        ) : null}
        <DialogFooter className="mt-2">
          <Button type="button" variant="outline" disabled={revoke.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button type="button" variant="destructive" loading={revoke.isPending} onClick={confirm}>
            Revoke key
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
