import { emailSchema } from '@seamline/shared';
import { z } from 'zod';
import { SubmitForm } from '../../../components/account/SubmitForm';
import { Button } from '../../../components/Button';
import { Field } from '../../../components/Field';
import { useFormSubmit } from '../../../lib/account/use-form-submit';

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
  const form = useFormSubmit(emailForm, ({ email }) => send(email), 'The e-mail could not be sent. Please try again.');
  return (
    <SubmitForm
      form={form}
      className="flex flex-col gap-4"
      onSubmitted={(answer) => form.setSuccess(answer.message ?? 'Check your inbox.')}
    >
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={defaultEmail}
        error={form.errors.email}
      />
      <Button type="submit" busy={form.pending}>
        {submitLabel}
      </Button>
    </SubmitForm>
  );
}
