import { type AdminCustomer, TOAST_MS } from '@seamline/shared';
import { ConfirmByNameDialog, useToast } from '@seamline/ui';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateCustomerStatus } from '../api';
import { fullName } from '../customer-name';

/** "Delete" deactivates (docs/domain.md § Corrections), like staff users: type the customer's name, then confirm. */
export function DeactivateCustomerDialog({
  customer,
  onOpenChange,
}: {
  customer: AdminCustomer | null;
  onOpenChange: (open: boolean) => void;
}) {
  const toast = useToast(TOAST_MS.customers);
  const mutation = useUpdateCustomerStatus();
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <ConfirmByNameDialog
      open={customer !== null}
      onOpenChange={(open) => {
        if (!open) setFailure(null);
        onOpenChange(open);
      }}
      title="Deactivate Customer"
      expectedName={customer ? fullName(customer) : ''}
      prompt={
        <>
          Type <strong>{customer ? fullName(customer) : ''}</strong> to deactivate this customer.
        </>
      }
      inputLabel="Customer name"
      confirmDescription="The customer will be signed out everywhere and can no longer sign in or place orders. Their orders are kept, and you can reactivate them later from Manage Status."
      confirmLabel="Deactivate Customer"
      pending={mutation.isPending}
      error={failure}
      onConfirm={async () => {
        if (!customer) return;
        setFailure(null);
        try {
          await mutation.mutateAsync({ id: customer.id, input: { isActive: false } });
          toast.success('Customer status updated successfully!');
          onOpenChange(false);
        } catch (error) {
          setFailure(errorMessage(error, 'Failed to update customer status. Please try again.'));
        }
      }}
    />
  );
}
