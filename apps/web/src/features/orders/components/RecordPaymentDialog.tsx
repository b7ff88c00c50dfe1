import { zodResolver } from '@hookform/resolvers/zod';
import {
  type OrderView,
  PAYMENT_METHOD_LABELS,
  type RecordPaymentValues,
  recordPaymentInput,
  TOAST_MS,
} from '@seamline/shared';
import {
  Dialog,
  DialogContent,
  FormDialogActions,
  FormField,
  formatMoney,
  Input,
  Textarea,
  useToast,
} from '@seamline/ui';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../lib/api-client';
import { useRecordPayment } from '../api';

type Props = {
  order: OrderView | null;
  onOpenChange: (open: boolean) => void;
  /** The order as it stands after the payment (paid once the recorded money reaches its total). */
  onRecorded?: (order: OrderView) => void;
};

/** Cash on delivery and bank transfer are paid outside any provider: staff record the money when it arrives. */
export function recordsPayments(order: OrderView): boolean {
  const offline = order.paymentMethod === 'cash' || order.paymentMethod === 'bank_transfer';
  const open = order.status !== 'cancelled' && order.status !== 'refunded';
  return offline && open && (order.paymentStatus === 'pending' || order.paymentStatus === 'failed');
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Record payment: the amount received (part payments add up; the order is paid when they reach its total), the day it
 * arrived, the bank's reference and a note. The server refuses more than is still owed.
 */
export function RecordPaymentDialog({ order, onOpenChange, onRecorded }: Props) {
  const toast = useToast(TOAST_MS.orders);
  const record = useRecordPayment();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RecordPaymentValues>({ resolver: zodResolver(recordPaymentInput) });
  const { errors } = form.formState;

  useEffect(() => {
    if (order) {
      setFailure(null);
      form.reset({ amount: order.total, receivedAt: today(), reference: '', note: '' });
    }
  }, [order, form]);

  const submit = form.handleSubmit(async (values) => {
    if (!order) return;
    setFailure(null);
    try {
      const answer = await record.mutateAsync({ id: order.id, values });
      const updated = answer.data.order;
      toast.success(updated.paymentStatus === 'paid' ? 'Payment recorded: the order is paid.' : 'Payment recorded.');
      onRecorded?.(updated);
      onOpenChange(false);
    } catch (error) {
      const message = errorMessage(error, 'Failed to record the payment.');
      setFailure(message);
      toast.error(message);
    }
  });

  return (
    <Dialog open={order !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title="Record payment"
        size="md"
        description={
          order
            ? `${order.orderNumber} · ${PAYMENT_METHOD_LABELS[order.paymentMethod]} · total ${formatMoney(order.total)}`
            : undefined
        }
      >
        {order ? (
          <form onSubmit={submit} noValidate className="flex flex-col gap-4">
            <FormField label="Amount received" htmlFor="record-amount" error={errors.amount?.message} required>
              <Input
                id="record-amount"
                type="number"
                step="0.01"
                min="0"
                inputMode="decimal"
                {...form.register('amount')}
              />
            </FormField>
            <FormField label="Received on" htmlFor="record-received-at" error={errors.receivedAt?.message}>
              <Input
                id="record-received-at"
                type="date"
                {...form.register('receivedAt', { setValueAs: (v: string) => v || undefined })}
              />
            </FormField>
            <FormField
              label="Bank reference or receipt number"
              htmlFor="record-reference"
              error={errors.reference?.message}
            >
              <Input id="record-reference" {...form.register('reference')} />
            </FormField>
            <FormField label="Note" htmlFor="record-note" error={errors.note?.message}>
              <Textarea id="record-note" rows={2} {...form.register('note')} />
            </FormField>
            <FormDialogActions
              failure={failure}
              pending={record.isPending}
              submitLabel="Record payment"
              pendingLabel="Recording..."
              onCancel={() => onOpenChange(false)}
            />
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
