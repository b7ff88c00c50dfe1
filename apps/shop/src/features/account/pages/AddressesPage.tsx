import { MAX_SAVED_ADDRESSES, type SavedAddress, savedAddressInput } from '@seamline/shared';
import { Button, ConfirmDialog, Notice, TextField } from '@seamline/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormActions } from '../../../components/FormActions';
import { AddressLines } from '../../../components/OrderParts';
import { QueryState } from '../../../components/QueryState';
import { SectionHeading } from '../../../components/SectionHeading';
import { SubmitForm } from '../../../components/SubmitForm';
import { errorMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useShopForm } from '../../../lib/use-shop-form';
import { accountQueries, deleteAddress, saveAddress } from '../api';

const FIELDS = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { name: 'street', label: 'Street address', autoComplete: 'street-address', wide: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'zipCode', label: 'ZIP code', autoComplete: 'postal-code' },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
  { name: 'phone', label: 'Phone', autoComplete: 'tel', type: 'tel' },
  { name: 'label', label: 'Label (optional, e.g. Home)', autoComplete: 'off' },
] as const;

/** Add or edit one address; `address` set means edit. */
function AddressForm({ address, onDone }: { address?: SavedAddress; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useShopForm(savedAddressInput, {
    defaultValues: {
      ...Object.fromEntries(FIELDS.map((field) => [field.name, address?.[field.name] ?? ''])),
      isDefault: address?.isDefault ?? false,
    },
    fallback: 'The address could not be saved.',
  });
  return (
    <SubmitForm
      form={form}
      aria-label={address ? 'Edit address' : 'New address'}
      className="grid grid-cols-1 gap-4 rounded-md border border-stone-200 p-4 sm:grid-cols-2"
      onSubmit={form.submit(
        (body) => saveAddress(body, address?.id),
        async () => {
          await queryClient.invalidateQueries({ queryKey: accountQueries.addresses().queryKey });
          onDone();
        },
      )}
      heading={<h2 className="text-lg font-semibold sm:col-span-2">{address ? 'Edit address' : 'New address'}</h2>}
    >
      {FIELDS.map((field) => (
        <TextField
          key={field.name}
          className={'wide' in field ? 'sm:col-span-2' : undefined}
          label={field.label}
          type={'type' in field ? field.type : 'text'}
          autoComplete={field.autoComplete}
          error={form.errors[field.name]}
          {...form.register(field.name)}
        />
      ))}
      <label className="col-span-full flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-5 accent-ink" {...form.register('isDefault')} />
        Use as my default address
      </label>
      <FormActions saveLabel="Save address" busy={form.pending} onCancel={onDone} />
    </SubmitForm>
  );
}

function AddressCard({ address, onEdit }: { address: SavedAddress; onEdit: () => void }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteAddress(address.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueries.addresses().queryKey }),
  });
  const name = address.label || `${address.firstName} ${address.lastName}`;
  return (
    <li className="flex flex-col gap-3 rounded-md border border-stone-200 p-4">
      <div className="flex items-center gap-2">
        <h2 className="font-semibold">{name}</h2>
        {address.isDefault ? (
          <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold">Default</span>
        ) : null}
      </div>
      <AddressLines address={address} />
      <Notice tone="error">
        {remove.isError ? errorMessage(remove.error, 'The address could not be deleted.') : ''}
      </Notice>
      <div className="mt-auto flex gap-4 text-sm">
        <Button type="button" variant="inline" onClick={onEdit}>
          Edit <span className="sr-only">{name}</span>
        </Button>
        <Button type="button" variant="inline" onClick={() => setConfirming(true)}>
          Delete <span className="sr-only">{name}</span>
        </Button>
      </div>
      <ConfirmDialog
        cancelLabel="Keep it"
        open={confirming}
        title="Delete this address?"
        confirmLabel="Delete address"
        pending={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onOpenChange={setConfirming}
      >
        {name} will be removed from your address book. Orders already placed keep their address.
      </ConfirmDialog>
    </li>
  );
}

/** /account/addresses — the address book checkout offers (up to 20 addresses, one default). */
export function AddressesPage() {
  useDocumentTitle('Addresses');
  const addresses = useQuery(accountQueries.addresses());
  const [editing, setEditing] = useState<SavedAddress | 'new' | null>(null);
  const full = (addresses.data?.length ?? 0) >= MAX_SAVED_ADDRESSES;
  return (
    <section>
      <SectionHeading
        title="Addresses"
        action={
          editing === null && !full ? (
            <Button size="xl" type="button" onClick={() => setEditing('new')}>
              Add address
            </Button>
          ) : null
        }
      />
      {editing !== null ? (
        <div className="mb-6">
          <AddressForm address={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
        </div>
      ) : null}
      <QueryState query={addresses} fallback="Your addresses could not be loaded.">
        {(list) =>
          list.length === 0 ? (
            <p className="text-stone-600">No saved addresses yet. Add one to check out faster.</p>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2">
              {list.map((address) => (
                <AddressCard key={address.id} address={address} onEdit={() => setEditing(address)} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
