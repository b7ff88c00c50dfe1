import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import { productContracts } from '@seamline/shared';
import type { BrowserContext, Locator, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { freePort, startCompiled } from '../../apps/server/test/process.js';
import { ADMIN, accessToken, call } from '../api.js';
import { browserTest, expectAccessible, openBrowser, screenshot, signInToBackOffice } from '../browser.js';

/**
 * The server sheds load when its mean event-loop delay passes this many milliseconds (past the 10 ms the measurement
 * itself adds): on a CPU shared with two busy loops that happens again and again, but not on every sample.
 */
const OVERLOAD_MAX_EVENT_LOOP_DELAY_MS = '10';
/** Long enough for a shed page to retry itself and for calls to come through their retries. */
const LOADED_WITHIN_MS = 90_000;

type Seen = { url: string; method: string; status: number; type: string };

const isApiRead = (s: Seen) => new URL(s.url).pathname.startsWith('/api/') && s.method === 'GET';
/** A read answered: fresh, or confirmed unchanged since the copy the browser keeps. */
const answered = (s: Seen) => isApiRead(s) && (s.status === 200 || s.status === 304);

/** Which of the elements shows first (null when none does within the time). */
function firstOf<K extends string>(elements: Record<K, Locator>, timeout: number): Promise<K | null> {
  const entries = Object.entries(elements) as [K, Locator][];
  return new Promise((resolve) => {
    let waiting = entries.length;
    for (const [key, element] of entries)
      element.waitFor({ timeout }).then(
        () => resolve(key),
        () => {
          waiting -= 1;
          if (waiting === 0) resolve(null);
        },
      );
  });
}

/** A busy loop per core (at least two) for as long as the test runs. */
function saturateCpu(): ChildProcess[] {
  const cores = Math.max(2, os.availableParallelism());
  return Array.from({ length: cores }, () => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
}

/**
 * Waits for a screen's data. A read the server kept shedding through all its retries ends in the screen's error
 * state, as designed: like a person, the test then uses its 'Try Again' (twice at most).
 */
async function waitForData(page: Page, data: RegExp | string) {
  const shown = page.getByRole('main').getByText(data).first();
  const tryAgain = page.getByRole('button', { name: 'Try Again' });
  for (let attempt = 0; attempt < 2; attempt++) {
    const outcome = await firstOf({ shown, failed: tryAgain }, LOADED_WITHIN_MS);
    if (outcome === 'shown') return;
    if (outcome === 'failed') await tryAgain.click();
  }
  await shown.waitFor({ timeout: LOADED_WITHIN_MS });
}

/** Polls the liveness check (never shed; readiness answers 503 while overloaded) until the server is up. */
async function waitLive(origin: string, server: ChildProcess, output: () => string) {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited:\n${output()}`);
    const live = await fetch(`${origin}/api/health/live`).then(
      (r) => r.ok,
      () => false,
    );
    if (live) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server did not start:\n${output()}`);
}

/**
 * Other staff at work: back-office product lists of 100 at a time (signed in, so never answered from memory), each a
 * different page, for as long as the test runs. With the busy loops this keeps the server's event loop late, so it
 * sheds; an idle server on a busy CPU is seldom late at all. How late depends on the machine, and a shared machine's
 * speed changes within minutes: `regulate` keeps the server at its limit, shedding again and again but not always.
 */
function otherStaff(origin: string, token: string) {
  let stopped = false;
  let wanted = 0;
  let working = 0;
  let page = 0;
  const work = async () => {
    working += 1;
    while (!stopped && working <= wanted) {
      page = (page % 5) + 1;
      await call(productContracts.adminList, { query: { limit: 100, page }, token, origin }).catch(() => undefined);
    }
    working -= 1;
  };
  const join = (count: number) => {
    wanted += count;
    while (working < wanted) void work();
  };
  return {
    join,
    /**
     * Every 5 s: two colleagues leave when every readiness check of those seconds said "Overloaded" (nothing would get
     * through), two join when none did (nothing would be shed).
     */
    async regulate(isOverloaded: () => Promise<boolean>) {
      let checks: boolean[] = [];
      while (!stopped) {
        checks.push(await isOverloaded());
        if (checks.length === 10) {
          if (checks.every(Boolean)) wanted = Math.max(0, wanted - 2);
          else if (!checks.some(Boolean)) join(2);
          checks = [];
        }
        await new Promise((r) => setTimeout(r, 500));
      }
    },
    stop() {
      stopped = true;
    },
  };
}

/**
 * The server's own report of an overload: readiness answers 503 "Overloaded". A check cut short (the server stopping
 * at the end of the test) is no report.
 */
function isOverloaded(origin: string): Promise<boolean> {
  return fetch(`${origin}/api/health/ready`)
    .then(async (answer) => answer.status === 503 && (await answer.text()).includes('Overloaded'))
    .catch(() => false);
}

/**
 * Waits until the server itself reports the overload, so the test runs against a server that sheds, not one the busy
 * loops happened to leave alone. Every 10 s without one, more staff join; from then on the staff regulate themselves.
 */
async function waitOverloaded(origin: string, staff: ReturnType<typeof otherStaff>) {
  staff.join(8);
  for (let i = 1; i <= 360; i++) {
    if (await isOverloaded(origin)) {
      void staff.regulate(() => isOverloaded(origin));
      return;
    }
    if (i % 40 === 0) staff.join(8);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server never reported an overload under the busy loops');
}

type OwnServer = { origin: string; stop(): Promise<void> };

/**
 * The compiled server with its own overload settings, on the shared e2e server's data folder: it joins that database
 * (demo data) instead of seeding its own, and leaves the shared server's settings alone.
 */
async function startOwnServer(overload: Record<string, string>): Promise<OwnServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startCompiled({
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: inject('dataDir'),
    DATABASE_URL: '',
    REDIS_URL: '',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000',
    TRUST_PROXY: '127.0.0.1',
    ...overload,
  });
  await waitLive(origin, server.child, server.output);
  return {
    origin,
    async stop() {
      server.child.kill('SIGTERM');
      await server.exited;
    },
  };
}

/** Every answer the browser gets, in order. */
function recordAnswers(page: Page): Seen[] {
  const seen: Seen[] = [];
  page.on('response', (response: Response) => {
    const request = response.request();
    seen.push({
      url: response.url(),
      method: request.method(),
      status: response.status(),
      type: request.resourceType(),
    });
  });
  return seen;
}

/**
 * Signs in through the form. A sign-in the busy server shed is not retried by the app (it is not idempotent), so the
 * test, like a person, waits the Retry-After and sends it again.
 */
async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email, { timeout: LOADED_WITHIN_MS });
  await page.getByLabel('Password').fill(ADMIN.password);
  const isSignIn = (response: Response) =>
    new URL(response.url()).pathname === '/api/auth/login' && response.request().method() === 'POST';
  for (let attempt = 0; attempt < 10; attempt++) {
    const [answer] = await Promise.all([
      page.waitForResponse(isSignIn),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    if (answer.status() !== 503) break;
    await new Promise((r) => setTimeout(r, Number(answer.headers()['retry-after']) * 1000));
  }
  await page.waitForURL('**/dashboard');
}

/** The back-office screens visited under load, each with text only its own data shows. */
const SCREENS = [
  ['Orders', /ORD-\d{8}-[A-Z0-9]{6}/],
  ['Products', /\$\d+\.\d{2}/],
  ['Customers', /@example\.com/],
] as const;

async function visitScreens(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [link, data] of SCREENS) {
    await nav.getByRole('link', { name: link, exact: true }).click({ timeout: LOADED_WITHIN_MS });
    await waitForData(page, data);
  }
}

/**
 * Reads that were shed and came through on a later try. (A shed read of a screen left before its retry is not asked
 * again, so not every one of them is answered.)
 */
function shedReadsRetriedToSuccess(seen: Seen[]): Seen[] {
  const shedReads = seen.filter((s) => isApiRead(s) && s.status === 503);
  return shedReads.filter((shed) => seen.slice(seen.indexOf(shed) + 1).some((s) => s.url === shed.url && answered(s)));
}

describe('a server with a starved CPU', () => {
  let burners: ChildProcess[] = [];
  let staff: ReturnType<typeof otherStaff> | undefined;
  let server: OwnServer | undefined;
  let context: BrowserContext;
  let page: Page;
  let seen: Seen[];

  beforeAll(async () => {
    if (!inject('hasBrowser')) return;
    server = await startOwnServer({ OVERLOAD_MAX_EVENT_LOOP_DELAY_MS });
    burners = saturateCpu();
    staff = otherStaff(server.origin, await accessToken(ADMIN, server.origin));
    await waitOverloaded(server.origin, staff);
    ({ context, page } = await openBrowser(server.origin));
    seen = recordAnswers(page);
  });
  afterAll(async () => {
    staff?.stop();
    for (const burner of burners) burner.kill('SIGKILL');
    await context?.close();
    await server?.stop();
  });

  browserTest(
    'still loads the shop and the back office: no file is ever shed, and shed calls come through on a retry',
    async () => {
      // A shopper opens a search; a shed visit waits on the busy page, which retries by itself.
      await page.goto('/shop/search?q=shirt');
      await page.getByText(/^\d[\d,]*\+? products?$/).waitFor({ timeout: LOADED_WITHIN_MS });
      await screenshot(page, 'overload-shop-search');

      await signIn(page);
      await waitForData(page, 'Total Revenue');
      // Each screen's own data must arrive (a shed read retried), not just its frame. Whether a given read lands in a
      // moment of shedding is up to the scheduler, so the screens are visited again (after a reload, which asks for
      // everything afresh) until a shed read has come through, six rounds at most.
      for (let round = 0; round < 6 && shedReadsRetriedToSuccess(seen).length === 0; round++) {
        if (round > 0) await page.reload();
        await visitScreens(page);
      }
      await screenshot(page, 'overload-back-office');

      const files = seen.filter((s) => !new URL(s.url).pathname.startsWith('/api/') && s.type !== 'document');
      expect(files.length).toBeGreaterThan(10);
      expect(files.filter((s) => s.status >= 500)).toEqual([]);
      expect(shedReadsRetriedToSuccess(seen).length).toBeGreaterThan(0);
    },
    LOADED_WITHIN_MS * 6,
  );
});

/**
 * Screenshot and accessibility check of the busy page. When it reloads itself meanwhile (after 5–7 s; the check is
 * slow on a loaded machine) the check is made again on the page it reloaded into, which is the same.
 */
async function checkBusyPage(page: Page, name: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.getByText('This page tries again by itself in').waitFor();
      await screenshot(page, name);
      await expectAccessible(page, name);
      return;
    } catch (error) {
      const reloaded = error instanceof Error && /context was destroyed|navigat/i.test(error.message);
      if (!reloaded || attempt === 3) throw error;
    }
  }
}

describe('a server that sheds every request it may', () => {
  let server: OwnServer | undefined;
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];

  beforeAll(async () => {
    if (!inject('hasBrowser')) return;
    // A heap limit of 1 MB: every sample is over it, so the server stays overloaded.
    server = await startOwnServer({ OVERLOAD_MAX_HEAP_MB: '1' });
    ({ context, page, consoleErrors } = await openBrowser(server.origin));
  });
  afterAll(async () => {
    await context?.close();
    await server?.stop();
  });

  browserTest(
    'shows a visit the busy page, which works under the CSP, tries again by itself and can be stopped',
    async () => {
      const requestsOf = (address: string) => (response: Response) => new URL(response.url()).pathname === address;
      for (const [address, size, name] of [
        ['/orders', { width: 1440, height: 900 }, 'overload-busy-page-desktop'],
        ['/shop/cart', { width: 390, height: 844 }, 'overload-busy-page-phone'],
      ] as const) {
        await page.setViewportSize(size);
        const shed = await page.goto(address);
        expect(shed?.status()).toBe(503);
        expect(shed?.headers()['retry-after']).toBe('5');
        await checkBusyPage(page, name);
        // The page asks for the same address again after Retry-After (and is shed again here).
        const again = await page.waitForResponse(requestsOf(address), { timeout: 15_000 });
        expect(again.status()).toBe(503);
      }
      // A visitor who would rather wait stops it: no more tries, however long the page stays open.
      await page.getByText('This page tries again by itself in').waitFor();
      await page.getByRole('button', { name: 'Stop trying' }).click();
      await page.getByText('Stopped. Try again when you are ready.').waitFor();
      const retried = await page.waitForResponse(requestsOf('/shop/cart'), { timeout: 9_000 }).then(
        () => true,
        () => false,
      );
      expect(retried).toBe(false);
      // Nothing on it was refused by the Content-Security-Policy (or failed otherwise) but the shed page itself.
      expect(consoleErrors.filter((error) => !error.includes('503'))).toEqual([]);
    },
  );
});

describe('code that does not arrive the first time', () => {
  let context: BrowserContext;

  beforeAll(async () => {
    if (!inject('hasBrowser')) return;
    ({ context } = await openBrowser());
  });
  afterAll(async () => context?.close());

  /** Answers the first request for a file 503 (a busy server or proxy) and lets the later ones through. */
  async function failFirst(page: Page, file: RegExp): Promise<() => number> {
    let requests = 0;
    await page.route(file, (route) => {
      requests += 1;
      return requests === 1 ? route.fulfill({ status: 503, body: 'busy' }) : route.continue();
    });
    return () => requests;
  }

  browserTest('loads a screen of either app after one reload of the page, at the address opened', async () => {
    // Each app in a tab of its own: the one-reload guard is kept per tab.
    const backOffice = await context.newPage();
    await signInToBackOffice(backOffice, ADMIN);
    const ordersRequests = await failFirst(backOffice, /\/assets\/OrdersPage-[^/]+\.js$/);
    await backOffice
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Orders', exact: true })
      .click();
    await backOffice.getByRole('heading', { name: 'Order Management' }).waitFor();
    expect(new URL(backOffice.url()).pathname).toBe('/orders');
    expect(ordersRequests()).toBe(2);

    const shop = await context.newPage();
    const listingRequests = await failFirst(shop, /\/shop\/assets\/ListingPage-[^/]+\.js$/);
    await shop.goto('/shop/');
    await shop.getByRole('searchbox', { name: 'Search products' }).fill('tee');
    await shop.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    await shop.getByRole('heading', { name: 'Results for “tee”' }).waitFor();
    expect(new URL(shop.url()).search).toBe('?q=tee');
    expect(listingRequests()).toBe(2);
  });
});
