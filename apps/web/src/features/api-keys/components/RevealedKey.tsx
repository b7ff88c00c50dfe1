import { Button, DialogFooter, Input, Notice } from '@seamline/ui';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';

/** The new key, once: a copy button and the warning that it cannot be shown again. */
export function RevealedKey({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <Notice tone="info">
        This is the only time the key is shown. Copy it now and keep it somewhere safe: only its hash is stored, so if
        it is lost, revoke it and create a new one.
      </Notice>
      <div className="flex items-center gap-2">
        <Input
          readOnly
          aria-label="New API key"
          value={secret}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 font-mono text-xs"
        />
        <Button type="button" variant="outline" onClick={copy}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />} {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      {copied === false ? (
        <p role="alert" className="text-sm font-medium text-red-600">
          Copying failed: select the key and copy it by hand.
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </div>
  );
}
