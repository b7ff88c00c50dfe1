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

/**
 * Longest an anonymous request waits for the same address's answer being built by another request. A build ends
 * before it even when the database stops answering (the statement timeout, 15 s by default, then a 503); this only
 * frees the waiting requests of an answer that never comes.
 */
const SHARED_BUILD_MAX_WAIT_MS = 20_000;

/** A strong validator for an answer: the same bytes always get the same tag, on every instance. */
export const tagOf = (payload: string | Buffer) => `"${createHash('sha1').update(payload).digest('base64url')}"`;

/**
 * Cache headers for the public catalogue routes of this plugin scope that declare `config.publicAnswer`.
 * Anonymous answers carry an `ETag` and `Cache-Control` (lists `public, max-age`, one product `public, no-cache` so
 * every read still reaches the server and counts as a view) and a matching `If-None-Match` gets 304 without a body.
 * Answers to a signed-in caller (staff get another view) are `private, no-store` and never reused. With `ttlMs` > 0
 * the instance also reuses an anonymous answer (a list, or one product) for that long, keyed by the exact URL
 * (`app.reusedAnswers`, plugins/reused-answers.ts); a reused answer runs the action its route registered with
 * `onReuse`, so a product read from memory still counts a view. An address is built by one request at a time: a miss
 * that comes while another request builds the same address waits for that answer and is sent it as a reuse (when it
 * expires under load, one request reads the database again, not every request that came meanwhile); when that build
 * keeps nothing (an error, a 404), each builds its own. The build's own caller going away does not end it: the route
 * still finishes its answer and keeps it.
 */
export function registerPublicCache(app: FastifyInstance, ttlMs: number): void {
  const reused = app.reusedAnswers;
  const fromCache = new WeakSet<FastifyRequest>();
  const builds = new SharedBuilds();
  /** The requests building their address's answer, each with how to tell the requests waiting for it. */
  const builders = new WeakMap<FastifyRequest, () => void>();
  const anonymous = (request: FastifyRequest) => request.headers.authorization === undefined;

  // A hit that reaches Fastify is answered here, before the route's own work: the kept bytes and headers as they are
  // (the server-wide hooks before this one have run: security headers, admission; metrics and the log still see it).
  // Most hits never get here: the HTTP server sends them before routing (ReusedAnswers.answerEarly); these are the
  // ones it leaves (a log that writes every request, a GET that carries a body) and the misses, which wait for a
  // build of their address already under way.
  app.addHook('onRequest', (request, reply, done) => {
    const policy = request.routeOptions.config.publicAnswer;
    if (!policy || ttlMs === 0 || request.method !== 'GET' || !anonymous(request)) return done();
    if (sendKept(request, reply)) return;
    const building = builds.of(request.url);
    if (!building) {
      builders.set(request, builds.start(request.url));
      return done();
    }
    building.then(() => {
      if (!sendKept(request, reply)) done();
    });
  });

  /** Sends the live answer kept for the request's address, if any; says whether it did. */
  function sendKept(request: FastifyRequest, reply: FastifyReply): boolean {
    const hit = reused.find(request.url);
    if (!hit) return false;
    fromCache.add(request);
    hit.onReuse?.();
    reply.headers(hit.headers);
    if (matches(request.headers['if-none-match'], hit.etag)) reply.code(304).send();
    else reply.send(hit.bytes);
    return true;
  }

  app.addHook('onSend', (request, reply, payload, done) => {
    if (fromCache.has(request)) return done(null, payload);
    const policy = request.routeOptions.config.publicAnswer;
    const keeps = policy && reply.statusCode === 200 && typeof payload === 'string';
    const sent = keeps ? headersAndKeep(request, reply, policy, payload) : payload;
    // After keeping (or not): the requests waiting for this address find what there is to find.
    builders.get(request)?.();
    done(null, sent);
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

/**
 * The addresses whose answer some request is building, each with a promise that settles when that answer is done
 * (kept or not) or after SHARED_BUILD_MAX_WAIT_MS, whichever comes first.
 */
class SharedBuilds {
  private readonly building = new Map<string, Promise<void>>();

  of(url: string): Promise<void> | undefined {
    return this.building.get(url);
  }

  /** Marks `url` as being built; returns what its builder calls once its answer is done. */
  start(url: string): () => void {
    let end = () => {};
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(() => end(), SHARED_BUILD_MAX_WAIT_MS).unref();
      end = () => {
        clearTimeout(timer);
        if (this.building.get(url) === done) this.building.delete(url);
        resolve();
      };
    });
    this.building.set(url, done);
    return end;
  }
}
