import type { ApiKeyView } from '@seamline/shared';
import { Toaster } from '@seamline/ui';
import { json } from '@seamline/ui/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../auth/auth-context';
import { createQueryClient } from '../../lib/query-client';
import { adminUser, signedInAs } from '../../test/fixtures';
import ApiKeysPage from './pages/ApiKeysPage';

const SECRET = `sk_1a2b3c4d_${'x'.repeat(43)}`;

function apiKey(overrides: Partial<ApiKeyView> = {}): ApiKeyView {
  return {
    id: 'a'.repeat(24),
    name: 'ERP sync',
    prefix: 'sk_0f0f0f0f',
    scopes: ['orders:read', 'inventory:write'],
    createdBy: 'Ava Admin',
    createdAt: '2026-11-01T10:00:00.000Z',
    expiresAt: '2027-07-01T00:00:00.000Z',
    lastUsedAt: '2026-11-30T08:15:00.000Z',
    lastUsedIp: '203.0.113.7',
    revokedAt: null,
    status: 'active',
    ...overrides,
  };
}

type Call = { method: string; url: string; body: unknown };
/** The list answers `keys()`; writes are answered by the queued replies, in order. */
function serve(keys: () => ApiKeyView[], replies: Response[] = []) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'GET') return json(200, { success: true, data: { apiKeys: keys() } });
      const reply = replies.shift();
      if (!reply) throw new TypeError('Failed to fetch');
      return reply;
    }),
  );
  return calls;
}

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={signedInAs(adminUser)}>
        <ApiKeysPage />
        <Toaster />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

// Radix's checkbox measures itself; jsdom has no ResizeObserver.
beforeEach(() =>
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  ),
);
afterEach(() => vi.unstubAllGlobals());

describe('Settings → API keys', { timeout: 20_000 }, () => {
  it('lists each key with its prefix, scopes, creator, last use and address, expiry and status', async () => {
    serve(() => [apiKey(), apiKey({ id: 'b'.repeat(24), name: 'Old WMS', status: 'revoked', lastUsedAt: null })]);
    renderPage();
    const row = (await screen.findByText('ERP sync')).closest('tr')!;
    for (const text of ['sk_0f0f0f0f_…', 'orders:read', 'inventory:write', 'Ava Admin', '203.0.113.7', 'Active'])
      expect(within(row).getByText(text)).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Revoke ERP sync' })).toBeTruthy();
    const revoked = screen.getByText('Old WMS').closest('tr')!;
    expect(within(revoked).getByText('Revoked')).toBeTruthy();
    expect(within(revoked).getByText('Never')).toBeTruthy();
    expect(within(revoked).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it('creates a key from the shared rules, shows it once with a copy button, and never again', async () => {
    const created = apiKey({ id: 'c'.repeat(24), name: 'Warehouse', scopes: ['inventory:write'], expiresAt: null });
    let keys: ApiKeyView[] = [];
    const calls = serve(() => keys, [json(201, { success: true, data: { apiKey: created, secret: SECRET } })]);
    const user = userEvent.setup({ delay: null });
    renderPage();
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });

    // Nothing chosen: the shared schema's messages, and nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Key name is required')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one scope')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Name/), 'Warehouse');
    await user.click(within(dialog).getByRole('checkbox', { name: /Inventory and stock: write/ }));
    keys = [created];
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const reveal = await screen.findByRole('dialog', { name: 'Copy your API key' });
    expect((within(reveal).getByLabelText('New API key') as HTMLInputElement).value).toBe(SECRET);
    expect(within(reveal).getByText(/only time the key is shown/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/admin/api-keys',
        body: { name: 'Warehouse', scopes: ['inventory:write'], expiresOn: null },
      },
    ]);
    await user.click(within(reveal).getByRole('button', { name: 'Copy' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await within(reveal).findByRole('button', { name: 'Copied' })).toBeTruthy();

    await user.click(within(reveal).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Warehouse')).toBeTruthy();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('revokes a key only after confirmation', async () => {
    let keys = [apiKey()];
    const revoked = apiKey({ status: 'revoked', revokedAt: '2026-12-01T09:00:00.000Z' });
    const calls = serve(
      () => keys,
      [json(200, { success: true, data: { apiKey: revoked }, message: 'API key revoked' })],
    );
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Revoke ERP sync' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke API key' });
    expect(within(confirm).getByText(/stops working at once/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke ERP sync' }));
    keys = [revoked];
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revoke API key' })).getByRole('button', { name: 'Revoke key' }),
    );
    expect(await screen.findByText('API key "ERP sync" revoked')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      `/api/admin/api-keys/${'a'.repeat(24)}/revoke`,
    ]);
    expect(await screen.findByText('Revoked')).toBeTruthy();
  });
});
