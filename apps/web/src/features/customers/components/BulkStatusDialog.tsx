import { type BulkResult, bulkContracts, bulkSummary, TOAST_MS } from '@seamline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BulkFailures } from '../../../components/list/BulkFailures';
import { Button, Dialog, DialogContent, DialogFooter, useToast } from '../../../components/ui';
import { api, errorMessage } from '../../../lib/api-client';
import { customerQueries } from '../api';

type Props = { ids: string[]; isActive: boolean | null; onOpenChange: (open: boolean) => void; onDone: () => void };

/** Activate or deactivate the chosen customers: one confirmation, one request, a summary toast. */
export function BulkStatusDialog({ ids, isActive, onOpenChange, onDone }: Props) {
  const toast = useToast(TOAST_MS.customers);
  const client = useQueryClient();
  const [result, setResult] = useState<BulkResult | null>(null);
  const bulk = useMutation({
    mutationFn: async (activate: boolean) =>
      (await api.call(bulkContracts.customerStatus, { body: { selection: { ids }, isActive: activate } })).data,
    onSettled: () => client.invalidateQueries({ queryKey: customerQueries.all }),
  });
  if (isActive === null) return null;
  const verb = isActive ? 'activated' : 'deactivated';
  const close = (open: boolean) => {
    if (!open) setResult(null);
    onOpenChange(open);
  };
  const confirm = () =>
    bulk.mutate(isActive, {
      onSuccess: (answer) => {
        const summary = bulkSummary(answer, { one: 'customer', many: 'customers' }, verb);
        if (answer.failed) {
          toast.error(summary);
          setResult(answer);
        } else {
          toast.success(summary);
          close(false);
        }
        onDone();
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to update customers')),
    });
  const count = ids.length;
  return (
    <Dialog open onOpenChange={close}>
      <DialogContent
        title={isActive ? 'Activate Customers' : 'Deactivate Customers'}
        description={
          isActive
            ? `${count} ${count === 1 ? 'customer' : 'customers'} will be able to sign in and order again.`
            : `${count} ${count === 1 ? 'customer' : 'customers'} will be signed out and cannot sign in or order.`
        }
        size="sm"
      >
        {result ? <BulkFailures result={result} /> : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            {result ? 'Close' : 'Cancel'}
          </Button>
          {result ? null : (
            <Button variant={isActive ? 'primary' : 'destructive'} onClick={confirm} loading={bulk.isPending}>
              {isActive ? 'Activate' : 'Deactivate'} {count}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
