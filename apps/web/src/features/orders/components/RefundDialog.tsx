import { zodResolver } from '@hookform/resolvers/zod';
import {
  type OrderView,
  type RefundPaymentData,
  type RefundPaymentForm,
  refundPaymentInput,
  TOAST_MS,
} from '@seamline/shared';
import {
  controlProps,
  Dialog,
  DialogContent,
  FormDialogActions,
  FormField,
  formatMoney,
  Input,
  Textarea,
  useToast,
} from '@seamline/ui';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../lib/api-client';
import { useRefundOrder } from '../api';

/**
 * Refund: an amount (default: everything still refundable) and a reason; the money goes back through the provider of
 * the order's payments (money recorded by hand becomes a refund staff pay back themselves). One Idempotency-Key per
 * opening, so a retried submission never refunds twice.
 */
export function RefundDialog({
  order,
  refundable,
  open,
  onOpenChange,
  onOrderChange,
}: {
  order: OrderView;
  refundable: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onOrderChange: (order: OrderView) => void;
}) {
  const id = useId();
  const toast = useToast(TOAST_MS.orders);
  const refund = useRefundOrder();
  const [key, setKey] = useState('');
  const form = useForm<RefundPaymentForm, unknown, RefundPaymentData>({
    resolver: zodResolver(refundPaymentInput),
    mode: 'onTouched',
    defaultValues: { amount: refundable.toFixed(2), reason: '' },
  });
  const { errors } = form.formState;
  const { reset: resetForm, setError } = form;
  const { reset: resetMutation } = refund;

  useEffect(() => {
    if (open) {
      resetForm({ amount: refundable.toFixed(2), reason: '' });
      resetMutation();
      setKey(crypto.randomUUID());
    }
  }, [open, refundable, resetForm, resetMutation]);

  const submit = form.handleSubmit(async (values) => {
    if (values.amount > refundable)
      return setError('amount', { message: `At most ${formatMoney(refundable)} can still be refunded.` });
    try {
      const { data } = await refund.mutateAsync({ id: order.id, body: values, key });
      onOrderChange(data.order);
      toast.success(`Refunded ${formatMoney(values.amount)}.`);
      onOpenChange(false);
    } catch {
      // Shown inside the dialog from the mutation's error (a refusal by the provider refunds nothing).
    }
  });

  const field = controlProps(form, id);

  return (
    <Dialog open={open} onOpenChange={(next) => !refund.isPending && onOpenChange(next)}>
      <DialogContent title="Refund" description={`${order.orderNumber} · refundable ${formatMoney(refundable)}`}>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField label="Amount ($)" htmlFor={`${id}-amount`} error={errors.amount?.message} required>
            <Input inputMode="decimal" autoComplete="off" {...field('amount')} />
          </FormField>
          <FormField label="Reason" htmlFor={`${id}-reason`} error={errors.reason?.message}>
            <Textarea rows={3} placeholder="Why the money goes back (kept on the refund)" {...field('reason')} />
          </FormField>
          <FormDialogActions
            failure={refund.error ? errorMessage(refund.error, 'The refund failed.') : null}
            pending={refund.isPending}
            submitLabel="Refund"
            pendingLabel="Refunding…"
            onCancel={() => onOpenChange(false)}
            destructive
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
