import { Button, Dialog, DialogContent, DialogFooter, Input, Notice } from '@seamline/ui';
import { Copy } from 'lucide-react';
import { useState } from 'react';

type Props = {
  /** The secret to show; null closes the dialog. */
  secret: string | null;
  onClose(): void;
};

/** The signing secret, shown this once (after adding an endpoint or rotating its secret), with a copy button. */
export function SecretDialog({ secret, onClose }: Props) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!secret) return;
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  };
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
    >
      <DialogContent title="Signing Secret">
        <div className="flex flex-col gap-4">
          <Notice tone="info">
            Copy this secret now: it is shown only once. Your receiver uses it to check the webhook-signature header of
            every delivery.
          </Notice>
          <div className="flex items-center gap-2">
            <Input readOnly aria-label="Signing secret" value={secret ?? ''} className="font-mono text-xs" />
            <Button type="button" variant="outline" onClick={copy}>
              <Copy className="size-4" aria-hidden /> {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
        </div>
        <DialogFooter>
          <Button
            type="button"
            onClick={() => {
              setCopied(false);
              onClose();
            }}
          >
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
