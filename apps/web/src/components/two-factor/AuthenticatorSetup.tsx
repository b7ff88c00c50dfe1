import type { TwoFactorSetup } from '@seamline/shared';

/** The QR code to scan and the secret to type in by hand. */
export function AuthenticatorSetup({ setup }: { setup: TwoFactorSetup }) {
  return (
    <div className="flex flex-col items-center gap-2 text-center">
      <p className="text-sm text-slate-700">Scan this QR code with your authenticator app, or enter the key by hand.</p>
      <img src={setup.qrCode} alt="QR code for your authenticator app" width={180} height={180} />
      <p className="text-sm text-slate-600">
        Setup key:{' '}
        <code data-testid="totp-secret" className="font-mono font-semibold break-all">
          {setup.secret}
        </code>
      </p>
    </div>
  );
}
