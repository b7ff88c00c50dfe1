import { type AdminCustomer, TOAST_MS } from '@seamline/shared';
import { ConfirmByNameDialog, useToast } from '@seamline/ui';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useEraseCustomer } from '../api';
import { fullName } from '../customer-name';

/** An erasure request (GDPR Art. 17) made to the store: type the customer's name, then confirm; no undo. */
export function EraseCustomerDialog({
  customer,
  onOpenChange,
  onErased,
}: {
  customer: AdminCustomer | null;
  onOpenChange: (open: boolean) => void;
  onErased: () => void;
}) {
  const toast = useToast(TOAST_MS.customers);
  const mutation = useEraseCustomer();
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <ConfirmByNameDialog
      open={customer !== null}
      onOpenChange={(open) => {
        if (!open) setFailure(null);
        onOpenChange(open);
      }}
      title="Erase Personal Data"
      expectedName={customer ? fullName(customer) : ''}
      prompt={
        <>
          Type <strong>{customer ? fullName(customer) : ''}</strong> to erase this customer's personal data.
        </>
      }
      inputLabel="Customer name"
      confirmDescription="This cannot be undone. The account is anonymised and signed out everywhere; its addresses, saved cards and mail are deleted. Orders stay in the books without names, street, city, phone or notes. The e-mail address can register again."
      confirmLabel="Erase Personal Data"
      pending={mutation.isPending}
      error={failure}
      onConfirm={async () => {
        if (!customer) return;
        setFailure(null);
        try {
          await mutation.mutateAsync({ id: customer.id, input: undefined });
          toast.success('Customer data erased successfully!');
          onOpenChange(false);
          onErased();
        } catch (error) {
          setFailure(errorMessage(error, 'Failed to erase customer data. Please try again.'));
        }
      }}
    />
  );
}
