import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness.js';
import { TEST_TOTP_ENCRYPTION_KEY } from '../../test/process.js';
import { type Config, loadConfig } from '../config.js';

/** A built web app with a source map beside its bundle, as `vite build` with source maps would leave it. */
function fakeWebDist(): string {
  const dir = path.join(os.tmpdir(), `seamline-web-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Seamline</title>');
  writeFileSync(
    path.join(dir, 'assets', 'index-abc123.js'),
    'console.log(1);\n//# sourceMappingURL=index-abc123.js.map',
  );
  writeFileSync(
    path.join(dir, 'assets', 'index-abc123.js.map'),
    '{"version":3,"mappings":"AAAA","sources":["App.tsx"]}',
  );
  return dir;
}

const webDist = fakeWebDist();
const secret = {
  JWT_SECRET: 'production-secret-production-secret-0123',
  TOTP_ENCRYPTION_KEY: TEST_TOTP_ENCRYPTION_KEY,
  DATA_DIR: path.join(os.tmpdir(), 'seamline-prod'),
};

/** The production settings this file is about, read from the environment as a real start would. */
function productionSettings(env: NodeJS.ProcessEnv): Partial<Config> {
  const config = loadConfig({ NODE_ENV: 'production', ...secret, ...env });
  return { env: config.env, apiDocs: config.apiDocs, webDist };
}

describe('production defaults', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(productionSettings({}));
  });
  afterAll(async () => t.close());

  it('serves no API docs and no OpenAPI document', async () => {
    expect((await call(t.app, 'GET', '/api/docs')).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/docs/static/index.html')).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/openapi.json')).status).toBe(404);
  });

  it('serves the bundle but not its source map', async () => {
    expect((await call(t.app, 'GET', '/assets/index-abc123.js')).status).toBe(200);
    const map = await call(t.app, 'GET', '/assets/index-abc123.js.map');
    expect(map.status).toBe(404);
    expect(JSON.stringify(map.body)).not.toContain('mappings');
  });
});

describe('production with API_DOCS=1', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(productionSettings({ API_DOCS: '1' }));
  });
  afterAll(async () => t.close());

  it('serves the docs and the OpenAPI document', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    const openapi = await call(t.app, 'GET', '/api/openapi.json');
    expect(openapi.status).toBe(200);
    expect(openapi.body.openapi).toBe('3.0.3');
  });
});

describe('development', () => {
  it('keeps the docs on by default', () => {
    expect(loadConfig({ NODE_ENV: 'development', ...secret }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', ...secret, API_DOCS: '0' }).apiDocs).toBe(false);
  });
});
