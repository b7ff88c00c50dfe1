import { ORDER_STATUSES, type OrderStatus, PAYMENT_STATUSES, type PaymentStatus, TOAST_MS } from '@seamline/shared';
import { Button, capitalize, Dialog, DialogContent, DialogFooter, FormField, Select, useToast } from '@seamline/ui';
import { useState } from 'react';
import { BulkJobProgress } from '../../../components/list/BulkJobProgress';
import { errorMessage } from '../../../lib/api-client';
import { orderQueries } from '../api';
import { useBulkOrderStatus } from '../bulk-api';
import type { OrderFilter } from '../order-filters';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** How many orders the action names, for the question. */
  count: number;
  selection: { ids: string[] } | { filter: OrderFilter & { search?: string } };
  onDone: () => void;
};

/**
 * One confirmation, one job: every chosen order moves through the status change while a progress bar follows it; a
 * summary toast ends it and the failures stay listed.
 */
export function BulkStatusDialog({ open, onOpenChange, count, selection, onDone }: Props) {
  const toast = useToast(TOAST_MS.orders);
  const bulk = useBulkOrderStatus();
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [paymentStatus, setPaymentStatus] = useState<PaymentStatus | ''>('');
  const [jobId, setJobId] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);
  const close = (next: boolean) => {
    // What was acted on is let go once the dialog of its job closes (the count stays in the dialog until then).
    if (!next && jobId) onDone();
    if (!next) {
      setJobId(null);
      setEnded(false);
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
        onSuccess: ({ job }) => setJobId(job.id),
        onError: (error) => toast.error(errorMessage(error, 'Failed to update orders')),
      },
    );
  };
  // The dialog stays with the job's outcome (done, or the failures with why) until it is closed.
  const end = () => setEnded(true);
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title="Change Status"
        description={`Move ${count} ${count === 1 ? 'order' : 'orders'} to a new status. Each order follows the usual stock and payment rules.`}
      >
        {jobId ? (
          <BulkJobProgress
            jobId={jobId}
            noun={{ one: 'order', many: 'orders' }}
            verb="updated"
            toastMs={TOAST_MS.orders}
            refresh={orderQueries.all}
            onEnd={end}
          />
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
            {ended ? 'Close' : jobId ? 'Hide' : 'Cancel'}
          </Button>
          {jobId ? null : (
            <Button onClick={confirm} disabled={!status} loading={bulk.isPending}>
              Update {count} {count === 1 ? 'Order' : 'Orders'}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
