import { TOAST_MS, type TransferView } from '@seamline/shared';
import {
  Button,
  Dialog,
  DialogContent,
  FormDialogActions,
  formatDateTime,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  useToast,
} from '@seamline/ui';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useCancelTransfer, useShipTransfer, useTransfer } from '../api';
import { ReceiveDialog } from './ReceiveDialog';
import { TransferFormDialog } from './TransferFormDialog';
import { TransferStatusBadge } from './TransferStatusBadge';

type Props = {
  /** The transfer shown; null: closed. */
  transferId: string | null;
  onOpenChange: (open: boolean) => void;
  /** The role may change stock: Edit, Ship, Receive and Cancel are offered. */
  canChange: boolean;
};

/** One transfer: its lines with what was received, and the steps its status allows. */
export function TransferDetailDialog({ transferId, onOpenChange, canChange }: Props) {
  const toast = useToast(TOAST_MS.inventory);
  const transfer = useTransfer(transferId);
  const ship = useShipTransfer();
  const cancel = useCancelTransfer();
  const [editing, setEditing] = useState(false);
  const [receiving, setReceiving] = useState<TransferView | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const view = transfer.data;

  const run = async (step: () => Promise<TransferView>, done: string, failed: string) => {
    try {
      const after = await step();
      toast.success(`${after.number} ${done}`);
    } catch (error) {
      toast.error(errorMessage(error, failed));
    }
  };

  return (
    <Dialog open={transferId !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title={view ? `Transfer ${view.number}` : 'Transfer'}
        description={view ? `${view.from.name} → ${view.to.name}` : undefined}
        size="lg"
      >
        {!view ? (
          <div className="flex flex-col gap-2" aria-busy="true">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-muted-foreground">Status</dt>
                <dd>
                  <TransferStatusBadge status={view.status} />
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Created</dt>
                <dd>{formatDateTime(view.createdAt)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Shipped</dt>
                <dd>{view.shippedAt ? formatDateTime(view.shippedAt) : '—'}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Received</dt>
                <dd>{view.receivedAt ? formatDateTime(view.receivedAt) : '—'}</dd>
              </div>
            </dl>
            {view.note ? <p className="text-sm text-slate-700">{view.note}</p> : null}
            <div className="overflow-x-auto">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Product</TableHead>
                    <TableHead>Size/Colour</TableHead>
                    <TableHead className="text-right">Units</TableHead>
                    <TableHead className="text-right">Received</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {view.lines.map((line) => (
                    <TableRow key={line.id}>
                      <TableCell className="font-medium text-slate-900">{line.productName}</TableCell>
                      <TableCell>
                        {line.size}/{line.color}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{line.quantity}</TableCell>
                      <TableCell className="text-right tabular-nums">{line.received}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            {canChange && (view.status === 'draft' || view.status === 'in_transit') ? (
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="outline" onClick={() => setCancelling(true)}>
                  Cancel transfer
                </Button>
                {view.status === 'draft' ? (
                  <>
                    <Button variant="outline" onClick={() => setEditing(true)}>
                      Edit
                    </Button>
                    <Button
                      loading={ship.isPending}
                      onClick={() => run(() => ship.mutateAsync(view.id), 'shipped', 'Failed to ship the transfer.')}
                    >
                      Ship
                    </Button>
                  </>
                ) : (
                  <Button onClick={() => setReceiving(view)}>Receive</Button>
                )}
              </div>
            ) : null}
          </div>
        )}
      </DialogContent>
      {view ? (
        <>
          <TransferFormDialog
            open={editing}
            onOpenChange={setEditing}
            transfer={view}
            onSaved={(saved) => {
              setEditing(false);
              toast.success(`${saved.number} saved`);
            }}
          />
          <ReceiveDialog
            transfer={receiving}
            onOpenChange={(open) => {
              if (!open) setReceiving(null);
            }}
            onReceived={(received) => {
              setReceiving(null);
              toast.success(
                received.status === 'received' ? `${received.number} received` : `${received.number} partly received`,
              );
            }}
          />
          <Dialog open={cancelling} onOpenChange={setCancelling}>
            <DialogContent title={`Cancel ${view.number}?`} size="sm">
              <form
                className="flex flex-col gap-4"
                onSubmit={async (event) => {
                  event.preventDefault();
                  await run(() => cancel.mutateAsync(view.id), 'cancelled', 'Failed to cancel the transfer.');
                  setCancelling(false);
                }}
              >
                <p className="text-sm text-slate-700">
                  {view.status === 'in_transit'
                    ? 'The units not yet received go back to the source location.'
                    : 'The draft is closed; no stock moves.'}
                </p>
                <FormDialogActions
                  failure={null}
                  pending={cancel.isPending}
                  submitLabel="Cancel transfer"
                  destructive
                  onCancel={() => setCancelling(false)}
                />
              </form>
            </DialogContent>
          </Dialog>
        </>
      ) : null}
    </Dialog>
  );
}
