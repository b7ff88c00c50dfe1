import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { contractGroups } from '@seamline/shared';
import createClient from 'openapi-fetch';
import type { OperationObject } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../../generated/api-types.js';
import {
  apiTypesFile,
  formatProblems,
  generateApiTypes,
  lintDocument,
  type OpenApiDocument,
  repoRoot,
} from '../test/api-description.js';
import { signedIn } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { callerLine, errorStatuses } from './plugins/docs.js';

let t: TestApp;
let document: OpenApiDocument;
const contracts = Object.values(contractGroups).flatMap((group) => Object.values(group));

/** The .ts files under dir, tests and the contracts themselves left out (a quote must not vouch for itself). */
async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => !path.relative(dir, file).startsWith(`contracts${path.sep}`));
}

/** Every string the code can answer with: its literals, and its template literals as patterns (`${…}` = anything). */
async function messagePatterns(): Promise<RegExp[]> {
  const files = [
    ...(await sourceFiles(path.join(repoRoot, 'apps/server/src'))),
    ...(await sourceFiles(path.join(repoRoot, 'packages/shared/src'))),
  ];
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const patterns: RegExp[] = [];
  for (const file of files) {
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        patterns.push(new RegExp(`^${literal(node.text)}$`));
      } else if (ts.isTemplateExpression(node)) {
        const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
        patterns.push(new RegExp(`^${parts.map(literal).join('.+')}$`));
      }
      ts.forEachChild(node, visit);
    };
    visit(ts.createSourceFile(file, await readFile(file, 'utf8'), ts.ScriptTarget.Latest));
  }
  return patterns;
}

beforeAll(async () => {
  t = await createTestApp({ apiDocs: true });
  document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(async () => t.close());

describe('the API description at /api/openapi.json', () => {
  it('names who may call each operation, from its access rule', () => {
    const operation = (path: string, method: string) =>
      (document.paths?.[path] as Record<string, OperationObject & { 'x-roles'?: string[] }> | undefined)?.[method];
    const deleteCoupon = operation('/api/admin/coupons/{id}', 'delete');
    expect(deleteCoupon?.description).toMatch(/Who may call: admin\. API keys with the scope `coupons:write`\.$/);
    expect(operation('/api/admin/users', 'get')?.description).toMatch(/Who may call: admin, moderator, support\.$/);
    expect(deleteCoupon?.['x-roles']).toEqual(['admin']);
    expect(operation('/api/products', 'get')?.description).toMatch(/Who may call: anyone, without signing in\.$/);
    expect(operation('/api/products', 'get')?.['x-roles']).toBeUndefined();
  });

  it('describes every contract: operationId, summary, description, tag, 4xx answers with the error envelope, body example', () => {
    expect(document.servers?.[0]?.url).toBe(t.config.publicUrl);
    for (const contract of contracts) {
      // What the endpoint does (who may call it, its rules, errors and side effects) is part of its contract.
      expect(contract.description?.trim(), `${contract.operationId} has no description`).toBeTruthy();
      const openapiPath = `/api${contract.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
      const pathItem = document.paths?.[openapiPath] as Record<string, OperationObject> | undefined;
      const operation = pathItem?.[contract.method.toLowerCase()];
      expect(operation, contract.operationId).toMatchObject({
        operationId: contract.operationId,
        summary: contract.summary,
        description: `${contract.description}\n\n${callerLine(contract)}`,
        tags: [contract.tag],
      });
      for (const status of errorStatuses(contract)) {
        expect(operation?.responses?.[status], `${contract.operationId} ${status}`).toHaveProperty('$ref');
      }
      if (contract.bodyExample !== undefined) {
        const body = operation?.requestBody as { content: Record<string, { example?: unknown }> } | undefined;
        expect(body?.content['application/json']?.example, contract.operationId).toEqual(contract.bodyExample);
      }
    }
    const refs = Object.values(document.components?.responses ?? {}).map((response) => JSON.stringify(response));
    for (const ref of refs) expect(ref).toContain('#/components/schemas/ErrorEnvelope');
  });

  it('quotes, as `<status> "<message>"`, only messages the server can answer', async () => {
    const patterns = await messagePatterns();
    const quoted = contracts.flatMap((contract) =>
      [...(contract.description ?? '').matchAll(/\b[1-5]\d\d "([^"]+)"/g)].map(
        (m) => `${contract.operationId}: ${m[1]}`,
      ),
    );
    expect(quoted.length).toBeGreaterThan(50);
    const unknown = quoted.filter((entry) => {
      const message = entry.slice(entry.indexOf(': ') + 2);
      return !patterns.some((pattern) => pattern.test(message));
    });
    expect(unknown).toEqual([]);
  });

  it('passes redocly lint (recommended rules) with 0 errors', async () => {
    const { errors, warnings } = await lintDocument(document);
    expect(formatProblems(errors)).toBe('');
    // The warnings that remain are listed (and explained) in docs/decisions/0026-one-contract-endpoint-contracts.md.
    expect(warnings.every((w) => ['no-ambiguous-paths', 'no-server-example.com'].includes(w.ruleId))).toBe(true);
  }, 120_000);

  it('the checked-in client types are what openapi-typescript generates from it (else run `npm run api:types`)', async () => {
    expect(await readFile(apiTypesFile, 'utf8')).toBe(await generateApiTypes(document));
  });

  it('a client generated by openapi-typescript + openapi-fetch calls the running app, typed', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const { token } = await signedIn(t.app, 'admin');
    const client = createClient<paths>({
      baseUrl: `http://127.0.0.1:${port}`,
      headers: { authorization: `Bearer ${token}` },
    });

    const created = await client.POST('/api/admin/coupons', {
      body: {
        name: 'Typed client',
        type: 'percentage',
        value: 10,
        usageLimit: 5,
        userUsageLimit: 1,
        isActive: true,
        firstTimeUserOnly: false,
      },
    });
    expect(created.response.status).toBe(201);
    const coupon = created.data?.data.data;
    expect(coupon?.name).toBe('Typed client');
    expect(coupon?.code).toMatch(/^[A-Z0-9]{8}$/);

    const listed = await client.GET('/api/admin/coupons', { params: { query: { search: 'Typed', limit: 10 } } });
    expect(listed.response.status).toBe(200);
    expect(listed.data?.data.data.map((c) => c.name)).toEqual(['Typed client']);

    const missing = await client.GET('/api/admin/coupons/{id}', { params: { path: { id: 'f'.repeat(24) } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.success).toBe(false);
  });
});
