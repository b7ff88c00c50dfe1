import { WEBHOOK_MESSAGES, type WebhookDelivery, type WebhookEndpoint } from '@seamline/shared';
import { failure, ok, stubApi } from '@seamline/ui/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import WebhooksPage from './pages/WebhooksPage';

const ID = 'a'.repeat(24);
const endpoint: WebhookEndpoint = {
  id: ID,
  url: 'https://hooks.example.com/orders',
  description: 'Warehouse',
  topics: ['order.paid', 'order.cancelled'],
  enabled: true,
  disabledReason: null,
  previousSecretExpiresAt: null,
  lastDelivery: { status: 'failed', responseCode: 500, at: '2026-12-01T10:00:00.000Z' },
  createdAt: '2026-12-01T09:00:00.000Z',
  updatedAt: '2026-12-01T09:00:00.000Z',
};
const delivery: WebhookDelivery = {
  id: 'd'.repeat(24),
  eventId: 'e'.repeat(24),
  eventType: 'order.paid',
  status: 'failed',
  attempts: 21,
  responseCode: 500,
  lastError: 'the receiver answered 500',
  lastAttemptAt: '2026-12-01T10:00:00.000Z',
  nextAttemptAt: null,
  createdAt: '2026-12-01T09:30:00.000Z',
};
const SECRET = 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0';

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <WebhooksPage />
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

describe('Settings → Webhooks', () => {
  it('lists endpoints with their topic count, state and last delivery', async () => {
    stubApi(() => ok({ endpoints: [endpoint] }));
    renderPage();
    const table = await screen.findByRole('table', { name: 'Webhook endpoints' });
    const row = within(table).getByText(endpoint.url).closest('tr')!;
    expect(within(row).getByText('2')).toBeTruthy();
    expect(within(row).getByText('On')).toBeTruthy();
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(within(row).getByText('500')).toBeTruthy();
  });

  it('adds an endpoint with the chosen topics and shows its secret once', async () => {
    const user = userEvent.setup();
    let created = false;
    const sent = stubApi((request) => {
      if (request.method === 'POST') {
        created = true;
        return ok({ endpoint, secret: SECRET }, 201);
      }
      return ok({ endpoints: created ? [endpoint] : [] });
    });
    renderPage();
    await screen.findByText('No endpoints yet');
    await user.click(screen.getByRole('button', { name: /Add Endpoint/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Add Endpoint' }));
    expect(await within(dialog).findByText(WEBHOOK_MESSAGES.topics)).toBeTruthy();

    await user.type(within(dialog).getByLabelText(/Endpoint URL/), endpoint.url);
    await user.click(within(dialog).getByLabelText('order.paid'));
    await user.click(within(dialog).getByLabelText('order.cancelled'));
    await user.click(within(dialog).getByRole('button', { name: 'Add Endpoint' }));

    const secret = await screen.findByLabelText('Signing secret');
    expect((secret as HTMLInputElement).value).toBe(SECRET);
    expect(screen.getByText(/shown only once/)).toBeTruthy();
    const post = sent.find((r) => r.method === 'POST')!;
    expect(post.path).toBe('/admin/webhooks');
    expect(post.body).toEqual({ url: endpoint.url, description: '', topics: ['order.paid', 'order.cancelled'] });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByLabelText('Signing secret')).toBeNull());
  });

  it('shows the server refusal of a private host in the dialog', async () => {
    const user = userEvent.setup();
    stubApi((request) =>
      request.method === 'POST' ? failure(400, WEBHOOK_MESSAGES.privateHost) : ok({ endpoints: [] }),
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: /Add Endpoint/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Endpoint URL/), 'http://10.0.0.5/hook');
    await user.click(within(dialog).getByLabelText('product.created'));
    await user.click(within(dialog).getByRole('button', { name: 'Add Endpoint' }));
    expect(await within(dialog).findByText(WEBHOOK_MESSAGES.privateHost)).toBeTruthy();
  });

  it("opens an endpoint's deliveries and resends one", async () => {
    const user = userEvent.setup();
    const sent = stubApi((request) => {
      if (request.path.endsWith('/resend')) return ok({ delivery: { ...delivery, status: 'pending' } }, 202);
      if (request.path.endsWith('/deliveries')) return ok({ deliveries: [delivery], nextCursor: null });
      return ok({ endpoints: [endpoint] });
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Deliveries' }));
    const log = await screen.findByRole('table', { name: 'Deliveries' });
    expect(within(log).getByText('the receiver answered 500')).toBeTruthy();
    expect(within(log).getByText('21')).toBeTruthy();
    await user.click(within(log).getByRole('button', { name: /Resend order.paid/ }));
    await waitFor(() =>
      expect(sent.some((r) => r.path === `/admin/webhooks/${ID}/deliveries/${delivery.id}/resend`)).toBe(true),
    );
  });
});
