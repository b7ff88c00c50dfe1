import { randomInt } from 'node:crypto';
import { TWO_FACTOR } from '@seamline/shared';
import { Secret, TOTP } from 'otpauth';

const totpFor = (secretBase32: string, label = '') =>
  new TOTP({
    issuer: TWO_FACTOR.issuer,
    label,
    algorithm: 'SHA1',
    digits: TWO_FACTOR.digits,
    period: TWO_FACTOR.periodSeconds,
    secret: Secret.fromBase32(secretBase32),
  });

/** A new authenticator secret (160 bits, base32) with its otpauth URL and that URL as a QR code image. */
export async function newAuthenticator(accountLabel: string) {
  const secret = new Secret({ size: 20 }).base32;
  const otpauthUrl = totpFor(secret, accountLabel).toString();
  // Imported here, at a sign-up for two-factor, not at every start of the server.
  const { default: QRCode } = await import('qrcode');
  const qrCode = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 220 });
  return { secret, otpauthUrl, qrCode };
}

/** The time step a correct code belongs to (now ± the window), or null; the caller refuses a step already used. */
export function matchingStep(secretBase32: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secretBase32).validate({ token: code, timestamp: now, window: TWO_FACTOR.window });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TWO_FACTOR.periodSeconds) + delta;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like `k3m9p-x2v7q` (about 50 bits each); only their hashes are stored. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: TWO_FACTOR.recoveryCodeCount }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A typed recovery code in its stored form: lower case, no dash or spaces. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
