import { CHUNK_RELOAD_KEY } from '@seamline/client';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../auth/auth-context';
import { signedInAsAdmin } from '../../test/fixtures';
import { page } from '../route-helpers';
import { routeTree } from '../router';
import { AppError, isChunkLoadError, PageError } from './RouteError';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/OrdersPage-x1.js');

const signedIn = signedInAsAdmin();

function renderRoutes(routes: RouteObject[], path: string, auth?: AuthContextValue) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const tree: ReactNode = <RouterProvider router={router} />;
  render(auth ? <AuthContext.Provider value={auth}>{tree}</AuthContext.Provider> : tree);
  return router;
}

describe('route error boundaries', () => {
  // The router and React report the errors they catch; the page is what matters here.
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  afterEach(() => {
    quiet.mockClear();
    warn.mockClear();
  });

  it('tells a failed chunk from other errors', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('shows a screen whose code did not arrive as "could not be loaded", with Try Again and a way back', async () => {
    // The page already made its one automatic reload for missing code (loadChunk, tested in packages/client).
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    renderRoutes(
      [page('orders', { title: 'Orders', rule: 'orders' }, () => Promise.reject(chunkError()))],
      '/orders',
      signedIn,
    );
    await screen.findByRole('heading', { name: 'This screen could not be loaded' });
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('shows a screen that throws while rendering as "Something went wrong"', async () => {
    const Broken = () => {
      throw new Error('boom');
    };
    renderRoutes([{ path: 'orders', Component: Broken, ErrorBoundary: PageError }], '/orders');
    await screen.findByRole('heading', { name: 'Something went wrong' });
    expect(screen.queryByText('boom')).toBeNull();
    // Nobody is signed in: the way back is the sign-in page.
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/login');
  });

  it('shows a failing frame as a page of its own', async () => {
    const BrokenFrame = () => {
      throw new Error('the sidebar broke');
    };
    renderRoutes(
      [{ Component: BrokenFrame, ErrorBoundary: AppError, children: [{ path: 'orders', Component: () => null }] }],
      '/orders',
      signedIn,
    );
    await screen.findByRole('heading', { name: 'Something went wrong' });
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toBeTruthy();
  });

  it('answers an unknown address signed out with "Page not found" and a way to sign in', async () => {
    renderRoutes(routeTree, '/nonexistent-page');
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
  });
});
