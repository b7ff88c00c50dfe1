import { randomBytes } from 'node:crypto';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { busyPage, withScriptNonce } from './busy-page.js';
import { envelope } from './errors.js';

/** Seconds a shed request is told to wait. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 5;

/**
 * How a route is treated while the server sheds load (route `config.admission`; an unknown address is left to the
 * not-found handler):
 * - `always`: never shed. Health checks (a supervisor must see the instance alive), metrics (the overload must be
 *   observable) and static files (a page already open must not lose a chunk of its code or an image; they are cheap).
 * - `page`: an HTML navigation; shed with the self-retrying busy page instead of the JSON error.
 * Without it a route is an API call, shed with the JSON error envelope. Routes that can answer from memory
 * (`config.publicAnswer`, `config.reusesAnswers`) are shed only when their answer is not there (see below).
 */
export type Admission = 'always' | 'page';

/** Requests let through to look for a reused answer; shed in preParsing when none was found. */
const waitingForReuse = new WeakSet<FastifyRequest>();

/** A reused answer is looked up in an onRequest hook: anonymous catalogue reads and the rendered shop pages. */
function mayBeAnsweredFromMemory(request: FastifyRequest): boolean {
  const config = request.routeOptions.config;
  if (request.method !== 'GET') return false;
  if (config.reusesAnswers) return true;
  return Boolean(config.publicAnswer) && request.headers.authorization === undefined;
}

/**
 * Sets 503 and Retry-After on the reply and returns what to send: the busy page for a navigation (`page`), the JSON
 * error envelope for everything else.
 */
export function shedAnswer(reply: FastifyReply, kind: 'page' | 'api'): string | object {
  reply.status(503).header('retry-after', String(OVERLOAD_RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
  if (kind === 'api') return envelope('The server is busy, please try again shortly', 'UNAVAILABLE');
  // Spread the automatic retries of many shed visitors over a few seconds (never sooner than Retry-After).
  const spread = Math.floor(OVERLOAD_RETRY_AFTER_SECONDS / 2);
  const retryIn = OVERLOAD_RETRY_AFTER_SECONDS + Math.floor(Math.random() * (spread + 1));
  const nonce = randomBytes(16).toString('base64');
  const policy = reply.getHeader('content-security-policy');
  reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', withScriptNonce(typeof policy === 'string' ? policy : undefined, nonce));
  return busyPage(retryIn, nonce);
}

const kindOf = (request: FastifyRequest) => (request.routeOptions.config.admission === 'page' ? 'page' : 'api');

/**
 * Load shedding: past the event-loop delay, heap or RSS threshold (measured by @fastify/under-pressure every 250 ms)
 * a request is answered 503 with Retry-After at once instead of waiting in an unbounded queue, unless its route admits
 * it anyway (`Admission`) or its answer can be reused from memory. Shed answers are sent, not thrown: the error
 * handler would log each one.
 */
export async function registerAdmission(app: FastifyInstance, overload: Config['overload']) {
  const { maxEventLoopDelayMs, maxHeapBytes, maxRssBytes } = overload;
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    maxHeapUsedBytes: maxHeapBytes,
    maxRssBytes,
    retryAfter: OVERLOAD_RETRY_AFTER_SECONDS,
    // Sampling more often than the default 1 s lets a test (and a sudden spike) be seen sooner; the cost is tiny.
    sampleInterval: 250,
    // The library only measures; the hook below decides what to do with each request.
    pressureHandler: () => undefined,
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!app.isUnderPressure()) return done();
    // An address no route knows goes on to the not-found handler, which decides (plugins/web.ts): the busy page for
    // an app page, a 404 for anything else — a missing build file must not come back as a page. Both are cheap.
    if (request.routeOptions.config.admission === 'always' || request.is404) return done();
    if (mayBeAnsweredFromMemory(request)) {
      waitingForReuse.add(request);
      return done();
    }
    reply.send(shedAnswer(reply, kindOf(request)));
  });
  // After every onRequest hook (the reuse lookups among them), before the body is read.
  app.addHook('preParsing', async (request, reply) => {
    if (waitingForReuse.has(request)) return reply.send(shedAnswer(reply, kindOf(request)));
  });
}
