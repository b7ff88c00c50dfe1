import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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
 * Security headers (docs/domain.md § Security). Inline styles are allowed for the charts; scripts only from our origin,
 * and Stripe's (STRIPE_JS_SOURCES) when card payments go through Stripe.
 */
/** imageOrigins: where uploaded images are served from besides this server (the S3 public URL). */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  production: boolean,
  imageOrigins: string[] = [],
  { stripe = false }: { stripe?: boolean } = {},
) {
  const extra = (directive: keyof typeof STRIPE_JS_SOURCES) => (stripe ? STRIPE_JS_SOURCES[directive] : []);
  await app.register(helmet, {
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
}
