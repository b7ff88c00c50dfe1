import { zodResolver } from '@hookform/resolvers/zod';
import {
  ORDER_STATUSES,
  type OrderStatusForm,
  type OrderView,
  orderStatusForm,
  PAYMENT_STATUSES,
  TOAST_MS,
} from '@seamline/shared';
import {
  Button,
  capitalize,
  Dialog,
  DialogContent,
  DialogFooter,
  FormField,
  Input,
  Select,
  useToast,
} from '@seamline/ui';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useUpdateOrderStatus } from '../api';

type Props = { order: OrderView | null; onOpenChange: (open: boolean) => void };

const dateInput = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

/** Manage Order Status: status, payment status, tracking number, estimated delivery; validated as the spec says. */
export function ManageStatusDialog({ order, onOpenChange }: Props) {
  const toast = useToast(TOAST_MS.orders);
  const update = useUpdateOrderStatus();
  const form = useForm<OrderStatusForm>({ resolver: zodResolver(orderStatusForm), mode: 'onChange' });
  const { errors, isValid } = form.formState;

  useEffect(() => {
    if (order)
      form.reset({
        status: order.status,
        paymentStatus: order.paymentStatus,
        trackingNumber: order.trackingNumber ?? '',
        estimatedDelivery: dateInput(order.estimatedDelivery),
      });
  }, [order, form]);

  const submit = form.handleSubmit(async (values) => {
    if (!order) return;
    try {
      await update.mutateAsync({ id: order.id, values });
      toast.success('Order status updated successfully!');
      onOpenChange(false);
    } catch (error) {
      // The spec shows no message for a failed status update; it is only logged.
      console.warn('Order status update failed', error);
    }
  });

  return (
    <Dialog open={order !== null} onOpenChange={onOpenChange}>
      <DialogContent title="Manage Order Status" description={order?.orderNumber} size="sm">
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField label="Status" htmlFor="order-status" error={errors.status?.message}>
            <Select
              id="order-status"
              placeholder="Select status"
              options={ORDER_STATUSES.map((s) => ({ value: s, label: capitalize(s) }))}
              aria-invalid={errors.status ? true : undefined}
              {...form.register('status')}
            />
          </FormField>
          <FormField label="Payment Status" htmlFor="order-payment-status" error={errors.paymentStatus?.message}>
            <Select
              id="order-payment-status"
              placeholder="Select payment status"
              options={PAYMENT_STATUSES.map((s) => ({ value: s, label: capitalize(s) }))}
              aria-invalid={errors.paymentStatus ? true : undefined}
              {...form.register('paymentStatus')}
            />
          </FormField>
          <FormField label="Tracking Number" htmlFor="order-tracking" error={errors.trackingNumber?.message}>
            <Input
              id="order-tracking"
              placeholder="e.g. 1Z999AA10123456784"
              aria-invalid={errors.trackingNumber ? true : undefined}
              {...form.register('trackingNumber')}
            />
          </FormField>
          <FormField label="Estimated Delivery" htmlFor="order-delivery" error={errors.estimatedDelivery?.message}>
            <Input
              id="order-delivery"
              type="date"
              aria-invalid={errors.estimatedDelivery ? true : undefined}
              {...form.register('estimatedDelivery')}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!isValid || update.isPending}>
              {update.isPending ? 'Updating...' : 'Update Status'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
