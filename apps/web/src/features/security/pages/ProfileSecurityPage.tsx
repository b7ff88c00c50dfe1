import { can } from '@seamline/shared';
import { PageHeader, useToast } from '@seamline/ui';
import { useAuth } from '../../../auth/auth-context';
import { ChangePasswordCard } from '../components/ChangePasswordCard';
import { SessionsCard } from '../components/SessionsCard';
import { StaffSecuritySettingsCard } from '../components/StaffSecuritySettingsCard';
import { TwoFactorCard } from '../components/TwoFactorCard';

/** /profile — the signed-in staff member's password, two-factor sign-in and sessions. */
export default function ProfileSecurityPage() {
  const { user } = useAuth();
  const toast = useToast(4000);
  const show = (text: string) => toast.info(text);
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <PageHeader title="Profile" description={user?.email} />
      <TwoFactorCard onMessage={show} />
      <SessionsCard onMessage={show} />
      <ChangePasswordCard onMessage={show} />
      {can(user?.role, 'usersWrite') ? <StaffSecuritySettingsCard onMessage={show} /> : null}
    </div>
  );
}
