import { webcrypto } from 'node:crypto';
import type { Role } from '@seamline/shared';
import { jwtVerify, SignJWT } from 'jose';

type CryptoKey = webcrypto.CryptoKey;

const ISSUER = 'seamline';
const AUDIENCE = 'seamline-api';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** `sid` names the session (refresh-token family) the token belongs to: ending the session ends the token too. */
export type AccessClaims = { sub: string; role: Role; iatMs: number; sid?: string };

/**
 * The HMAC key, imported once: given the secret's bytes, jose imports a Web Crypto key on every sign and verify (about
 * 5 % of an authenticated back-office list request, measured).
 */
function hmacKey(secret: string): Promise<CryptoKey> {
  const bytes = new TextEncoder().encode(secret);
  return webcrypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

/** Verified access tokens kept at most (~0.5 MB): far more than the staff and customers signed in to one instance. */
const VERIFIED_TOKENS_KEPT = 2_000;

export class AccessTokens {
  private readonly key: Promise<CryptoKey>;
  /**
   * Tokens whose signature and claims were verified, by their exact text, until they expire: a screen sends the same
   * token with every call, and verifying the HMAC through Web Crypto was ~10 % of a cheap staff list call. Only what
   * never changes for a token is kept; whether its user and session still stand is read on every request.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresMs: number }>();
  constructor(secret: string) {
    this.key = hmacKey(secret);
  }

  async sign(userId: string, role: Role, sessionId?: string): Promise<string> {
    const now = Date.now();
    return new SignJWT({ role, iatMs: now, ...(sessionId ? { sid: sessionId } : {}) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(now / 1000) + ACCESS_TOKEN_TTL_SECONDS)
      .sign(await this.key);
  }

  /** HS256 only, issuer and audience checked, exp and iat required; anything else (alg none, expired, tampered) is null. */
  async verify(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresMs > Date.now()) return known.claims;
      this.verified.delete(token);
      return null;
    }
    const claims = await this.verifySigned(token);
    if (claims) this.remember(token, claims.claims, claims.expiresMs);
    return claims?.claims ?? null;
  }

  private remember(token: string, claims: AccessClaims, expiresMs: number): void {
    // The oldest entry goes first (a Map keeps insertion order).
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, { claims, expiresMs });
  }

  private async verifySigned(token: string): Promise<{ claims: AccessClaims; expiresMs: number } | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.role !== 'string' || typeof payload.iatMs !== 'number') {
        return null;
      }
      const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
      // jose required `exp` (a number of seconds) and checked it is still ahead.
      const expiresMs = (payload.exp as number) * 1000;
      return { claims: { sub: payload.sub, role: payload.role as Role, iatMs: payload.iatMs, sid }, expiresMs };
    } catch {
      return null;
    }
  }
}

/** What a sign-in challenge lets its holder do next: enter a code, or set two-factor up first. */
export type ChallengePurpose = 'verify' | 'setup';
const CHALLENGE_AUDIENCE = 'seamline-sign-in-challenge';

/**
 * The short-lived token that binds a sign-in's second step to its first (a correct password). Its own audience keeps
 * it from ever passing as an access token, and an access token from passing as a challenge.
 */
export class ChallengeTokens {
  private readonly key: Promise<CryptoKey>;
  constructor(secret: string) {
    this.key = hmacKey(secret);
  }

  async sign(userId: string, purpose: ChallengePurpose, ttlMs: number): Promise<string> {
    const now = Date.now();
    return new SignJWT({ purpose, iatMs: now })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(CHALLENGE_AUDIENCE)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor((now + ttlMs) / 1000))
      .sign(await this.key);
  }

  async verify(token: string, purpose: ChallengePurpose): Promise<{ userId: string; iatMs: number } | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: CHALLENGE_AUDIENCE,
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      if (payload.purpose !== purpose || typeof payload.sub !== 'string' || typeof payload.iatMs !== 'number') {
        return null;
      }
      return { userId: payload.sub, iatMs: payload.iatMs };
    } catch {
      return null;
    }
  }
}
