import type http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Most answers one instance keeps (the oldest goes first): a flood of distinct URLs cannot grow it further. */
const MAX_REUSED_ANSWERS = 500;

/** An answer kept for reuse (plugins/public-cache.ts keeps them), with what each reuse must still do. */
export type ReusedAnswer = {
  bytes: Buffer;
  /** The answer's own headers (type, validators, cache policy); the security headers are added when it is sent. */
  headers: Record<string, string>;
  etag: string;
  expires: number;
  /** The route pattern that built it: the label its reuses are counted under. */
  route: string;
  /** What must still happen each time it is served again (a product read counts as a view). */
  onReuse?: () => void;
};

/** A kept answer with its whole header block, ready for Node to write: name, value, name, value… */
type Kept = ReusedAnswer & { wire: { full: string[]; notModified: string[] } };

/** If-None-Match holds the tag (weak comparison, RFC 9110 §13.1.2) or `*`. */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/**
 * The anonymous answers this instance reuses, keyed by the exact address asked for (path and query string), each for
 * its time to live. `securityHeaders` are the API answers' security headers, sent with every reused answer.
 */
export class ReusedAnswers {
  private readonly answers = new Map<string, Kept>();

  constructor(private readonly securityHeaders: Record<string, string>) {}

  keep(url: string, answer: ReusedAnswer): void {
    if (this.answers.size >= MAX_REUSED_ANSWERS && !this.answers.has(url))
      this.answers.delete(this.answers.keys().next().value!);
    const everyTime = { ...this.securityHeaders, ...answer.headers };
    this.answers.set(url, {
      ...answer,
      wire: {
        full: flat({ ...everyTime, 'content-length': String(answer.bytes.length) }),
        notModified: flat(everyTime),
      },
    });
  }

  /** The live answer kept for `url`; an expired one is dropped. */
  find(url: string): Kept | undefined {
    const kept = this.answers.get(url);
    if (!kept || kept.expires > Date.now()) return kept;
    this.answers.delete(url);
    return undefined;
  }

  /**
   * Sends the answer kept for an anonymous GET without a body straight from the HTTP server's request event, and says
   * whether it did; anything else is left to Fastify. Same bytes and headers as a reuse through Fastify (the
   * security headers, the caller's or a fresh request id, the 304 for a matching If-None-Match), and counted the same
   * way by `counted`; what it skips is the framework's work for the request (routing, the request and reply objects,
   * the per-request logger, the hooks), which cost a reused answer as much as the answer itself.
   */
  answerEarly(
    request: IncomingMessage,
    response: ServerResponse,
    requestId: string,
    counted: (route: string, status: number) => void,
  ): boolean {
    if (request.method !== 'GET' || request.headers.authorization !== undefined || hasBody(request)) return false;
    const kept = this.find(request.url as string);
    if (!kept) return false;
    kept.onReuse?.();
    if (matches(request.headers['if-none-match'], kept.etag)) {
      response.writeHead(304, [...kept.wire.notModified, 'x-request-id', requestId]);
      response.end();
      counted(kept.route, 304);
    } else {
      response.writeHead(200, [...kept.wire.full, 'x-request-id', requestId]);
      response.end(kept.bytes);
      counted(kept.route, 200);
    }
    return true;
  }
}

const flat = (headers: Record<string, string>) => Object.entries(headers).flat();

/** A request that declares a body (its rest must be read before the answer: plugins/unread-body.ts). */
const hasBody = (request: IncomingMessage) =>
  request.headers['transfer-encoding'] !== undefined ||
  (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0');

/** Decides a request before Fastify does; true when it answered it. */
export type EarlyAnswer = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * Puts `early` in front of Fastify's own request listener on the server Fastify created (its timeouts, and the other
 * addresses it binds for a host name such as `localhost`, stay as Fastify makes them; those other addresses' servers
 * go straight to Fastify). Returns how to take it away again.
 */
export function answerBeforeFastify(server: http.Server, early: EarlyAnswer): () => void {
  const [toFastify] = server.listeners('request') as http.RequestListener[];
  if (!toFastify) throw new Error("Fastify's request listener is not on its server");
  let answering = true;
  server.removeListener('request', toFastify);
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!(answering && early(request, response))) toFastify.call(server, request, response);
  });
  return () => {
    answering = false;
  };
}
