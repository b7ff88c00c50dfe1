import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ACCESS, type Endpoint, type ErrorStatus, errorEnvelope, scopeFor } from '@seamline/shared';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ERROR_RESPONSES: Record<ErrorStatus, { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'The input is invalid; `details` names each field and its message.' },
  401: { name: 'Unauthorized', description: 'No valid access token (or wrong credentials).' },
  402: { name: 'PaymentDeclined', description: 'The payment provider declined the payment.' },
  403: { name: 'Forbidden', description: "The caller's role may not do this." },
  404: { name: 'NotFound', description: 'The resource does not exist.' },
  409: { name: 'Conflict', description: 'The request conflicts with the current state.' },
  413: { name: 'PayloadTooLarge', description: 'The request body is too large.' },
  415: { name: 'UnsupportedMediaType', description: 'The body is not of a supported type.' },
  422: { name: 'Unprocessable', description: 'The request is understood but cannot be carried out.' },
  429: { name: 'TooManyRequests', description: 'Too many requests; retry after the `Retry-After` seconds.' },
  502: { name: 'BadGateway', description: 'The payment provider refused, failed or did not answer; nothing was done.' },
  503: { name: 'ServiceBusy', description: 'Busy or a dependency is down; retry after the `Retry-After` seconds.' },
  507: { name: 'InsufficientStorage', description: 'The server has no room to store the upload.' },
};

const TAG_DESCRIPTIONS: Record<string, string> = {
  health: 'Liveness and readiness probes.',
  auth: 'Sign-in, registration, tokens, password reset and e-mail verification.',
  profile: "The signed-in customer's profile, addresses and saved cards.",
  users: 'Staff user management.',
  products: 'The catalogue: storefront reads and staff writes.',
  images: 'Product image uploads.',
  inventory: 'Stock levels, movements and alerts.',
  categories: 'Product categories.',
  brands: 'Product brands.',
  orders: 'Orders for customers and staff.',
  checkout: 'Checkout pricing.',
  payments: 'Payments through the configured provider.',
  coupons: 'Discount coupons.',
  customers: 'Customer management.',
  analytics: 'Dashboard and reports.',
  'activity-logs': 'The audit trail of staff actions.',
  'api-keys': 'Scoped API keys for machine callers (ERP, warehouse).',
  monitoring: 'Prometheus metrics for scrapers and admins.',
};

/** The failures an endpoint can answer with: those its access rule and inputs imply, plus the ones it names. */
export function errorStatuses(contract: Endpoint): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(contract.errors ?? []);
  if (contract.params || contract.query || contract.body || contract.multipart) statuses.add(400);
  if (contract.access !== 'public') statuses.add(401);
  if (contract.access !== 'public' && contract.access !== 'authenticated') statuses.add(403);
  if (contract.params) statuses.add(404);
  statuses.add(429);
  return [...statuses].sort();
}

/** Who may call the endpoint, in words: the access rule reaches the API reference without being restated by hand. */
export function callerLine(contract: Endpoint): string {
  if (contract.access === 'public') return 'Who may call: anyone, without signing in.';
  if (contract.access === 'authenticated') return 'Who may call: any signed-in user.';
  const scope = scopeFor(contract.access, contract.method);
  const byKey = scope ? ` API keys with the scope \`${scope}\`.` : '';
  return `Who may call: ${ACCESS[contract.access].join(', ')}.${byKey}`;
}

type Operation = {
  operationId?: string;
  description?: string;
  'x-roles'?: readonly string[];
  security?: unknown[];
  responses?: Record<string, unknown>;
  requestBody?: { content?: Record<string, { example?: unknown }> };
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, unknown>; responses?: Record<string, unknown> };
  tags?: { name: string; description: string }[];
};

/**
 * Adds what the route schemas cannot say: who may call each operation, its failures, body example and (for public
 * ones) no security.
 */
function describeContracts<D extends Document>(document: D, contracts: Map<string, Endpoint>): D {
  document.components.schemas = {
    ...document.components.schemas,
    ErrorEnvelope: z.toJSONSchema(errorEnvelope, { target: 'openapi-3.0' }),
  };
  document.components.responses = Object.fromEntries(
    Object.values(ERROR_RESPONSES).map(({ name, description }) => [
      name,
      { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } },
    ]),
  );
  const tags = new Set<string>();
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations)) {
      const contract = operation.operationId ? contracts.get(operation.operationId) : undefined;
      if (!contract) continue;
      tags.add(contract.tag);
      if (contract.access === 'public') operation.security = [];
      operation.description = [contract.description, callerLine(contract)].filter(Boolean).join('\n\n');
      if (contract.access !== 'public' && contract.access !== 'authenticated') {
        operation['x-roles'] = ACCESS[contract.access];
      }
      for (const status of errorStatuses(contract)) {
        operation.responses = {
          ...operation.responses,
          [status]: { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` },
        };
      }
      const json = operation.requestBody?.content?.['application/json'];
      if (json && contract.bodyExample !== undefined) json.example = contract.bodyExample;
    }
  }
  document.tags = [...tags].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name }));
  return document;
}

/** OpenAPI 3 generated from the endpoint contracts: /api/openapi.json and the docs UI at /api/docs. */
export async function registerDocs(app: FastifyInstance) {
  const contracts = new Map<string, Endpoint>();
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Seamline API',
        version: '0.1.0',
        description:
          'Storefront and back-office API of Seamline. Success: { success: true, data }. Errors: { success: false, error, message, code, details? }.',
        license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
      },
      servers: [{ url: app.config.publicUrl.replace(/\/+$/, ''), description: 'This server' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'A staff or customer access token (JWT), or an API key `sk_…` (its scopes decide).',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: (input) => {
      // Pages, robots.txt and sitemaps are for browsers and crawlers, not part of the API.
      if (!input.url.startsWith('/api/')) return { schema: { ...input.schema, hide: true }, url: input.url };
      const contract = input.route.config?.contract;
      if (contract) contracts.set(contract.operationId, contract);
      return jsonSchemaTransform(input);
    },
    transformObject: (document) =>
      'openapiObject' in document
        ? describeContracts(document.openapiObject as Document, contracts)
        : document.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
}
