import {
  type AuthTokens,
  type BrowserSessionClient,
  REFRESH_COOKIE,
  SESSION_CLIENT_HEADER,
  SESSION_CLIENTS,
  type SessionClient,
} from '@seamline/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';

/** A new token pair as the server issued it; the refresh token's session ends at `expiresAt` (absolute life). */
export type IssuedTokens = { accessToken: string; refreshToken: string; expiresAt: Date };

/**
 * Where refresh tokens travel (OWASP ASVS 5.0 §3; docs/decisions/0052-session-tokens-in-a-cookie.md): the browser apps
 * keep theirs in an HttpOnly cookie that scripts cannot read, scoped to the auth path; `api` clients opted in to get
 * theirs in the JSON body.
 */

/** The client the request names in `X-Seamline-Client`, or null (the contract's header schema refuses other values). */
export function sessionClient(request: FastifyRequest): SessionClient | null {
  const value = request.headers[SESSION_CLIENT_HEADER];
  return (SESSION_CLIENTS as readonly unknown[]).includes(value) ? (value as SessionClient) : null;
}

export const isBrowserClient = (client: SessionClient | null): client is BrowserSessionClient =>
  client === 'back-office' || client === 'shop';

function cookieHeader(client: BrowserSessionClient, value: string, maxAgeSeconds: number): string {
  const name = REFRESH_COOKIE.names[client];
  return `${name}=${value}; Path=${REFRESH_COOKIE.path}; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=Strict`;
}

/** The refresh cookie of a browser app: lives as long as the session's absolute life. */
export function refreshCookie(client: BrowserSessionClient, token: string, expiresAt: Date): string {
  return cookieHeader(client, token, Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)));
}

/** The header that makes the browser drop the app's refresh cookie. */
export const clearedRefreshCookie = (client: BrowserSessionClient) => cookieHeader(client, '', 0);

/** The app's refresh token from the Cookie header, or null. */
export function readRefreshCookie(request: FastifyRequest, client: BrowserSessionClient): string | null {
  const name = REFRESH_COOKIE.names[client];
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim() || null;
  }
  return null;
}

/**
 * The tokens as the answer shows them: a browser app's refresh token goes into its cookie (never the body), an `api`
 * client's stays in the body, and without the header only the access token is handed out.
 */
export function deliverTokens(request: FastifyRequest, reply: FastifyReply, tokens: IssuedTokens): AuthTokens {
  const client = sessionClient(request);
  if (client === 'api') return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
  if (isBrowserClient(client)) reply.header('set-cookie', refreshCookie(client, tokens.refreshToken, tokens.expiresAt));
  return { accessToken: tokens.accessToken };
}

const refused = (message: string) => new AppError(403, 'CSRF_REJECTED', message);

/**
 * The cross-site request forgery guard of the calls a cookie authenticates (refresh, logout): the request must name
 * its client in `X-Seamline-Client` (a cross-site form cannot send a custom header, and a cross-site script would
 * need a CORS preflight this server never grants), and a browser's `Sec-Fetch-Site` and `Origin` must say the call
 * comes from this site. Answers the named client.
 */
export function sameSiteSessionCall(request: FastifyRequest, publicUrl: string): SessionClient {
  const client = sessionClient(request);
  if (!client)
    throw refused(
      `This call needs the ${SESSION_CLIENT_HEADER} header (back-office, shop or api); requests from other sites are refused`,
    );
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') throw refused('Requests from other sites are refused');
  const origin = request.headers.origin;
  if (origin !== undefined && !sameOrigin(origin, request.host, publicUrl))
    throw refused('Requests from other sites are refused');
  return client;
}

/** The Origin names this server: the host the request was sent to, or the configured public address. */
function sameOrigin(origin: string, requestHost: string, publicUrl: string): boolean {
  try {
    const host = new URL(origin).host;
    return host === requestHost || host === new URL(publicUrl).host;
  } catch {
    return false;
  }
}
