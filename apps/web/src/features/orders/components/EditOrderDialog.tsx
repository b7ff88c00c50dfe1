import { zodResolver } from '@hookform/resolvers/zod';
import {
  type EditOrderInput,
  editOrderInput,
  type OrderView,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  TOAST_MS,
} from '@seamline/shared';
import {
  Dialog,
  DialogContent,
  FormDialogActions,
  FormField,
  formatMoney,
  Select,
  Textarea,
  useToast,
} from '@seamline/ui';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { useEditOrder } from '../api';
import { customerName } from '../order-display';
import { StatusBadge } from './OrderBits';

type Props = { order: OrderView | null; onOpenChange: (open: boolean) => void };

/** Edit Order: a read-only summary; admin notes, the customer's order notes and the payment method are editable. */
export function EditOrderDialog({ order, onOpenChange }: Props) {
  const toast = useToast(TOAST_MS.orders);
  const edit = useEditOrder();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<EditOrderInput>({ resolver: zodResolver(editOrderInput) });
  const { errors } = form.formState;

  useEffect(() => {
    if (order) {
      setFailure(null);
      form.reset({
        _id: order.id,
        paymentMethod: order.paymentMethod,
        notes: order.notes,
        adminNotes: order.adminNotes,
      });
    }
  }, [order, form]);

  const submit = form.handleSubmit(async (values) => {
    if (!order) return;
    try {
      await edit.mutateAsync({ id: order.id, values });
      toast.success('Order updated successfully!');
      onOpenChange(false);
    } catch (error) {
      const message =
        error instanceof ApiError && typeof error.message === 'string' && error.message
          ? error.message
          : 'Failed to update order.';
      setFailure(message);
      toast.error(message);
    }
  });

  return (
    <Dialog open={order !== null} onOpenChange={onOpenChange}>
      <DialogContent title="Edit Order" size="md">
        {order ? (
          <form onSubmit={submit} noValidate className="flex flex-col gap-4">
            <dl className="grid grid-cols-2 gap-3 rounded-lg border border-slate-100 bg-slate-50 p-4 text-sm">
              <div>
                <dt className="text-slate-500">Order Number</dt>
                <dd className="font-mono font-medium">{order.orderNumber}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Customer</dt>
                <dd className="font-medium">
                  {customerName(order)}
                  {order.isGuest ? ' (Guest)' : ''}
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">Status</dt>
                <dd>
                  <StatusBadge order={order} />
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">Total</dt>
                <dd className="font-medium">{formatMoney(order.total)}</dd>
              </div>
            </dl>
            <FormField
              label="Payment Method"
              htmlFor="edit-payment-method"
              error={errors.paymentMethod?.message}
              required
            >
              <Select
                id="edit-payment-method"
                placeholder="Select payment method"
                options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
                {...form.register('paymentMethod')}
              />
            </FormField>
            <FormField label="Customer Notes (order notes)" htmlFor="edit-notes" error={errors.notes?.message}>
              <Textarea id="edit-notes" rows={3} {...form.register('notes')} />
            </FormField>
            <FormField label="Admin Notes" htmlFor="edit-admin-notes" error={errors.adminNotes?.message}>
              <Textarea id="edit-admin-notes" rows={3} {...form.register('adminNotes')} />
            </FormField>
            <FormDialogActions
              failure={failure}
              pending={edit.isPending}
              submitLabel="Update Order"
              pendingLabel="Updating..."
              onCancel={() => onOpenChange(false)}
            />
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
