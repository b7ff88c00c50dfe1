import { type CardForm, TEST_CARDS } from '@seamline/shared';
import { TextField } from '@seamline/ui';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { CheckoutFormValues } from '../use-checkout';

type Props = { register: UseFormRegister<CheckoutFormValues>; errors: FieldErrors<CardForm> | undefined };

/**
 * The card form of the built-in test provider. Only a token naming the last 4 digits leaves the browser (see
 * shared payment-cards.ts); the hint lists the test cards for testers.
 */
export function CardFields({ register, errors }: Props) {
  const field = (key: keyof CardForm) => ({ error: errors?.[key]?.message, ...register(`card.${key}`) });
  return (
    <div className="grid grid-cols-2 gap-3">
      <TextField
        id="card-number"
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        className="col-span-2"
        {...field('number')}
      />
      <TextField
        id="card-expiry"
        label="Expiry (MM/YY)"
        inputMode="numeric"
        autoComplete="cc-exp"
        placeholder="MM/YY"
        {...field('expiry')}
      />
      <TextField id="card-cvc" label="Security code" inputMode="numeric" autoComplete="cc-csc" {...field('cvc')} />
      <TextField id="card-name" label="Name on card" autoComplete="cc-name" className="col-span-2" {...field('name')} />
      <p className="col-span-2 text-xs text-stone-600">
        Test payments: {TEST_CARDS.accepted} is accepted, {TEST_CARDS.declined} is declined (any future date and any 3
        digits).
      </p>
    </div>
  );
}

export const EMPTY_CARD: CardForm = { name: '', number: '', expiry: '', cvc: '' };
