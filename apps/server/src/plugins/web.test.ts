import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness.js';

describe('the served web app', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'seamline-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(webDist, 'assets', 'OrdersPage-new1.js'), 'export default 1;');
    t = await createTestApp({ webDist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers deep links with the app and existing build files with themselves', async () => {
    const deepLink = await call(t.app, 'GET', '/orders/old/link');
    expect(deepLink.status).toBe(200);
    expect(String(deepLink.headers['content-type'])).toContain('text/html');
    const file = await call(t.app, 'GET', '/assets/OrdersPage-new1.js');
    expect(file.status).toBe(200);
    expect(String(file.headers['content-type'])).toContain('javascript');
  });

  it('answers a build file that is gone (an older release) with 404, not with the app page', async () => {
    // An HTML answer would reach the browser as a broken script; a 404 lets the app say "could not be loaded".
    const gone = await call(t.app, 'GET', '/assets/OrdersPage-old0.js');
    expect(gone.status).toBe(404);
    expect(String(gone.headers['content-type'])).not.toContain('text/html');
  });
});
