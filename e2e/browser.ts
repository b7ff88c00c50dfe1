import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject, it } from 'vitest';

import { CHROMIUM_PATH } from './chromium.js';
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, 'screenshots');

// Without these flags Chromium keeps calling out to the closed network from a sandbox-less root session.
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const baseUrl = () => inject('baseUrl');

/** A browser test; reported as skipped when the machine has no Chromium (global-setup says why). */
export const browserTest = inject('hasBrowser') ? it : it.skip;

export async function openBrowser(): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }> {
  const context = await chromium.launchPersistentContext(mkdtempSync(path.join(os.tmpdir(), 'seamline-chromium-')), {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ARGS,
    viewport: { width: 1440, height: 900 },
    baseURL: baseUrl(),
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { context, page, consoleErrors };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
