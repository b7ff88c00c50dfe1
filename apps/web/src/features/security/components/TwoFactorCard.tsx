import { type TwoFactorSetup, twoFactorContracts } from '@seamline/shared';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  FormField,
  Input,
} from '@seamline/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AuthenticatorSetup } from '../../../components/two-factor/AuthenticatorSetup';
import { RecoveryCodes } from '../../../components/two-factor/RecoveryCodes';
import { api, errorMessage } from '../../../lib/api-client';
import { securityQueries } from '../api';

/**
 * Profile → two-factor sign-in: turn it on (QR code, first code, recovery codes), get new recovery codes, or turn it
 * off (both with the current password).
 */
export function TwoFactorCard({ onMessage }: { onMessage: (text: string) => void }) {
  const queryClient = useQueryClient();
  const status = useQuery(securityQueries.twoFactor());
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [value, setValue] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: securityQueries.twoFactor().queryKey });
  const fail = (fallback: string) => (error: unknown) => setFailure(errorMessage(error, fallback));

  const start = useMutation({
    mutationFn: () => api.call(twoFactorContracts.setup),
    onSuccess: (answer) => {
      setFailure(null);
      setSetup(answer.data);
    },
    onError: fail('Could not start the setup'),
  });
  const enable = useMutation({
    mutationFn: () => api.call(twoFactorContracts.enable, { body: { code: value } }),
    onSuccess: (answer) => {
      setSetup(null);
      setValue('');
      setFailure(null);
      setCodes(answer.data.recoveryCodes);
      onMessage('Two-factor sign-in is on');
      reload();
    },
    onError: fail('Verification failed'),
  });
  const disable = useMutation({
    mutationFn: () => api.call(twoFactorContracts.disable, { body: { currentPassword: value } }),
    onSuccess: (answer) => {
      setValue('');
      setFailure(null);
      setCodes(null);
      onMessage(answer.message);
      reload();
    },
    onError: fail('Could not turn two-factor sign-in off'),
  });
  const regenerate = useMutation({
    mutationFn: () => api.call(twoFactorContracts.regenerateRecoveryCodes, { body: { currentPassword: value } }),
    onSuccess: (answer) => {
      setValue('');
      setFailure(null);
      setCodes(answer.data.recoveryCodes);
      onMessage(answer.message ?? 'New recovery codes');
      reload();
    },
    onError: fail('Could not make new recovery codes'),
  });
  const enabled = status.data?.enabled ?? false;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          Two-factor sign-in{' '}
          {status.data ? <Badge variant={enabled ? 'success' : 'neutral'}>{enabled ? 'On' : 'Off'}</Badge> : null}
        </CardTitle>
        <CardDescription>
          Sign-in asks for a code from an authenticator app after your password.
          {status.data?.required ? ' Your store requires it for all staff.' : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {failure ? (
          <p role="alert" className="text-sm text-red-700">
            {failure}
          </p>
        ) : null}
        {codes ? <RecoveryCodes codes={codes} /> : null}
        {enabled ? (
          <form
            className="flex flex-col gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              disable.mutate();
            }}
          >
            <p className="text-sm text-slate-600">Recovery codes left: {status.data?.recoveryCodesLeft}</p>
            <FormField label="Current password" htmlFor="two-factor-password">
              <Input
                id="two-factor-password"
                type="password"
                autoComplete="current-password"
                value={value}
                onChange={(event) => setValue(event.target.value)}
              />
            </FormField>
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                variant="outline"
                loading={regenerate.isPending}
                disabled={value === ''}
                onClick={() => regenerate.mutate()}
              >
                Get new recovery codes
              </Button>
              <Button type="submit" variant="outline" loading={disable.isPending} disabled={value === ''}>
                Turn off two-factor sign-in
              </Button>
            </div>
          </form>
        ) : setup ? (
          <form
            className="flex flex-col gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              enable.mutate();
            }}
          >
            <AuthenticatorSetup setup={setup} />
            <FormField label="Code from the app" htmlFor="two-factor-code">
              <Input
                id="two-factor-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={value}
                onChange={(event) => setValue(event.target.value)}
              />
            </FormField>
            <Button type="submit" className="self-start" loading={enable.isPending}>
              Confirm and turn on
            </Button>
          </form>
        ) : status.data ? (
          <Button className="self-start" loading={start.isPending} onClick={() => start.mutate()}>
            Set up two-factor sign-in
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
