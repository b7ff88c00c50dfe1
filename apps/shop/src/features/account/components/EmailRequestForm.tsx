import { emailSchema } from '@seamline/shared';
import { Button, TextField } from '@seamline/ui';
import { z } from 'zod';
import { SubmitForm } from '../../../components/SubmitForm';
import { useShopForm } from '../../../lib/use-shop-form';

const emailForm = z.object({ email: emailSchema });

/**
 * "Mail me a link" (reset password, new verification link): the server answers the same whether or not the address
 * has an account, and that answer is shown as it is.
 */
export function EmailRequestForm({
  submitLabel,
  send,
  defaultEmail,
}: {
  submitLabel: string;
  send: (email: string) => Promise<{ message?: string }>;
  defaultEmail?: string;
}) {
  const form = useShopForm(emailForm, {
    defaultValues: { email: defaultEmail ?? '' },
    fallback: 'The e-mail could not be sent. Please try again.',
  });
  return (
    <SubmitForm
      form={form}
      className="flex flex-col gap-4"
      onSubmit={form.submit(
        ({ email }) => send(email),
        (answer) => form.setSuccess(answer.message ?? 'Check your inbox.'),
      )}
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={form.errors.email}
        {...form.register('email')}
      />
      <Button size="xl" type="submit" loading={form.pending}>
        {submitLabel}
      </Button>
    </SubmitForm>
  );
}
