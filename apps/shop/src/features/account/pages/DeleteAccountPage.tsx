import { deleteAccountForm } from '@seamline/shared';
import { Button, Notice, TextField } from '@seamline/ui';
import { useLocation } from 'wouter';
import { SectionHeading } from '../../../components/SectionHeading';
import { SubmitForm } from '../../../components/SubmitForm';
import { TextLink } from '../../../components/TextLink';
import { shopHref } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useShopForm } from '../../../lib/use-shop-form';
import { deleteAccount, forgetSession } from '../api';
import { AuthCard } from '../components/AuthCard';

/** /account/delete — the password and a ticked box confirm it; the account and its saved data go. */
export function DeleteAccountPage() {
  useDocumentTitle('Delete account');
  const [, navigate] = useLocation();
  const form = useShopForm(deleteAccountForm, {
    defaultValues: { password: '' },
    fallback: 'The account could not be deleted.',
  });
  return (
    <section className="max-w-xl">
      <SectionHeading title="Delete account" />
      <p className="text-stone-700">
        Your profile, saved addresses and saved cards are deleted and you are signed out. Orders you placed stay with
        the store for its accounts and your returns. This cannot be undone.
      </p>
      <SubmitForm
        form={form}
        className="mt-6 flex flex-col gap-4"
        onSubmit={form.submit(
          ({ password }) => deleteAccount(password),
          () => {
            // The deletion ended every session on the server: forget it here first, so no later call goes out with it.
            forgetSession();
            navigate('/deleted', { replace: true });
          },
        )}
      >
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={form.errors.password}
          {...form.register('password')}
        />
        <div>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              {...form.register('confirm')}
              aria-invalid={form.errors.confirm ? true : undefined}
              aria-describedby={form.errors.confirm ? 'delete-confirm-error' : undefined}
              className="mt-0.5 size-5 shrink-0 accent-ink"
            />
            I understand that my account is deleted for good.
          </label>
          {form.errors.confirm ? (
            <p id="delete-confirm-error" className="mt-1 text-sm text-sale">
              {form.errors.confirm}
            </p>
          ) : null}
        </div>
        <Button size="xl" type="submit" variant="destructive" loading={form.pending} className="self-start">
          Delete my account
        </Button>
      </SubmitForm>
    </section>
  );
}

/** /account/deleted — the goodbye after a deletion (the session is already gone). */
export function AccountDeletedPage() {
  return (
    <AuthCard title="Your account was deleted" footer={<TextLink href={shopHref('/')}>Continue shopping</TextLink>}>
      <Notice tone="success">Your account and its saved data were deleted. Thank you for shopping with us.</Notice>
    </AuthCard>
  );
}
