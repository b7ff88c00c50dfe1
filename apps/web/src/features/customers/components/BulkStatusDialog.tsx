import { bulkContracts, type CustomerBulkStatusInput, TOAST_MS } from '@seamline/shared';
import { Button, Dialog, DialogContent, DialogFooter, useToast } from '@seamline/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { BulkJobProgress } from '../../../components/list/BulkJobProgress';
import { api, errorMessage } from '../../../lib/api-client';
import { customerQueries } from '../api';

type Props = {
  selection: CustomerBulkStatusInput['selection'];
  /** How many customers the action names, for the question. */
  count: number;
  isActive: boolean | null;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
};

/** Activate or deactivate the chosen customers: one confirmation, one job with a progress bar, a summary toast. */
export function BulkStatusDialog({ selection, count, isActive, onOpenChange, onDone }: Props) {
  const toast = useToast(TOAST_MS.customers);
  const [jobId, setJobId] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);
  const bulk = useMutation({
    mutationFn: async (activate: boolean) =>
      (await api.call(bulkContracts.customerStatus, { body: { selection, isActive: activate } })).data,
  });
  if (isActive === null) return null;
  const close = (open: boolean) => {
    // What was acted on is let go once the dialog of its job closes (the count stays in the dialog until then).
    if (!open && jobId) onDone();
    if (!open) {
      setJobId(null);
      setEnded(false);
    }
    onOpenChange(open);
  };
  const confirm = () =>
    bulk.mutate(isActive, {
      onSuccess: ({ job }) => setJobId(job.id),
      onError: (error) => toast.error(errorMessage(error, 'Failed to update customers')),
    });
  // The dialog stays with the job's outcome (done, or the failures with why) until it is closed.
  const end = () => setEnded(true);
  const noun = count === 1 ? 'customer' : 'customers';
  return (
    <Dialog open onOpenChange={close}>
      <DialogContent
        title={isActive ? 'Activate Customers' : 'Deactivate Customers'}
        description={
          isActive
            ? `${count} ${noun} will be able to sign in and order again.`
            : `${count} ${noun} will be signed out and cannot sign in or order.`
        }
        size="sm"
      >
        {jobId ? (
          <BulkJobProgress
            jobId={jobId}
            noun={{ one: 'customer', many: 'customers' }}
            verb={isActive ? 'activated' : 'deactivated'}
            toastMs={TOAST_MS.customers}
            refresh={customerQueries.all}
            onEnd={end}
          />
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            {ended ? 'Close' : jobId ? 'Hide' : 'Cancel'}
          </Button>
          {jobId ? null : (
            <Button variant={isActive ? 'primary' : 'destructive'} onClick={confirm} loading={bulk.isPending}>
              {isActive ? 'Activate' : 'Deactivate'} {count}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
