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
export function securityHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const collector = {
    setHeader(name: string, value: string | number) {
      headers.push([name, String(value)]);
    },
    removeHeader(name: string) {
      const at = headers.findIndex(([n]) => n.toLowerCase() === name.toLowerCase());
      if (at !== -1) headers.splice(at, 1);
    },
  };
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers (docs/domain.md § Security) on every answer, errors and refusals included (set on the raw
 * response before anything else runs). Inline styles are allowed for the charts; scripts only from our origin, and
 * Stripe's (STRIPE_JS_SOURCES) when card payments go through Stripe.
 * imageOrigins: where uploaded images are served from besides this server (the S3 public URL).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  production: boolean,
  imageOrigins: string[] = [],
  { stripe = false }: { stripe?: boolean } = {},
): void {
  const extra = (directive: keyof typeof STRIPE_JS_SOURCES) => (stripe ? STRIPE_JS_SOURCES[directive] : []);
  const headers = securityHeaders({
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
    hsts: production ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
