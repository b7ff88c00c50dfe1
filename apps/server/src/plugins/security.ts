import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * What Stripe.js needs when card payments go through Stripe: its script and the frames of the Payment Element and
 * 3-D Secure from js.stripe.com (and hooks.stripe.com), its calls to api.stripe.com, its images.
 */
export const STRIPE_JS_SOURCES = {
  scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
  imgSrc: ['https://*.stripe.com'],
};

/**
 * The headers helmet sets for `options`, worked out once: they are the same for every answer, so a request only copies
 * them (building helmet's middleware per request, as its Fastify plugin does, cost more than serving a reused answer).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** What pages and API answers both carry besides their policy: HSTS in production, the referrer policy. */
const everyAnswer = (production: boolean) => ({
  hsts: production ? { maxAge: 31536000, includeSubDomains: true } : false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  crossOriginEmbedderPolicy: false,
});

/**
 * The API's JSON answers are never rendered as pages, so they carry what matters for data: a policy that allows
 * nothing (and no framing), HSTS, the referrer policy, no sniffing and same-origin reads. The headers only a document
 * uses (the page policy's sources, opener and agent isolation, DNS prefetch, legacy XSS and download switches) are
 * left out: on every reused catalogue answer they were a third of its bytes and of the time to send it.
 */
function apiHeaders(production: boolean): Record<string, string> {
  return securityHeaders({
    ...everyAnswer(production),
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
}

/** Pages under /api: the API's documentation (its own script and style policy is set by its plugin). */
const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Security headers (docs/domain.md § Security) on every answer, errors and refusals included (set on the reply
 * before anything else runs): pages get the page set, the API's answers the lean set above. Inline styles
 * are allowed for the charts; scripts only from our origin, and Stripe's (STRIPE_JS_SOURCES) when card payments go
 * through Stripe.
 * imageOrigins: where uploaded images are served from besides this server (the S3 public URL).
 * Returns the API answers' set, which answers reused from memory carry (plugins/reused-answers.ts).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  production: boolean,
  imageOrigins: string[] = [],
  { stripe = false }: { stripe?: boolean } = {},
): { apiHeaders: Record<string, string> } {
  const extra = (directive: keyof typeof STRIPE_JS_SOURCES) => (stripe ? STRIPE_JS_SOURCES[directive] : []);
  const pageHeaders = securityHeaders({
    ...everyAnswer(production),
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extra('scriptSrc')],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins, ...extra('imgSrc')],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...extra('connectSrc')],
        frameSrc: ["'self'", ...extra('frameSrc')],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: production ? [] : null,
      },
    },
  });
  const answerHeaders = apiHeaders(production);
  // On the reply, not the raw response: Fastify hands them to Node with the answer's own headers in one call, checked
  // once; set on the raw response Node checked and stored each twice (server CPU per reused answer 34.5–41.5 →
  // 31.5–34.6 µs).
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? answerHeaders : pageHeaders);
    done();
  });
  return { apiHeaders: answerHeaders };
}
