import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PublicAnswer } from '../types.js';
import { routeLabel } from './metrics.js';
import { matches } from './reused-answers.js';

/** How long browsers and shared caches may keep an anonymous list answer without asking again. */
export const PUBLIC_LIST_MAX_AGE_S = 30;

/** What must still happen each time an answer is served again from memory (a product read counts as a view). */
const reuseActions = new WeakMap<FastifyRequest, () => void>();
export function onReuse(request: FastifyRequest, action: () => void): void {
  reuseActions.set(request, action);
}

const CACHE_CONTROL = {
  shared: `public, max-age=${PUBLIC_LIST_MAX_AGE_S}`,
  revalidate: 'public, no-cache',
  signedIn: 'private, no-store',
} as const;

/** A strong validator for an answer: the same bytes always get the same tag, on every instance. */
export const tagOf = (payload: string | Buffer) => `"${createHash('sha1').update(payload).digest('base64url')}"`;

/**
 * Cache headers for the public catalogue routes of this plugin scope that declare `config.publicAnswer`.
 * Anonymous answers carry an `ETag` and `Cache-Control` (lists `public, max-age`, one product `public, no-cache` so
 * every read still reaches the server and counts as a view) and a matching `If-None-Match` gets 304 without a body.
 * Answers to a signed-in caller (staff get another view) are `private, no-store` and never reused. With `ttlMs` > 0
 * the instance also reuses an anonymous answer (a list, or one product) for that long, keyed by the exact URL
 * (`app.reusedAnswers`, plugins/reused-answers.ts); a reused answer runs the action its route registered with
 * `onReuse`, so a product read from memory still counts a view.
 */
export function registerPublicCache(app: FastifyInstance, ttlMs: number): void {
  const reused = app.reusedAnswers;
  const fromCache = new WeakSet<FastifyRequest>();
  const anonymous = (request: FastifyRequest) => request.headers.authorization === undefined;

  // A hit that reaches Fastify is answered here, before the route's own work: the kept bytes and headers as they are
  // (the server-wide hooks before this one have run: security headers, admission; metrics and the log still see it).
  // Most hits never get here: the HTTP server sends them before routing (ReusedAnswers.answerEarly); these are the
  // ones it leaves (a log that writes every request, a GET that carries a body).
  app.addHook('onRequest', (request, reply, done) => {
    const policy = request.routeOptions.config.publicAnswer;
    if (!policy || ttlMs === 0 || request.method !== 'GET' || !anonymous(request)) return done();
    const hit = reused.find(request.url);
    if (!hit) return done();
    fromCache.add(request);
    hit.onReuse?.();
    reply.headers(hit.headers);
    if (matches(request.headers['if-none-match'], hit.etag)) reply.code(304).send();
    else reply.send(hit.bytes);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (fromCache.has(request)) return done(null, payload);
    const policy = request.routeOptions.config.publicAnswer;
    if (!policy || reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload);
    done(null, headersAndKeep(request, reply, policy, payload));
  });

  /** An answer built by the route: its validators and cache policy, kept for reuse when anonymous; '' for a 304. */
  function headersAndKeep(request: FastifyRequest, reply: FastifyReply, policy: PublicAnswer, payload: string) {
    reply.header('vary', 'Authorization');
    if (!anonymous(request)) {
      reply.header('cache-control', CACHE_CONTROL.signedIn);
      return payload;
    }
    const etag = tagOf(payload);
    reply.header('etag', etag).header('cache-control', CACHE_CONTROL[policy]);
    if (ttlMs > 0 && request.method === 'GET') {
      const headers = {
        'content-type': String(reply.getHeader('content-type')),
        vary: 'Authorization',
        etag,
        'cache-control': CACHE_CONTROL[policy],
      };
      reused.keep(request.url, {
        bytes: Buffer.from(payload),
        headers,
        etag,
        expires: Date.now() + ttlMs,
        route: routeLabel(request),
        onReuse: reuseActions.get(request),
      });
    }
    if (!matches(request.headers['if-none-match'], etag)) return payload;
    reply.code(304);
    return '';
  }
}
