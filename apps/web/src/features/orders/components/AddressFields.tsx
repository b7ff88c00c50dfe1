import type { AddOrderForm } from '@seamline/shared';
import { FormField, Input } from '@seamline/ui';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';

type Which = 'shippingAddress' | 'billingAddress';
const FIELDS = [
  ['firstName', 'First Name'],
  ['lastName', 'Last Name'],
  ['street', 'Street Address'],
  ['city', 'City'],
  ['state', 'State'],
  ['zipCode', 'ZIP Code'],
  ['country', 'Country'],
  ['phone', 'Phone'],
] as const;

/** One address block; only its first failing message is shown (the specification), the failing fields are marked. */
export function AddressFields({
  which,
  title,
  register,
  errors,
}: {
  which: Which;
  title: string;
  register: UseFormRegister<AddOrderForm>;
  errors: FieldErrors<AddOrderForm>;
}) {
  const blockErrors = errors[which];
  const first = FIELDS.map(([name]) => blockErrors?.[name]?.message).find(Boolean);
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{title}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {FIELDS.map(([name, label]) => (
          <FormField
            key={name}
            label={label}
            htmlFor={`${which}-${name}`}
            required
            className={name === 'street' ? 'sm:col-span-2' : undefined}
          >
            <Input
              id={`${which}-${name}`}
              aria-invalid={blockErrors?.[name] ? true : undefined}
              {...register(`${which}.${name}`)}
            />
          </FormField>
        ))}
      </div>
      {first ? (
        <p role="alert" className="text-xs font-medium text-red-600">
          {first}
        </p>
      ) : null}
    </fieldset>
  );
}
