import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing: a secret is `whsec_` + base64 of 24 random bytes; a signature is `v1,` + base64 of
 * HMAC-SHA256 over `${id}.${timestamp}.${body}` keyed with the secret's decoded bytes. Several valid secrets (a
 * rotation's overlap) give several space-separated signatures; a receiver accepts the delivery when one matches.
 */
const PREFIX = 'whsec_';

export function newSigningSecret(): string {
  return `${PREFIX}${randomBytes(24).toString('base64')}`;
}

function secretBytes(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

export function signatureHeader(secrets: string[], id: string, timestamp: number, body: string): string {
  return secrets
    .map((secret) => {
      const digest = createHmac('sha256', secretBytes(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
      return `v1,${digest}`;
    })
    .join(' ');
}
