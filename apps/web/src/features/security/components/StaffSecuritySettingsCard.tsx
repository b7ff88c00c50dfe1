import { twoFactorContracts } from '@seamline/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Checkbox } from '@seamline/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api-client';
import { securityQueries } from '../api';

/** Admins only: require two-factor sign-in for every staff member (set up at their next sign-in). */
export function StaffSecuritySettingsCard({ onMessage }: { onMessage: (text: string) => void }) {
  const queryClient = useQueryClient();
  const settings = useQuery(securityQueries.settings());
  const save = useMutation({
    mutationFn: (requireTwoFactorForStaff: boolean) =>
      api.call(twoFactorContracts.updateSettings, { body: { requireTwoFactorForStaff } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(securityQueries.settings().queryKey, answer.data);
      onMessage(answer.message ?? 'Saved');
    },
    onError: (error) => onMessage(errorMessage(error, 'Could not save the setting')),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Store security</CardTitle>
        <CardDescription>Staff without two-factor sign-in set it up the next time they sign in.</CardDescription>
      </CardHeader>
      <CardContent>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <Checkbox
            checked={settings.data?.requireTwoFactorForStaff ?? false}
            disabled={!settings.data || save.isPending}
            onCheckedChange={(checked) => save.mutate(checked === true)}
          />
          Require two-factor sign-in for all staff
        </label>
      </CardContent>
    </Card>
  );
}
