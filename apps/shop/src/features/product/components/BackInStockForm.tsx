import { emailSchema, stockAlertContracts } from '@seamline/shared';
import { Button, TextField } from '@seamline/ui';
import { z } from 'zod';
import { SubmitForm } from '../../../components/SubmitForm';
import { api } from '../../../lib/api';
import { useShopUser } from '../../../lib/auth';
import { useShopForm } from '../../../lib/use-shop-form';
import type { Choice } from './variants';

const alertForm = z.object({ email: emailSchema });

/**
 * In place of "Add to cart" when the chosen size and colour is sold out: one e-mail when it is back
 * (POST /api/stock-alerts). A signed-in customer's address is filled in; the server's answer is shown as it is.
 */
export function BackInStockForm({ productId, choice }: { productId: string; choice: Choice }) {
  const user = useShopUser();
  const form = useShopForm(alertForm, {
    defaultValues: { email: user?.email ?? '' },
    fallback: 'Your alert could not be saved. Please try again.',
  });
  return (
    <SubmitForm
      form={form}
      aria-labelledby="back-in-stock-heading"
      className="flex flex-col gap-3 rounded-lg border border-stone-200 p-4"
      heading={
        <div>
          <h2 id="back-in-stock-heading" className="text-sm font-semibold">
            E-mail me when it's back
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            We send one e-mail when {choice.size} / {choice.color} is back in stock.
          </p>
        </div>
      }
      onSubmit={form.submit(
        ({ email }) =>
          api.call(stockAlertContracts.subscribe, {
            body: { productId, size: choice.size, color: choice.color, email },
          }),
        (answer) => form.setSuccess(answer.message ?? 'We will e-mail you when it is back in stock'),
      )}
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={form.errors.email}
        {...form.register('email')}
      />
      <Button size="xl" type="submit" fullWidth loading={form.pending} className="h-12 text-base font-medium">
        E-mail me when it's back
      </Button>
    </SubmitForm>
  );
}
