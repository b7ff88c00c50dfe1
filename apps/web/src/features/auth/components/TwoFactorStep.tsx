import { type SessionView, type TwoFactorChallenge, type TwoFactorSetup, twoFactorContracts } from '@seamline/shared';
import { Button, FormField, Input } from '@seamline/ui';
import { useEffect, useState } from 'react';
import { useAuth } from '../../../auth/auth-context';
import { AuthenticatorSetup } from '../../../components/two-factor/AuthenticatorSetup';
import { RecoveryCodes } from '../../../components/two-factor/RecoveryCodes';
import { api, errorMessage } from '../../../lib/api-client';
import { FormAlert } from './FormAlert';

type Props = { challenge: TwoFactorChallenge['twoFactor']; onRestart: () => void };

/**
 * The sign-in's second step: a code from the authenticator app (or a recovery code), or, when the store requires
 * two-factor and this account has none yet, its setup followed by the recovery codes.
 */
export function TwoFactorStep({ challenge, onRestart }: Props) {
  const { acceptSession } = useAuth();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [finished, setFinished] = useState<{ session: SessionView; recoveryCodes: string[] } | null>(null);
  const { challengeToken, step } = challenge;

  useEffect(() => {
    if (step !== 'setup') return;
    api
      .call(twoFactorContracts.loginSetup, { body: { challengeToken } })
      .then((answer) => setSetup(answer.data))
      .catch((error) => setFailure(errorMessage(error, 'Could not start two-factor setup')));
  }, [step, challengeToken]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      if (step === 'verify') {
        const answer = await api.call(twoFactorContracts.loginVerify, { body: { challengeToken, code } });
        await acceptSession(answer.data);
      } else {
        const answer = await api.call(twoFactorContracts.loginEnable, { body: { challengeToken, code } });
        const { recoveryCodes, ...session } = answer.data;
        setFinished({ session, recoveryCodes });
      }
    } catch (error) {
      setFailure(errorMessage(error, 'Verification failed'));
    } finally {
      setBusy(false);
    }
  };

  if (finished)
    return (
      <div className="flex flex-col gap-4">
        <RecoveryCodes codes={finished.recoveryCodes} />
        <Button size="lg" className="w-full" onClick={() => acceptSession(finished.session)}>
          Continue
        </Button>
      </div>
    );

  return (
    <div className="flex flex-col gap-5">
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      {step === 'setup' ? (
        <>
          <FormAlert tone="info">Your store requires two-factor sign-in. Set it up to continue.</FormAlert>
          {setup ? <AuthenticatorSetup setup={setup} /> : null}
        </>
      ) : (
        <p className="text-sm text-slate-700">
          Enter the 6-digit code from your authenticator app, or one of your recovery codes.
        </p>
      )}
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <FormField label="Verification code" htmlFor="code">
          <Input
            id="code"
            autoComplete="one-time-code"
            inputMode={step === 'setup' ? 'numeric' : 'text'}
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </FormField>
        <Button type="submit" size="lg" className="w-full" loading={busy} disabled={code.trim() === ''}>
          Verify
        </Button>
        <Button type="button" variant="ghost" onClick={onRestart}>
          Back to sign in
        </Button>
      </form>
    </div>
  );
}
