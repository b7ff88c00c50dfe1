import { crc32, deflateSync } from 'node:zlib';
import { brandContracts, categoryContracts } from '@seamline/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ADMIN, accessToken, call } from '../api.js';
import { baseUrl, browserTest, expectAccessible, openBrowser, screenshot } from '../browser.js';

const MODERATOR = { email: 'moderator@seamline.dev', password: 'Moderator123!' };
const RUN = Date.now().toString(36).slice(-5);

/** A small diagonal-gradient PNG, encoded here so the test needs no image library. */
function gradientPng(size: number, from: [number, number, number], to: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * size);
      for (let c = 0; c < 3; c++) rows.push(Math.round(from[c]! + (to[c]! - from[c]!) * t));
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The guard returns to the page that sent the visitor to /login, else the dashboard.
  await page.waitForURL((url) => url.pathname !== '/login');
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL('**/login');
}

/** Types into the search box and waits until the debounced search has been answered by the server. */
async function search(page: Page, placeholder: string, text: string) {
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).searchParams.get('search') === text && response.ok(),
  );
  await page.getByPlaceholder(placeholder).fill(text);
  await answered;
}

/** Creates items straight through the API (as the admin) so lists have known content. */
async function createThroughApi(contracts: typeof categoryContracts | typeof brandContracts, names: string[]) {
  const token = await accessToken(ADMIN);
  for (const name of names) {
    const created = await call(contracts.create, {
      token,
      body: { name, description: `${name} for the browser test`, website: 'https://example.com' },
    });
    expect(created.status).toBe(201);
  }
}

// "Every image on the page has loaded" as a string expression (this project compiles without DOM types).
const imagesLoaded = "[...document.querySelectorAll('main img')].every((img) => img.complete && img.naturalWidth > 0)";

const KINDS = [
  {
    noun: 'Category',
    plural: 'Categories',
    path: '/categories',
    contracts: categoryContracts,
    name: `Outerwear ${RUN}`,
    picture: 'image',
    folder: 'categories',
    colors: [
      [79, 70, 229],
      [236, 72, 153],
    ] as const,
  },
  {
    noun: 'Brand',
    plural: 'Brands',
    path: '/brands',
    contracts: brandContracts,
    name: `Northwind ${RUN}`,
    picture: 'logo',
    folder: 'brands',
    colors: [
      [16, 185, 129],
      [14, 116, 144],
    ] as const,
  },
];

describe('categories and brands management', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];
  beforeAll(async () => {
    if (!baseUrl()) return;
    ({ context, page, consoleErrors } = await openBrowser());
    await signIn(page, ADMIN);
  });
  afterAll(async () => context?.close());

  for (const kind of KINDS) {
    browserTest(
      `an admin adds, edits with ${kind.picture === 'logo' ? 'a logo' : 'an image'}, searches and deletes a ${kind.noun.toLowerCase()}`,
      async () => {
        await page.goto(kind.path);
        await page.getByRole('heading', { name: `${kind.noun} Management` }).waitFor();
        await page.getByPlaceholder(`Search ${kind.plural.toLowerCase()}...`).waitFor();

        // Add: the submit button waits for a valid name; the shared messages show as you type.
        await page.getByRole('button', { name: `Add ${kind.noun}` }).click();
        const dialog = page.getByRole('dialog', { name: `Add New ${kind.noun}` });
        const submit = dialog.getByRole('button', { name: `Add ${kind.noun}` });
        expect(await submit.isDisabled()).toBe(true);
        await dialog.getByLabel('Name').fill('A');
        await dialog
          .getByText(`${kind.noun} name must be at least ${kind.noun === 'Brand' ? 2 : 3} characters`)
          .waitFor();
        expect(await submit.isDisabled()).toBe(true);
        await dialog.getByLabel('Name').fill(kind.name);
        await dialog.getByLabel('Description').fill(`Everything ${kind.name} stands for.`);
        if (kind.noun === 'Brand') {
          await dialog.getByLabel('Website').fill('northwind.example');
          await dialog.getByText('Website must be a valid URL starting with http:// or https://').waitFor();
          expect(await submit.isDisabled()).toBe(true);
          await dialog.getByLabel('Website').fill('https://northwind.example');
        }
        await screenshot(page, `${kind.folder}-add-dialog`);
        await expectAccessible(page, `${kind.folder}-add-dialog`);
        await submit.click();
        await page.getByText(`${kind.noun} added successfully`).waitFor();
        await dialog.waitFor({ state: 'detached' });

        // Search (debounced) narrows the grid to the new card.
        await search(page, `Search ${kind.plural.toLowerCase()}...`, kind.name);
        const cards = page.getByTestId('taxonomy-card');
        await expect.poll(() => cards.count(), { timeout: 5000 }).toBe(1);
        await cards.first().getByRole('heading', { name: kind.name }).waitFor();
        if (kind.noun === 'Brand') {
          const link = cards.first().getByRole('link', { name: 'Visit Website' });
          expect(await link.getAttribute('href')).toBe('https://northwind.example');
          expect(await link.getAttribute('target')).toBe('_blank');
        }

        // Edit with a picture: it is uploaded, processed and shown on the card.
        await page.getByRole('button', { name: `Edit ${kind.name}` }).click();
        const edit = page.getByRole('dialog', { name: `Edit ${kind.noun}` });
        await edit.getByLabel('Description').fill(`Updated: ${kind.name} in a new light.`);
        await edit.locator('input[type=file]').setInputFiles({
          name: `${kind.picture}.png`,
          mimeType: 'image/png',
          buffer: gradientPng(240, [...kind.colors[0]], [...kind.colors[1]]),
        });
        await edit.getByAltText(`${kind.noun === 'Brand' ? 'Logo' : 'Image'} preview`).waitFor();
        await screenshot(page, `${kind.folder}-edit-dialog`);
        await expectAccessible(page, `${kind.folder}-edit-dialog`);
        await edit.getByRole('button', { name: `Update ${kind.noun}` }).click();
        await page.getByText(`${kind.noun} updated successfully`).waitFor();
        await edit.waitFor({ state: 'detached' });
        const picture = cards.first().getByRole('img', { name: kind.name });
        await expect
          .poll(() => picture.getAttribute('src'))
          .toMatch(new RegExp(`^/uploads/${kind.folder}/.+-thumb\\.webp$`));
        await cards.first().getByText(`Updated: ${kind.name} in a new light.`).waitFor();
        await expect.poll(() => page.evaluate(imagesLoaded)).toBe(true);
        await screenshot(page, `${kind.folder}-after-edit`);
        await expectAccessible(page, `${kind.folder}-after-edit`);

        // Two-step delete: a wrong name is refused, the right one (any case) continues to the final button.
        await page.getByRole('button', { name: `Delete ${kind.name}` }).click();
        const remove = page.getByRole('dialog', { name: `Delete ${kind.noun}` });
        await remove.getByLabel(`${kind.noun} name`).fill('something else');
        await remove.getByRole('button', { name: 'Continue' }).click();
        await remove.getByText('The name you entered does not match.').waitFor();
        await remove.getByLabel(`${kind.noun} name`).fill(`  ${kind.name.toUpperCase()} `);
        await remove.getByRole('button', { name: 'Continue' }).click();
        await screenshot(page, `${kind.folder}-delete-confirm`);
        await expectAccessible(page, `${kind.folder}-delete-confirm`);
        await remove.getByRole('button', { name: `Delete ${kind.noun}` }).click();
        await page.getByText(`${kind.name} deleted successfully`).waitFor();
        await page.getByText(`No ${kind.plural} Found`).waitFor();
        await screenshot(page, `${kind.folder}-empty-search`);
        await expectAccessible(page, `${kind.folder}-empty-search`);
        expect(consoleErrors).toEqual([]);
      },
    );
  }

  browserTest('pages by 9 with numbered buttons; a moderator sees the lists without write buttons', async () => {
    for (const kind of KINDS) {
      const prefix = `Paged ${kind.noun} ${RUN}`;
      await createThroughApi(
        kind.contracts,
        Array.from({ length: 10 }, (_, i) => `${prefix} ${String(i + 1).padStart(2, '0')}`),
      );
    }
    await signOut(page);
    await signIn(page, MODERATOR);
    for (const kind of KINDS) {
      await page.goto(kind.path);
      await page.getByRole('heading', { name: `${kind.noun} Management` }).waitFor();
      await search(page, `Search ${kind.plural.toLowerCase()}...`, `Paged ${kind.noun} ${RUN}`);
      const cards = page.getByTestId('taxonomy-card');
      await expect.poll(() => cards.count(), { timeout: 5000 }).toBe(9);
      await expect(page.getByRole('button', { name: `Add ${kind.noun}` }).count()).resolves.toBe(0);
      await expect(page.getByRole('button', { name: /^(Edit|Delete) / }).count()).resolves.toBe(0);
      const pager = page.getByRole('navigation', { name: 'Pagination' });
      await pager.getByRole('button', { name: '2' }).waitFor();
      await screenshot(page, `${kind.folder}-moderator`);
      await expectAccessible(page, `${kind.folder}-moderator`);
      await pager.getByRole('button', { name: '2' }).click();
      await expect.poll(() => cards.count(), { timeout: 5000 }).toBe(1);
      // One page of results: no pagination at all.
      await search(page, `Search ${kind.plural.toLowerCase()}...`, `Paged ${kind.noun} ${RUN} 07`);
      await cards.getByRole('heading', { name: `Paged ${kind.noun} ${RUN} 07` }).waitFor();
      await expect.poll(() => cards.count()).toBe(1);
      await expect.poll(() => pager.count()).toBe(0);
    }
    expect(consoleErrors).toEqual([]);
  });
});
