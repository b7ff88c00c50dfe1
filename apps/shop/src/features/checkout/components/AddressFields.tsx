import { type AddressInput, EMPTY_ADDRESS } from '@seamline/shared';
import { TextField } from '../../../components/checkout/ui';

type Props = {
  value: AddressInput;
  onChange: (value: AddressInput) => void;
  errors: Record<string, string>;
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
export function AddressFields({ value, onChange, errors }: Props) {
  return (
    <div className="grid grid-cols-2 gap-3">
      {FIELDS.map((field) => (
        <TextField
          key={field.key}
          id={`address-${field.key}`}
          label={field.label}
          type={field.type ?? 'text'}
          autoComplete={`shipping ${field.autoComplete}`}
          value={value[field.key]}
          onChange={(event) => onChange({ ...value, [field.key]: event.target.value })}
          error={errors[field.key]}
          className={field.wide ? 'col-span-2' : 'col-span-2 sm:col-span-1'}
        />
      ))}
    </div>
  );
}

/** The shop ships within the US first: the country starts filled in. */
export const EMPTY_SHIPPING_ADDRESS: AddressInput = { ...EMPTY_ADDRESS, country: 'US' };
