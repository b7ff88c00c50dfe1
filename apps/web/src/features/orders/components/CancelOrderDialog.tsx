import { ORDER_MESSAGES, type OrderView, TOAST_MS } from '@seamline/shared';
import { ConfirmByNameDialog, useToast } from '@seamline/ui';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useCancelOrder, useDeleteOrder } from '../api';

type Props = { order: OrderView | null; mode: 'cancel' | 'delete'; onOpenChange: (open: boolean) => void };

/**
 * Two steps: type the order number (Continue disabled while empty), then confirm. Cancelling sends the fixed reason
 * 'Order cancelled by admin'; deleting (only cancelled or refunded orders) removes the order.
 */
export function CancelOrderDialog({ order, mode, onOpenChange }: Props) {
  const toast = useToast(TOAST_MS.orders);
  const cancel = useCancelOrder();
  const remove = useDeleteOrder();
  const [failure, setFailure] = useState<string | null>(null);
  const pending = cancel.isPending || remove.isPending;

  const confirm = async () => {
    if (!order) return;
    setFailure(null);
    try {
      if (mode === 'cancel') {
        await cancel.mutateAsync({ id: order.id, reason: ORDER_MESSAGES.adminCancelReason });
        toast.success('Order cancelled successfully!');
      } else {
        await remove.mutateAsync(order.id);
        toast.success('Order deleted successfully!');
      }
      onOpenChange(false);
    } catch (error) {
      const message = errorMessage(error, mode === 'cancel' ? 'Failed to cancel order' : 'Failed to delete order');
      setFailure(message);
      toast.error(message);
    }
  };

  return (
    <ConfirmByNameDialog
      open={order !== null}
      onOpenChange={(open) => {
        if (!open) setFailure(null);
        onOpenChange(open);
      }}
      title={mode === 'cancel' ? 'Cancel Order' : 'Delete Order'}
      expectedName={order?.orderNumber ?? ''}
      prompt={
        <>
          Type the order number <span className="font-mono font-semibold text-slate-900">{order?.orderNumber}</span> to
          continue.
        </>
      }
      inputLabel="Order number"
      mismatchMessage={ORDER_MESSAGES.cancelMismatch}
      confirmDescription={
        mode === 'cancel' ? (
          <>
            <p className="font-medium">This order will be cancelled.</p>
            <p>Reserved stock goes back on the shelf and a paid order is refunded.</p>
          </>
        ) : (
          <p className="font-medium">This order will be deleted permanently.</p>
        )
      }
      confirmLabel={
        mode === 'cancel' ? (pending ? 'Cancelling...' : 'Cancel Order') : pending ? 'Deleting...' : 'Delete Order'
      }
      cancelLabel="Keep Order"
      onConfirm={confirm}
      pending={pending}
      error={failure}
    />
  );
}
