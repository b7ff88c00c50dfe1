import { type AddressInput, EMPTY_ADDRESS } from '@seamline/shared';
import { TextField } from '@seamline/ui';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { CheckoutFormValues } from '../use-checkout';

type Props = {
  register: UseFormRegister<CheckoutFormValues>;
  errors: FieldErrors<AddressInput> | undefined;
};

const FIELDS: { key: keyof AddressInput; label: string; autoComplete: string; wide?: boolean; type?: string }[] = [
  { key: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { key: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { key: 'street', label: 'Street address', autoComplete: 'street-address', wide: true },
  { key: 'city', label: 'City', autoComplete: 'address-level2' },
  { key: 'state', label: 'State', autoComplete: 'address-level1' },
  { key: 'zipCode', label: 'ZIP code', autoComplete: 'postal-code' },
  { key: 'country', label: 'Country', autoComplete: 'country-name' },
  { key: 'phone', label: 'Phone', autoComplete: 'tel', type: 'tel', wide: true },
];

/** The shipping address form (also the billing address), with the shared schema's messages under each field. */
export function AddressFields({ register, errors }: Props) {
  return (
    <div className="grid grid-cols-2 gap-3">
      {FIELDS.map((field) => (
        <TextField
          key={field.key}
          id={`address-${field.key}`}
          label={field.label}
          type={field.type ?? 'text'}
          autoComplete={`shipping ${field.autoComplete}`}
          error={errors?.[field.key]?.message}
          className={field.wide ? 'col-span-2' : 'col-span-2 sm:col-span-1'}
          {...register(`address.${field.key}`)}
        />
      ))}
    </div>
  );
}

/** The shop ships within the US first: the country starts filled in. */
export const EMPTY_SHIPPING_ADDRESS: AddressInput = { ...EMPTY_ADDRESS, country: 'US' };
