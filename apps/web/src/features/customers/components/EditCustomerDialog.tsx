import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminCustomer, customerUpdateInput, TOAST_MS } from '@seamline/shared';
import { Button, Dialog, DialogContent, DialogFooter, FormField, Input, useToast } from '@seamline/ui';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateCustomer } from '../api';

type FormInput = z.input<typeof customerUpdateInput>;
type FormOutput = z.output<typeof customerUpdateInput>;

/** Edit Customer: first name, last name and phone (docs/domain.md § Corrections), validated by the shared schema. */
export function EditCustomerDialog({
  customer,
  onOpenChange,
}: {
  customer: AdminCustomer | null;
  onOpenChange: (open: boolean) => void;
}) {
  const toast = useToast(TOAST_MS.customers);
  const mutation = useUpdateCustomer();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(customerUpdateInput),
    defaultValues: { firstName: '', lastName: '', phone: '' },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (customer) {
      form.reset({ firstName: customer.firstName, lastName: customer.lastName, phone: customer.phone ?? '' });
      setFailure(null);
    }
  }, [customer, form]);

  const submit = form.handleSubmit(async (values) => {
    if (!customer) return;
    setFailure(null);
    try {
      // An empty phone is sent as '' so the server clears it.
      await mutation.mutateAsync({ id: customer.id, input: { ...values, phone: values.phone ?? '' } });
      toast.success('Customer updated successfully');
      onOpenChange(false);
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to update customer.'));
    }
  });

  return (
    <Dialog open={customer !== null} onOpenChange={onOpenChange}>
      <DialogContent title="Edit Customer" description={customer?.email}>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="First Name" htmlFor="customer-first-name" error={errors.firstName?.message} required>
              <Input
                id="customer-first-name"
                autoComplete="off"
                aria-invalid={!!errors.firstName || undefined}
                {...form.register('firstName')}
              />
            </FormField>
            <FormField label="Last Name" htmlFor="customer-last-name" error={errors.lastName?.message} required>
              <Input
                id="customer-last-name"
                autoComplete="off"
                aria-invalid={!!errors.lastName || undefined}
                {...form.register('lastName')}
              />
            </FormField>
          </div>
          <FormField
            label="Phone"
            htmlFor="customer-phone"
            error={errors.phone?.message}
            hint="Optional. Digits with spaces, dashes or brackets; leave empty to remove."
          >
            <Input
              id="customer-phone"
              type="tel"
              autoComplete="off"
              aria-invalid={!!errors.phone || undefined}
              {...form.register('phone')}
            />
          </FormField>
          {failure ? (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
              {failure}
            </p>
          ) : null}
          <DialogFooter className="mt-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Save Changes'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
