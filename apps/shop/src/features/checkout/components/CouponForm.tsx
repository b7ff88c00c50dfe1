import { useForm, useWatch } from 'react-hook-form';
import { CheckoutButton } from '../../../components/checkout/ui';
import { errorMessage } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { validateCoupon } from '../api';

export type AppliedCoupon = { code: string; name: string; discount: number; freeShipping: boolean };

type Props = {
  subtotal: number;
  customer: boolean;
  applied: AppliedCoupon | null;
  onApplied: (coupon: AppliedCoupon | null) => void;
};

/**
 * The coupon code, checked by the server (guest or customer rules) with its exact message when refused. It sits inside
 * the checkout's form, so Apply and Enter run its own react-hook-form submit rather than the page's.
 */
export function CouponForm({ subtotal, customer, applied, onApplied }: Props) {
  const form = useForm<{ code: string }>({ defaultValues: { code: '' }, reValidateMode: 'onSubmit' });
  const code = useWatch({ control: form.control, name: 'code' });
  const busy = form.formState.isSubmitting;
  const error = form.formState.errors.code?.message;

  const apply = form.handleSubmit(async (values) => {
    const entered = values.code.trim();
    if (!entered) return;
    try {
      const answer = await validateCoupon(entered, subtotal, customer);
      onApplied({
        code: answer.code,
        name: answer.coupon.name,
        discount: answer.discount,
        freeShipping: answer.freeShipping,
      });
      form.reset();
    } catch (failure) {
      form.setError('code', { message: errorMessage(failure, 'We could not check this code. Please try again.') });
    }
  });

  if (applied)
    return (
      <div role="status" className="flex items-center justify-between gap-3 rounded-md bg-stone-50 p-3 text-sm">
        <span>
          <span className="font-semibold">{applied.code}</span> applied: {applied.name}
          {applied.discount > 0 ? ` (−${formatMoney(applied.discount)})` : ''}
          {applied.freeShipping ? ' (free shipping)' : ''}
        </span>
        <button type="button" className="min-h-11 underline" onClick={() => onApplied(null)}>
          Remove<span className="sr-only"> coupon {applied.code}</span>
        </button>
      </div>
    );
  return (
    <div>
      <label htmlFor="coupon-code" className="mb-1 block text-sm font-medium">
        Coupon code
      </label>
      <div className="flex gap-2">
        <input
          id="coupon-code"
          {...form.register('code', {
            // Codes are upper case: what is typed is shown as it will be sent.
            onChange: (event) => form.setValue('code', String(event.target.value).toUpperCase()),
          })}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              if (!busy) void apply();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'coupon-error' : undefined}
          autoComplete="off"
          className="min-h-11 min-w-0 flex-1 rounded-md border border-stone-400 px-3 text-base uppercase"
        />
        <CheckoutButton variant="secondary" onClick={() => void apply()} disabled={busy || !code.trim()}>
          Apply
        </CheckoutButton>
      </div>
      <div aria-live="polite">
        {error ? (
          <p id="coupon-error" className="mt-1 text-sm text-sale" data-testid="coupon-error">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
