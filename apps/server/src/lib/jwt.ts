import type { Role } from '@seamline/shared';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'seamline';
const AUDIENCE = 'seamline-api';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export type AccessClaims = { sub: string; role: Role; iatMs: number };

export class AccessTokens {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(userId: string, role: Role): Promise<string> {
    const now = Date.now();
    return new SignJWT({ role, iatMs: now })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(now / 1000) + ACCESS_TOKEN_TTL_SECONDS)
      .sign(this.key);
  }

  /** HS256 only, issuer and audience checked, exp and iat required; anything else (alg none, expired, tampered) is null. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.role !== 'string' || typeof payload.iatMs !== 'number') {
        return null;
      }
      return { sub: payload.sub, role: payload.role as Role, iatMs: payload.iatMs };
    } catch {
      return null;
    }
  }
}
