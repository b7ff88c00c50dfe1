import {
  type BulkResult,
  bulkSummary,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
  TOAST_MS,
} from '@seamline/shared';
import { useState } from 'react';
import { BulkFailures } from '../../../components/list/BulkFailures';
import { Button, Dialog, DialogContent, DialogFooter, FormField, Select, useToast } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { useBulkOrderStatus } from '../bulk-api';
import { capitalize } from '../order-display';
import type { OrderFilter } from '../order-filters';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** How many orders the action names, for the question. */
  count: number;
  selection: { ids: string[] } | { filter: OrderFilter & { search?: string } };
  onDone: () => void;
};

/** One confirmation, one request: every chosen order moves through the status change; the failures stay listed. */
export function BulkStatusDialog({ open, onOpenChange, count, selection, onDone }: Props) {
  const toast = useToast(TOAST_MS.orders);
  const bulk = useBulkOrderStatus();
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [paymentStatus, setPaymentStatus] = useState<PaymentStatus | ''>('');
  const [result, setResult] = useState<BulkResult | null>(null);
  const close = (next: boolean) => {
    if (!next) {
      setResult(null);
      setStatus('');
      setPaymentStatus('');
    }
    onOpenChange(next);
  };
  const confirm = () => {
    if (!status) return;
    bulk.mutate(
      { selection, status, ...(paymentStatus ? { paymentStatus } : {}) },
      {
        onSuccess: (answer) => {
          const summary = bulkSummary(answer, { one: 'order', many: 'orders' }, 'updated');
          if (answer.failed) toast.error(summary);
          else toast.success(summary);
          onDone();
          if (answer.failed) setResult(answer);
          else close(false);
        },
        onError: (error) => toast.error(errorMessage(error, 'Failed to update orders')),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title="Change Status"
        description={`Move ${count} ${count === 1 ? 'order' : 'orders'} to a new status. Each order follows the usual stock and payment rules.`}
      >
        {result ? (
          <BulkFailures result={result} />
        ) : (
          <div className="flex flex-col gap-4">
            <FormField label="New status" htmlFor="bulk-order-status" required>
              <Select
                id="bulk-order-status"
                value={status}
                placeholder="Select a status"
                options={ORDER_STATUSES.map((value) => ({ value, label: capitalize(value) }))}
                onChange={(event) => setStatus(event.target.value as OrderStatus | '')}
              />
            </FormField>
            <FormField label="Payment status" htmlFor="bulk-payment-status">
              <Select
                id="bulk-payment-status"
                value={paymentStatus}
                placeholder="Keep each order's payment status"
                options={PAYMENT_STATUSES.map((value) => ({ value, label: capitalize(value.replace('_', ' ')) }))}
                onChange={(event) => setPaymentStatus(event.target.value as PaymentStatus | '')}
              />
            </FormField>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            {result ? 'Close' : 'Cancel'}
          </Button>
          {result ? null : (
            <Button onClick={confirm} disabled={!status} loading={bulk.isPending}>
              Update {count} {count === 1 ? 'Order' : 'Orders'}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
