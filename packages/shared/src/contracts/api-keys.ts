import { z } from 'zod';
import { API_KEY_MESSAGES, apiKeyInput, apiKeyView } from '../api-keys.js';
import { endpoint } from '../contract.js';
import { envelope } from '../envelopes.js';
import { idParams } from '../id-params.js';

const tag = 'api-keys';

/** Scoped keys for machine callers (docs/domain.md § API keys): admins create, list and revoke them. */
export const apiKeyContracts = {
  list: endpoint({
    operationId: 'listApiKeys',
    method: 'GET',
    path: '/admin/api-keys',
    summary: 'Every API key with its scopes, creator, expiry and last use (never its secret)',
    description: 'Newest first; revoked and expired keys stay listed with their status.',
    tag,
    access: 'integrations',
    responses: { 200: envelope(z.object({ apiKeys: z.array(apiKeyView) })) },
  }),
  create: endpoint({
    operationId: 'createApiKey',
    method: 'POST',
    path: '/admin/api-keys',
    summary: 'Create an API key; its secret is in this answer only',
    description:
      'The answer carries the whole key (`sk_<prefix>_<secret>`) once; only its hash is stored, so it cannot be ' +
      'shown again. Callers send it as `Authorization: Bearer sk_…`. `expiresOn` (YYYY-MM-DD, UTC) is the last day it works.',
    tag,
    access: 'integrations',
    body: apiKeyInput,
    bodyExample: { name: 'ERP sync', scopes: ['orders:read', 'inventory:write'], expiresOn: null },
    responses: { 201: envelope(z.object({ apiKey: apiKeyView, secret: z.string() })) },
  }),
  revoke: endpoint({
    operationId: 'revokeApiKey',
    method: 'POST',
    path: '/admin/api-keys/:id/revoke',
    summary: 'Revoke an API key: refused from its next call on, on every instance',
    description: `A key already revoked answers 409 "${API_KEY_MESSAGES.alreadyRevoked}".`,
    tag,
    access: 'integrations',
    params: idParams('API key'),
    responses: { 200: envelope(z.object({ apiKey: apiKeyView })) },
    errors: [409],
  }),
};
