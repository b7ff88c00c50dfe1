import { type TransferView, transferLineName } from '@seamline/shared';
import { Dialog, DialogContent, FormDialogActions, Input, Label } from '@seamline/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useReceiveTransfer } from '../api';

type Props = {
  /** The in-transit transfer being received; null: closed. */
  transfer: TransferView | null;
  onOpenChange: (open: boolean) => void;
  onReceived: (transfer: TransferView) => void;
};

const remainingOf = (line: TransferView['lines'][number]) => line.quantity - line.received;

/** The units that arrived per line, each defaulting to what is still expected (0 leaves a line for later). */
export function ReceiveDialog({ transfer, onOpenChange, onReceived }: Props) {
  const receive = useReceiveTransfer();
  const [counts, setCounts] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const open = transfer?.lines.filter((line) => remainingOf(line) > 0) ?? [];

  useEffect(() => {
    if (!transfer) return;
    setFailure(null);
    setCounts(Object.fromEntries(transfer.lines.map((line) => [line.id, String(remainingOf(line))])));
  }, [transfer]);

  const entries = open.map((line) => ({ line, value: Number(counts[line.id] ?? '0') }));
  const invalid = entries.find(({ line, value }) => !Number.isInteger(value) || value < 0 || value > remainingOf(line));
  const receiving = entries.filter(({ value }) => value > 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!transfer || invalid || receiving.length === 0) return;
    setFailure(null);
    try {
      const received = await receive.mutateAsync({
        id: transfer.id,
        body: { lines: receiving.map(({ line, value }) => ({ lineId: line.id, quantity: value })) },
      });
      onReceived(received);
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to receive the transfer.'));
    }
  };

  return (
    <Dialog open={transfer !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title="Receive transfer"
        description={transfer ? `${transfer.number} · ${transfer.from.name} → ${transfer.to.name}` : undefined}
        size="md"
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <ul className="flex flex-col gap-3">
            {entries.map(({ line }) => (
              <li key={line.id} className="flex items-center gap-3">
                <Label htmlFor={`receive-${line.id}`} className="flex-1">
                  {transferLineName(line)}
                  <span className="block text-xs font-normal text-muted-foreground">
                    {remainingOf(line)} of {line.quantity} still expected
                  </span>
                </Label>
                <Input
                  id={`receive-${line.id}`}
                  type="number"
                  min={0}
                  max={remainingOf(line)}
                  step={1}
                  className="w-24"
                  value={counts[line.id] ?? ''}
                  aria-invalid={invalid?.line.id === line.id}
                  onChange={(event) => setCounts((current) => ({ ...current, [line.id]: event.target.value }))}
                />
              </li>
            ))}
          </ul>
          {invalid ? (
            <p className="text-sm text-red-600">
              {`Receive 0 to ${remainingOf(invalid.line)} units of ${transferLineName(invalid.line)}`}
            </p>
          ) : null}
          <FormDialogActions
            failure={failure}
            pending={receive.isPending}
            submitLabel="Receive"
            pendingLabel="Receiving..."
            submitDisabled={Boolean(invalid) || receiving.length === 0}
            onCancel={() => onOpenChange(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
