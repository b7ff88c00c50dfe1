import type { ApiScope } from '@seamline/shared';
import type { FastifyInstance } from 'fastify';
import { call } from './harness.js';

/** An API key created through the admin API; `secret` is the whole key, shown once. */
export async function createApiKey(
  app: FastifyInstance,
  adminToken: string,
  name: string,
  scopes: ApiScope[],
  expiresOn: string | null = null,
) {
  const response = await call(app, 'POST', '/api/admin/api-keys', {
    token: adminToken,
    body: { name, scopes, expiresOn },
  });
  if (response.status !== 201) throw new Error(`key creation failed: ${JSON.stringify(response.body)}`);
  return { id: response.body.data.apiKey.id as string, secret: response.body.data.secret as string };
}
