import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';

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

/**
 * The HTTP server Fastify would create (the same timeouts), whose request event first offers each request to
 * `early` (set once the app is ready, cleared when it starts closing) and hands the rest to Fastify.
 */
export class EarlyAnswerServer {
  private early: ((request: IncomingMessage, response: ServerResponse) => boolean) | null = null;

  readonly serverFactory: FastifyServerFactory = (handler, options) => {
    const server = http.createServer((request, response) => {
      if (!this.early?.(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout as number;
    server.requestTimeout = options.requestTimeout as number;
    server.setTimeout(options.connectionTimeout as number);
    const perSocket = options.maxRequestsPerSocket as number;
    if (perSocket > 0) server.maxRequestsPerSocket = perSocket;
    return server;
  };

  answerWith(early: (request: IncomingMessage, response: ServerResponse) => boolean): void {
    this.early = early;
  }

  stop(): void {
    this.early = null;
  }
}
