import { stockAlertContracts } from '@seamline/shared';
import { failure, json, stubApi } from '@seamline/ui/testing';
import { fireEvent, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { ShopRoutes } from '../../app/routes';
import { renderShop, seriousViolations } from '../../testing/render-shop';

const stopped = () => json(200, { success: true, message: 'You will not get an e-mail for this item' });

describe('the unsubscribe page of a back-in-stock mail', () => {
  it('stops the alert with one POST when opened and confirms it', async () => {
    const sent = stubApi(stopped);
    renderShop(
      <Suspense fallback={null}>
        <ShopRoutes />
      </Suspense>,
      '/shop/alerts/unsubscribe/tok-123',
    );
    const confirmation = await screen.findByText('You will not get an e-mail for this item');
    expect(confirmation.closest('[role=status]')).toBeTruthy();
    expect(sent).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: stockAlertContracts.unsubscribe.path.replace(':token', 'tok-123'),
      }),
    ]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Back-in-stock alert');
    expect(await seriousViolations()).toEqual([]);
  });

  it('shows a failure as an alert and tries again on request', async () => {
    let calls = 0;
    stubApi(() => (++calls === 1 ? failure(503, 'Service unavailable') : stopped()));
    renderShop(
      <Suspense fallback={null}>
        <ShopRoutes />
      </Suspense>,
      '/shop/alerts/unsubscribe/tok-123',
    );
    expect((await screen.findByRole('alert')).textContent).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You will not get an e-mail for this item')).toBeTruthy();
  });
});
