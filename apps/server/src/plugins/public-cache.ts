import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** How long browsers and shared caches may keep an anonymous list answer without asking again. */
export const PUBLIC_LIST_MAX_AGE_S = 30;
/** Most answers one instance keeps (the oldest goes first): a flood of distinct URLs cannot grow it further. */
const MAX_REUSED_ANSWERS = 500;

type Reused = { payload: string; etag: string; expires: number; onReuse?: () => void };

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
const tagOf = (payload: string) => `"${createHash('sha1').update(payload).digest('base64url')}"`;

/** If-None-Match holds the tag (weak comparison, RFC 9110 §13.1.2) or `*`. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/**
 * Cache headers for the public catalogue routes of this plugin scope that declare `config.publicAnswer`.
 * Anonymous answers carry an `ETag` and `Cache-Control` (lists `public, max-age`, one product `public, no-cache` so
 * every read still reaches the server and counts as a view) and a matching `If-None-Match` gets 304 without a body.
 * Answers to a signed-in caller (staff get another view) are `private, no-store` and never reused. With `ttlMs` > 0
 * the instance also reuses an anonymous answer (a list, or one product) for that long, keyed by the exact URL; a reused
 * answer runs the action its route registered with `onReuse`, so a product read from memory still counts a view.
 */
export function registerPublicCache(app: FastifyInstance, ttlMs: number): void {
  const reused = new Map<string, Reused>();
  const fromCache = new WeakSet<FastifyRequest>();
  const anonymous = (request: FastifyRequest) => request.headers.authorization === undefined;

  app.addHook('onRequest', async (request, reply) => {
    const policy = request.routeOptions.config.publicAnswer;
    if (!policy || ttlMs === 0 || request.method !== 'GET' || !anonymous(request)) return;
    const hit = reused.get(request.url);
    if (!hit) return;
    if (hit.expires <= Date.now()) {
      reused.delete(request.url);
      return;
    }
    fromCache.add(request);
    hit.onReuse?.();
    reply.type('application/json; charset=utf-8').header('etag', hit.etag);
    return reply.send(hit.payload);
  });

  app.addHook('onSend', async (request, reply: FastifyReply, payload) => {
    const policy = request.routeOptions.config.publicAnswer;
    if (!policy || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    reply.header('vary', 'Authorization');
    if (!anonymous(request)) {
      reply.header('cache-control', CACHE_CONTROL.signedIn);
      return payload;
    }
    const etag = (reply.getHeader('etag') as string | undefined) ?? tagOf(payload);
    reply.header('etag', etag).header('cache-control', CACHE_CONTROL[policy]);
    if (ttlMs > 0 && request.method === 'GET' && !fromCache.has(request)) {
      if (reused.size >= MAX_REUSED_ANSWERS) reused.delete(reused.keys().next().value!);
      reused.set(request.url, { payload, etag, expires: Date.now() + ttlMs, onReuse: reuseActions.get(request) });
    }
    if (!matches(request.headers['if-none-match'], etag)) return payload;
    reply.code(304);
    return '';
  });
}
