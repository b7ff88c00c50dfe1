import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { open, seal } from '../../lib/secret-box.js';

const production = { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40), DATA_DIR: '/tmp/seamline-key-test' };

describe('TOTP_ENCRYPTION_KEY', () => {
  it('is required in production, and must be 32 bytes', () => {
    expect(() => loadConfig(production)).toThrow(/TOTP_ENCRYPTION_KEY must be set/);
    expect(() => loadConfig({ ...production, TOTP_ENCRYPTION_KEY: 'short' })).toThrow(/TOTP_ENCRYPTION_KEY/);
    const key = 'ab'.repeat(32);
    expect(loadConfig({ ...production, TOTP_ENCRYPTION_KEY: key }).totpEncryptionKey.toString('hex')).toBe(key);
  });

  it('seals so that only the same key opens, and a changed byte fails', () => {
    const key = Buffer.alloc(32, 7);
    const sealed = seal(key, 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(open(key, sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => open(Buffer.alloc(32, 8), sealed)).toThrow();
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}${sealed.slice(-1)}`;
    expect(() => open(key, tampered)).toThrow();
  });
});
