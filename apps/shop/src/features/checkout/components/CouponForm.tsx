import { Button, formatMoney, Input, Label } from '@seamline/ui';
import { useForm, useWatch } from 'react-hook-form';
import { errorMessage } from '../../../lib/api';
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
        <Button
          type="button"
          variant="inline"
          className="min-h-11 underline-offset-auto"
          onClick={() => onApplied(null)}
        >
          Remove<span className="sr-only"> coupon {applied.code}</span>
        </Button>
      </div>
    );
  return (
    <div>
      <Label htmlFor="coupon-code" className="mb-1 block">
        Coupon code
      </Label>
      <div className="flex gap-2">
        <Input
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
          controlSize="xl"
          className="min-w-0 flex-1 uppercase"
        />
        <Button type="button" variant="outline" size="xl" onClick={() => void apply()} disabled={busy || !code.trim()}>
          Apply
        </Button>
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
