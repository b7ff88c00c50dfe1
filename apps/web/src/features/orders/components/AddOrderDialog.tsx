import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AddOrderForm,
  addOrderForm,
  EMPTY_ADDRESS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  TOAST_MS,
} from '@seamline/shared';
import {
  Checkbox,
  Dialog,
  DialogContent,
  FormDialogActions,
  FormField,
  Input,
  Label,
  Select,
  Textarea,
  useToast,
} from '@seamline/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { useAddOrder, usePickerProducts } from '../api';
import { AddressFields } from './AddressFields';
import { OrderItemsEditor } from './OrderItemsEditor';

const emptyForm: AddOrderForm = {
  email: '',
  items: [],
  shippingAddress: EMPTY_ADDRESS,
  billingAddress: EMPTY_ADDRESS,
  paymentMethod: 'stripe',
  notes: '',
};

/** Add Order (back office): items, the customer's e-mail, addresses, payment method and notes. */
export function AddOrderDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const toast = useToast(TOAST_MS.orders);
  const products = usePickerProducts(open);
  const add = useAddOrder();
  const [sameBilling, setSameBilling] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const [key, setKey] = useState('');
  const form = useForm<AddOrderForm>({ resolver: zodResolver(addOrderForm), defaultValues: emptyForm });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) {
      form.reset(emptyForm);
      setFailure(null);
      setSameBilling(true);
      setKey(crypto.randomUUID());
    }
  }, [open, form]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await add.mutateAsync({ values, key });
      toast.success('Order added successfully!');
      onOpenChange(false);
    } catch (error) {
      const message = error instanceof ApiError && error.message ? error.message : 'Failed to add order.';
      setFailure(message);
      toast.error(message);
    }
  });
  const onSubmit = (event: FormEvent) => {
    if (sameBilling) form.setValue('billingAddress', form.getValues('shippingAddress'));
    return submit(event);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !add.isPending && onOpenChange(next)}>
      <DialogContent title="Add Order" description="Create an order for a customer or a guest." size="xl">
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <OrderItemsEditor
            products={products.data ?? []}
            loading={products.isLoading}
            items={items}
            error={errors.items?.message ?? errors.items?.root?.message}
          />
          <FormField
            label="Customer E-mail"
            htmlFor="order-email"
            required
            error={errors.email?.message}
            hint="A registered customer's e-mail adds the order to their account; any other e-mail makes a guest order."
          >
            <Input
              id="order-email"
              type="email"
              aria-invalid={errors.email ? true : undefined}
              {...form.register('email')}
            />
          </FormField>
          <div className="grid gap-4 lg:grid-cols-2">
            <AddressFields which="shippingAddress" title="Shipping Address" register={form.register} errors={errors} />
            <div className="flex flex-col gap-3">
              <div className="flex items-center gap-2">
                <Checkbox id="same-billing" checked={sameBilling} onCheckedChange={(c) => setSameBilling(c === true)} />
                <Label htmlFor="same-billing">Billing address same as shipping</Label>
              </div>
              {sameBilling ? null : (
                <AddressFields
                  which="billingAddress"
                  title="Billing Address"
                  register={form.register}
                  errors={errors}
                />
              )}
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Payment Method"
              htmlFor="order-payment-method"
              required
              error={errors.paymentMethod?.message}
            >
              <Select
                id="order-payment-method"
                placeholder="Select payment method"
                options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
                {...form.register('paymentMethod')}
              />
            </FormField>
            <FormField label="Notes" htmlFor="order-notes" error={errors.notes?.message}>
              <Textarea id="order-notes" rows={2} {...form.register('notes')} />
            </FormField>
          </div>
          <FormDialogActions
            failure={failure}
            pending={add.isPending}
            submitLabel="Add Order"
            pendingLabel="Adding..."
            onCancel={() => onOpenChange(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
