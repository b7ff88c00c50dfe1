import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config, TrustProxy } from './config.js';
import type { Database } from './db/client.js';
import { IMAGE_LIMITS } from './lib/images.js';
import { AccessTokens } from './lib/jwt.js';
import { defineMailDelivery } from './lib/mail.js';
import { JobQueue } from './lib/queue.js';
import { createStorage } from './lib/storage/index.js';
import { registerRollupFolding } from './modules/analytics/index.js';
import { apiModules } from './modules/index.js';
import { registerLocationStockFolding } from './modules/inventory/index.js';
import { registerJobs } from './modules/jobs/index.js';
import { registerOrderSearchFolding, registerTransferDeadlines } from './modules/orders/index.js';
import { paymentProviders } from './modules/payments/index.js';
import { registerRetention } from './modules/retention/index.js';
import { registerStockAlertMails } from './modules/stock-alerts/index.js';
import { registerStorefront } from './modules/storefront/index.js';
import { registerWebhookDelivery } from './modules/webhooks/index.js';
import { registerAccessControl } from './plugins/access.js';
import { registerAdmission } from './plugins/admission.js';
import { registerDocs } from './plugins/docs.js';
import { registerErrorHandling } from './plugins/errors.js';
import { type CountRequest, registerMetrics, registerMetricsRoute } from './plugins/metrics.js';
import { registerRateLimit } from './plugins/rate-limit.js';
import { registerReadRouting } from './plugins/read-routing.js';
import { registerReadiness } from './plugins/readiness.js';
import { RequestLogController, writesRequestLines } from './plugins/request-log.js';
import { registerRequestsInFlight } from './plugins/requests-in-flight.js';
import { answerBeforeFastify, ReusedAnswers } from './plugins/reused-answers.js';
import { registerSecurityHeaders } from './plugins/security.js';
import { registerUnreadBodyHandling } from './plugins/unread-body.js';
import { registerWebAndUploads } from './plugins/web.js';
import './types.js';

/** Mailed links carry their token in the query string; the request log keeps the path and drops the token. */
export function redactUrlTokens(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

/** pino-pretty is a development dependency: absent after `npm ci --omit=dev`, where the log stays JSON. */
function prettyPrinterInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * Structured JSON logs with request ids (completion lines add route and user: RequestLogController); pretty-printed
 * for a person at a terminal outside production.
 */
function loggerOptions(config: Config, stream?: NodeJS.WritableStream) {
  const pretty = !stream && config.env !== 'production' && process.stdout.isTTY && prettyPrinterInstalled();
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrlTokens(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    ...(stream ? { stream } : {}),
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}

/**
 * Fastify trusts no hop for a bare number (a direct client could forge the header), so a hop count becomes a
 * function: believe the nearest `hops` entries, which only holds when every request comes through those proxies.
 */
function proxyTrust(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export type BuildOptions = {
  config: Config;
  database: Database;
  logger?: boolean;
  /** Where the JSON log goes instead of stdout (tests read it). */
  logStream?: NodeJS.WritableStream;
};

/** A caller's X-Request-Id is kept for tracing when it is a short plain token; anything else gets a fresh id. */
const CALLER_REQUEST_ID = /^[\w.:-]{1,64}$/;
function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && CALLER_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * The job queue, started once every module has defined its tasks (an onReady hook runs after all registrations) and
 * stopped before the database closes; with it the outbox mail's sending task and its SMTP transport.
 */
async function registerQueue(app: FastifyInstance, connectionString: string) {
  const { config } = app;
  const queue = new JobQueue({ connectionString, concurrency: config.queueConcurrency, log: app.log });
  app.decorate('queue', queue);
  const mail = await defineMailDelivery(
    queue,
    app.db,
    { url: config.smtpUrl, timeoutMs: config.smtpTimeoutMs },
    app.log,
  );
  // Mail waits in the outbox while the SMTP server fails: the instance still serves, so it is reported, not fatal.
  if (config.smtpUrl) app.readiness.add('smtp', mail.check);
  // In the background: a start must not wait for (or fail on) the database, e.g. before `npm run db:migrate`.
  app.addHook('onReady', async () => queue.startWhenPossible());
  app.addHook('onClose', async () => {
    await queue.stop();
    mail.close();
  });
}

/** Builds the whole app without listening, so tests drive it with app.inject. */
export async function buildApp({ config, database, logger = true, logStream }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? loggerOptions(config, logStream) : false,
    logController: new RequestLogController(),
    requestIdHeader: false,
    genReqId: requestIdOf,
    trustProxy: proxyTrust(config.trustProxy),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON (and multipart for uploads): plain-text bodies get 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('accessTokens', new AccessTokens(config.jwtSecret));
  const storage = await createStorage(config, app.log);
  app.decorate('storage', storage);
  app.addHook('onClose', async () => storage.close());
  app.decorate('payments', await paymentProviders(config));
  // Hooks on every request are written with callbacks, not async: a reused answer's whole cost is a few of them.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  registerRequestsInFlight(app);
  registerErrorHandling(app);
  registerUnreadBodyHandling(app);
  registerReadiness(app, config.runtime.readinessRequires);
  // A local upload folder is part of the instance; a bucket is a dependency the load balancer must know about.
  if (config.s3) app.readiness.add('storage', () => storage.check());
  const metrics = registerMetrics(app, database.poolStats, () => database.replicas?.states() ?? []);
  const security = registerSecurityHeaders(
    app,
    config.env === 'production',
    config.s3 ? [new URL(config.s3.publicUrl).origin] : [],
    { stripe: config.payments.stripe !== null },
  );
  app.decorate('reusedAnswers', new ReusedAnswers(security.apiHeaders));
  // After the security headers, so a shed answer (the busy page too) carries them.
  await registerAdmission(app, config.overload);
  await registerRateLimit(app, {
    limits: config.rateLimits,
    max: config.rateLimitMax,
    redisUrl: config.redisUrl,
    redisFallback: config.redisFallback,
  });
  registerAccessControl(app);
  await registerReadRouting(app, database.replicas, {
    url: config.redisUrl,
    timeoutMs: config.redisFallback.timeoutMs,
  });
  await app.register(multipart, {
    limits: { fileSize: IMAGE_LIMITS.maxBytes, files: IMAGE_LIMITS.maxFiles, fields: 20 },
  });
  if (config.apiDocs) await registerDocs(app);
  await registerQueue(app, database.connectionString);
  registerJobs(app);
  registerRetention(app);
  registerTransferDeadlines(app);
  registerWebhookDelivery(app);
  registerRollupFolding(app);
  registerOrderSearchFolding(app);
  registerLocationStockFolding(app);
  registerStockAlertMails(app);
  await registerMetricsRoute(app, metrics.scrape);
  for (const module of apiModules) await app.register(module, { prefix: '/api' });
  await registerWebAndUploads(app, {
    webDist: config.webDist,
    shopDist: config.shopDist,
    uploadDir: config.s3 ? null : config.uploadDir,
    serveSourceMaps: config.env !== 'production',
    storefront: (app, shopDist) =>
      registerStorefront(app, { shopDist, publicUrl: config.publicUrl, catalogue: config.catalogue }),
  });
  answerReusedBeforeRouting(app, metrics.countRequest);
  await app.ready();
  return app;
}

/**
 * Once the app is ready, a reused answer is sent from the HTTP server's request event, before Fastify (see
 * `ReusedAnswers.answerEarly`), unless the log writes a line for every request: those lines are Fastify's, so at
 * LOG_LEVEL=info and below reuses go through Fastify's hooks as well (plugins/public-cache.ts). A closing app sends
 * every request to Fastify, which refuses new ones with 503.
 */
function answerReusedBeforeRouting(app: FastifyInstance, countRequest: CountRequest) {
  if (writesRequestLines(app.log.level)) return;
  let stop = () => {};
  app.addHook('onReady', async () => {
    stop = answerBeforeFastify(app.server, (request, response) => {
      const started = performance.now();
      return app.reusedAnswers.answerEarly(request, response, requestIdOf(request), (route, status) =>
        countRequest('GET', route, status, (performance.now() - started) / 1000),
      );
    });
  });
  app.addHook('preClose', async () => stop());
}
