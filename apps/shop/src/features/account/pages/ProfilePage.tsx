import { changePasswordInput, PASSWORD_MIN, type ProfileUser, profileUpdateInput } from '@seamline/shared';
import { Button, TextField } from '@seamline/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { QueryState } from '../../../components/QueryState';
import { SectionHeading } from '../../../components/SectionHeading';
import { SubmitForm } from '../../../components/SubmitForm';
import { TextLink } from '../../../components/TextLink';
import { session } from '../../../lib/api';
import { shopAuth } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useShopForm } from '../../../lib/use-shop-form';
import { accountQueries, changePassword, updateProfile } from '../api';

function DetailsForm({ user }: { user: ProfileUser }) {
  const queryClient = useQueryClient();
  const form = useShopForm(profileUpdateInput, {
    defaultValues: { firstName: user.firstName, lastName: user.lastName, phone: user.phone ?? '' },
    fallback: 'Your details could not be saved.',
  });
  return (
    <SubmitForm
      form={form}
      aria-labelledby="details-heading"
      className="grid grid-cols-1 gap-4 sm:grid-cols-2"
      onSubmit={form.submit(updateProfile, (answer) => {
        shopAuth.updated(answer.data.user);
        queryClient.setQueryData(accountQueries.profile().queryKey, answer.data.user);
        form.setSuccess('Your details were saved.');
      })}
      heading={
        <h2 id="details-heading" className="text-lg font-semibold sm:col-span-2">
          Your details
        </h2>
      }
    >
      <TextField
        label="First name"
        autoComplete="given-name"
        error={form.errors.firstName}
        {...form.register('firstName')}
      />
      <TextField
        label="Last name"
        autoComplete="family-name"
        error={form.errors.lastName}
        {...form.register('lastName')}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        hint="Optional."
        error={form.errors.phone}
        {...form.register('phone')}
      />
      <div>
        <p className="mb-1 text-sm font-medium">Email</p>
        <p className="flex h-11 items-center gap-2 text-base">
          <span className="truncate">{user.email}</span>
          {user.emailVerified ? (
            <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-900">
              Verified
            </span>
          ) : (
            <TextLink href="/resend-verification">Verify</TextLink>
          )}
        </p>
      </div>
      <Button size="xl" type="submit" loading={form.pending} className="sm:col-span-2 sm:justify-self-start">
        Save details
      </Button>
    </SubmitForm>
  );
}

function PasswordForm() {
  const form = useShopForm(changePasswordInput, {
    defaultValues: { currentPassword: '', newPassword: '' },
    fallback: 'The password could not be changed.',
  });
  return (
    <SubmitForm
      form={form}
      aria-labelledby="password-heading"
      className="grid grid-cols-1 gap-4 sm:grid-cols-2"
      onSubmit={form.submit(changePassword, (answer) => {
        // Other sessions were signed out; this one continues with the new token pair.
        session.saveTokens(answer.data.tokens);
        form.reset();
        form.setSuccess(answer.message ?? 'Your password was changed.');
      })}
      heading={
        <h2 id="password-heading" className="text-lg font-semibold sm:col-span-2">
          Change password
        </h2>
      }
    >
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={form.errors.currentPassword}
        {...form.register('currentPassword')}
      />
      <TextField
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters.`}
        label="New password"
        error={form.errors.newPassword}
        {...form.register('newPassword')}
      />
      <Button
        size="xl"
        type="submit"
        variant="outline"
        loading={form.pending}
        className="sm:col-span-2 sm:justify-self-start"
      >
        Change password
      </Button>
    </SubmitForm>
  );
}

/** /account/profile — name and phone (the e-mail is the sign-in and stays), and the password. */
export function ProfilePage() {
  useDocumentTitle('Profile');
  const profile = useQuery(accountQueries.profile());
  return (
    <section>
      <SectionHeading title="Profile" />
      <QueryState query={profile} fallback="Your profile could not be loaded.">
        {(user) => (
          <div className="flex flex-col gap-10">
            <DetailsForm user={user} />
            <PasswordForm />
          </div>
        )}
      </QueryState>
    </section>
  );
}
