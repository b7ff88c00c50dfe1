import {
  approveReturnInput,
  declineReturnInput,
  defaultRefund,
  type OrderView,
  type ReturnRequestView,
  TOAST_MS,
} from '@seamline/shared';
import {
  Button,
  Dialog,
  DialogContent,
  DialogFooter,
  FormField,
  formatMoney,
  Input,
  Select,
  Textarea,
  useToast,
} from '@seamline/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { useStockLocations } from '../../../components/stock-locations';
import { errorMessage } from '../../../lib/api-client';
import { useApproveReturn, useDeclineReturn } from '../api';
import { variantLabel } from '../order-display';

type DialogProps = {
  order: OrderView;
  request: ReturnRequestView | null;
  /** What can still be refunded on this order (paid minus refunded). */
  refundable: number;
  onOpenChange: (open: boolean) => void;
  /** The order as the decision left it (it may have left the current list, e.g. under "Open returns"). */
  onOrderChange: (order: OrderView) => void;
};

const firstIssue = (error: { issues: { message: string }[] } | undefined) => error?.issues[0]?.message;

/**
 * Approve a return in two steps: choose the refund (default: the lines' value, capped at what is refundable), the
 * units to restock per line (default: all) and, with two or more locations, where they go back (default: each line's
 * own location), then confirm what will happen.
 */
export function ApproveReturnDialog({ order, request, refundable, onOpenChange, onOrderChange }: DialogProps) {
  const toast = useToast(TOAST_MS.orders);
  const approve = useApproveReturn();
  const [amount, setAmount] = useState('');
  const [restock, setRestock] = useState<Record<string, string>>({});
  const locations = useStockLocations(request !== null);
  /** '' = each line's own location (nothing sent). */
  const [restockAt, setRestockAt] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!request) return;
    setAmount(defaultRefund(request.value, refundable).toFixed(2));
    setRestock(Object.fromEntries(request.items.map((item) => [item.itemId, String(item.quantity)])));
    setRestockAt('');
    setConfirming(false);
    setError(undefined);
  }, [request, refundable]);

  const parsed = approveReturnInput.safeParse({
    refundAmount: amount,
    restock: Object.entries(restock).map(([itemId, quantity]) => ({ itemId, quantity })),
    ...(restockAt ? { restockLocationId: restockAt } : {}),
  });
  const restockAtName = locations.find((location) => location._id === restockAt)?.name;
  const restockUnits = parsed.success ? (parsed.data.restock ?? []).reduce((sum, line) => sum + line.quantity, 0) : 0;

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success) return setError(firstIssue(parsed.error));
    if ((parsed.data.refundAmount ?? 0) > refundable)
      return setError(`The refund cannot exceed ${refundable.toFixed(2)} (paid minus already refunded).`);
    setError(undefined);
    setConfirming(true);
  };

  const confirm = async () => {
    if (!request || !parsed.success) return;
    try {
      const { data } = await approve.mutateAsync({ id: request.id, body: parsed.data });
      onOrderChange(data.order);
      toast.success(`Return approved: ${formatMoney(parsed.data.refundAmount ?? 0)} refunded.`);
      onOpenChange(false);
    } catch (failure) {
      toast.error(errorMessage(failure, 'Failed to approve the return.'));
      setConfirming(false);
    }
  };

  return (
    <Dialog open={request !== null} onOpenChange={onOpenChange}>
      <DialogContent title="Approve Return" description={order.orderNumber} size="md">
        {request && !confirming ? (
          <form onSubmit={next} noValidate className="flex flex-col gap-4">
            <FormField
              label="Refund amount ($)"
              htmlFor="return-refund"
              error={error}
              hint={`Items' value ${formatMoney(request.value)} · refundable ${formatMoney(refundable)}`}
            >
              <Input
                id="return-refund"
                inputMode="decimal"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
              />
            </FormField>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium text-slate-900">Units to restock</legend>
              {request.items.map((item) => (
                <FormField
                  key={item.itemId}
                  label={`${item.productName} (${variantLabel(item)}) · returned ${item.quantity}`}
                  htmlFor={`restock-${item.itemId}`}
                >
                  <Input
                    id={`restock-${item.itemId}`}
                    type="number"
                    min={0}
                    max={item.quantity}
                    value={restock[item.itemId] ?? ''}
                    onChange={(event) => setRestock((current) => ({ ...current, [item.itemId]: event.target.value }))}
                  />
                </FormField>
              ))}
            </fieldset>
            {locations.length > 0 ? (
              <FormField label="Restock at" htmlFor="return-restock-at">
                <Select
                  id="return-restock-at"
                  placeholder="Each line's own location"
                  options={locations.map((location) => ({ value: location._id, label: location.name }))}
                  value={restockAt}
                  onChange={(event) => setRestockAt(event.target.value)}
                />
              </FormField>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit">Continue</Button>
            </DialogFooter>
          </form>
        ) : request && parsed.success ? (
          <div className="flex flex-col gap-4 text-sm text-slate-700">
            <p>
              Refund <strong>{formatMoney(parsed.data.refundAmount ?? 0)}</strong> through the payment provider and put{' '}
              <strong>
                {restockUnits} {restockUnits === 1 ? 'unit' : 'units'}
              </strong>{' '}
              back in stock{restockAtName ? ` at ${restockAtName}` : ''}? This cannot be undone.
            </p>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
                Back
              </Button>
              <Button type="button" onClick={confirm} disabled={approve.isPending}>
                {approve.isPending ? 'Approving...' : 'Confirm Approval'}
              </Button>
            </DialogFooter>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** Decline a return with the reason the customer will see. */
export function DeclineReturnDialog({ order, request, onOpenChange, onOrderChange }: Omit<DialogProps, 'refundable'>) {
  const toast = useToast(TOAST_MS.orders);
  const decline = useDeclineReturn();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();

  // A fresh form for each return opened.
  useEffect(() => {
    if (!request) return;
    setReason('');
    setError(undefined);
  }, [request]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!request) return;
    const parsed = declineReturnInput.safeParse({ reason });
    if (!parsed.success) return setError(firstIssue(parsed.error));
    try {
      const { data } = await decline.mutateAsync({ id: request.id, reason: parsed.data.reason });
      onOrderChange(data.order);
      toast.success('Return declined.');
      onOpenChange(false);
    } catch (failure) {
      toast.error(errorMessage(failure, 'Failed to decline the return.'));
    }
  };

  return (
    <Dialog open={request !== null} onOpenChange={onOpenChange}>
      <DialogContent title="Decline Return" description={order.orderNumber} size="sm">
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField label="Reason" htmlFor="return-decline-reason" error={error} required>
            <Textarea
              id="return-decline-reason"
              rows={3}
              value={reason}
              aria-invalid={error ? true : undefined}
              onChange={(event) => setReason(event.target.value)}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={decline.isPending}>
              {decline.isPending ? 'Declining...' : 'Decline Return'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
