import type { ApiScope, Endpoint, EndpointAccess, Role } from '@seamline/shared';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { JobRunner } from './lib/job-runner.js';
import type { AccessTokens } from './lib/jwt.js';
import type { JobQueue } from './lib/queue.js';
import type { ObjectStorage } from './lib/storage/index.js';
import type { PaymentProviders } from './modules/payments/index.js';
import type { Admission } from './plugins/admission.js';
import type { ReusedAnswers } from './plugins/reused-answers.js';

/** What a route declares about who may call it (docs/domain.md § API: a route without it does not start). */
export type Access = EndpointAccess;

export type AuthUser = {
  id: string;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  /** The session (refresh-token family) the access token belongs to; null for tokens that name none. */
  sessionId: string | null;
  /**
   * Set when the caller is an API key (plugins/api-key-auth.ts): then `id` is the key's id, not a user's, and what
   * is stored as a user reference takes `actingUserId` (lib/caller.ts) instead.
   */
  apiKey?: ApiKeyCaller;
};

/** An API key calling: its scopes decide what it may reach. */
export type ApiKeyCaller = { id: string; name: string; scopes: ApiScope[] };

/**
 * A public catalogue answer's cache policy: `shared` answers (lists) may be kept for a short while by any cache and
 * reused by the instance; `revalidate` answers (one product: every read is a view) are kept only with a check back.
 */
export type PublicAnswer = 'shared' | 'revalidate';

/** A registered route; `operationId` names the endpoint contract it was served from, when it was. */
export type RouteAccess = { method: string; url: string; access: Access; operationId?: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its declared access, for the policy tests. */
    routeTable: RouteAccess[];
    db: Db;
    config: Config;
    accessTokens: AccessTokens;
    /** Where uploaded files are stored (local folder or S3). */
    storage: ObjectStorage;
    /** The payment providers this instance takes money through (modules/payments/provider-registry.ts). */
    payments: PaymentProviders;
    /** Background jobs (product import, bulk actions). */
    jobs: JobRunner;
    /** The job queue: modules define its tasks and schedules while the app is built; it starts when the app is ready. */
    queue: JobQueue;
    /** The requests the instance is answering right now (plugins/requests-in-flight.ts). */
    requestsInFlight: () => number;
    /** The anonymous catalogue answers this instance reuses from memory (plugins/reused-answers.ts). */
    reusedAnswers: ReusedAnswers;
  }
  interface FastifyRequest {
    /** The signed-in user, when the request carried a valid access token. */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** A bearer token that also opens the route, for a machine caller without a user session (metrics scraper). */
    serviceToken?: string;
    /** The endpoint contract the route was registered from (lib/contract-route.ts). */
    contract?: Endpoint;
    /** How caches may keep this route's anonymous answers (plugins/public-cache.ts). */
    publicAnswer?: PublicAnswer;
    /**
     * The largest multipart body an upload route takes (its files and form fields): a larger declared body is refused
     * before it is read, and a refused upload's unread rest is drained up to this much (plugins/unread-body.ts).
     */
    uploadBytes?: number;
    /** How the route is treated under overload (plugins/admission.ts); without it, an API call shed with JSON. */
    admission?: Admission;
    /** The route looks its answer up in memory in an onRequest hook: under overload a hit is still served. */
    reusesAnswers?: boolean;
  }
}
