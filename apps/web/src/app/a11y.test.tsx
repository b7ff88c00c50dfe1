import { Toaster, useToast } from '@seamline/ui';
import { failure, mockFetch } from '@seamline/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../auth/auth-context';
import { signedInAsAdmin } from '../test/fixtures';
import { NAV_GROUPS } from './nav';
import { routeTree } from './router';

const signedIn = signedInAsAdmin();
const signedOut: AuthContextValue = { ...signedIn, user: null, isAuthenticated: false };

/** The real route tree at `path`; every API call fails, so each screen shows its frame and its error state. */
function renderApp(path: string, auth = signedIn) {
  mockFetch(() => failure(500, 'Internal server error'));
  const router = createMemoryRouter(routeTree, { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return router;
}

/** Buttons and links a screen reader would announce with no name. */
function unnamedControls() {
  return [...document.querySelectorAll<HTMLElement>('button, a[href], [role=button], [role=tab]')].filter((element) => {
    const labelledBy = element.getAttribute('aria-labelledby');
    const labelled = labelledBy?.split(' ').some((id) => document.getElementById(id)?.textContent?.trim());
    const byLabel = element instanceof HTMLButtonElement && element.labels.length > 0;
    return !(
      element.getAttribute('aria-label')?.trim() ||
      labelled ||
      byLabel ||
      element.textContent?.trim() ||
      element.title
    );
  });
}

const screens = NAV_GROUPS.flatMap((group) => group.items.map((item) => item.to));
const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

beforeEach(() => {
  document.title = 'Seamline';
});
afterEach(() => {
  vi.unstubAllGlobals();
  quiet.mockClear();
  warn.mockClear();
});

describe('view switcher tabs', () => {
  for (const path of ['/orders', '/products', '/customers']) {
    it(`on ${path}, every tab controls a tab panel that exists and is named by the selected tab`, async () => {
      renderApp(path);
      // The screen's code loads first (seconds on a busy machine), as in the skip-link test below.
      const tabs = await screen.findAllByRole('tab', {}, { timeout: 5000 });
      expect(tabs.map((tab) => tab.textContent)).toEqual(['Sidebar View', 'Table View', 'Grid View']);
      for (const tab of tabs) {
        const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
        expect(panel?.getAttribute('role')).toBe('tabpanel');
      }
      await userEvent.click(screen.getByRole('tab', { name: 'Table View' }));
      const panel = screen.getByRole('tabpanel');
      expect(panel.getAttribute('aria-labelledby')).toBe(screen.getByRole('tab', { name: 'Table View' }).id);
    });
  }
});

describe('skip link', () => {
  it('is the first focusable element of the signed-in layout and moves focus to the main region', async () => {
    renderApp('/coupons');
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skip);
    const main = screen.getByRole('main');
    expect(skip.getAttribute('href')).toBe(`#${main.id}`);
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(main);
  });
});

describe('document title', () => {
  it('names each signed-in screen', async () => {
    renderApp('/orders');
    await waitFor(() => expect(document.title).toBe('Orders · Seamline'));
  });

  it('names the sign-in screens after their heading', async () => {
    renderApp('/login', signedOut);
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    expect(document.title).toBe(`${screen.getByRole('heading', { level: 1 }).textContent} · Seamline`);
    expect(document.title).not.toBe('Seamline');
  });
});

describe('controls have accessible names', () => {
  for (const path of screens) {
    it(`every button and link on ${path} has a name`, async () => {
      renderApp(path);
      await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
      await waitFor(() => expect(screen.queryByRole('status', { name: /loading/i })).toBeNull());
      expect(unnamedControls().map((element) => element.outerHTML.slice(0, 160))).toEqual([]);
    });
  }
});

describe('toasts', () => {
  it('are announced through a polite live region', async () => {
    function Notify() {
      const toast = useToast(4000);
      return (
        <button type="button" onClick={() => toast.success('Product saved')}>
          Save
        </button>
      );
    }
    render(
      <>
        <Toaster />
        <Notify />
      </>,
    );
    const region = document.querySelector('[aria-live="polite"]');
    expect(region).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(region?.textContent).toContain('Product saved'));
  });
});
