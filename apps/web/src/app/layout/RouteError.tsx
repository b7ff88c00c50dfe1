import { mayReloadForMissingCode, reloadForMissingCode } from '@seamline/client';
import { Button, ErrorState } from '@seamline/ui';
import { useContext, useEffect, useRef, useState } from 'react';
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import { AuthContext } from '../../auth/auth-context';
import { CenteredPage } from './CenteredPage';
import { NotFound } from './NotFoundPage';
import { PageSpinner } from './PageSpinner';

// Chromium, Firefox and Safari word a failed `import()` differently; Vite adds its own for a failed CSS preload.
const CHUNK_LOAD_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** A lazily loaded screen's code did not arrive (connection lost, or a release replaced the file). */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message);
}

function explain(error: unknown): { title: string; message: string } {
  if (isChunkLoadError(error))
    return {
      title: 'This screen could not be loaded',
      message: 'The connection may have dropped, or a new version was just released. Try again to load it.',
    };
  return {
    title: 'Something went wrong',
    message: 'This screen ran into an unexpected problem. Try again, or go back and carry on.',
  };
}

/**
 * What a route shows instead of crashing: the reason in plain words, 'Try Again' and a way back.
 * 'Try Again' reloads the page: the router keeps a failed lazy import for the life of the page, and a reload also
 * fetches the current build's file names after a release. Code that did not arrive first gets one reload by itself
 * (reloadForMissingCode: not again within a minute, so it cannot loop); it is made here, once the router shows the
 * screen's address, so the reload opens that screen rather than the one the visitor came from.
 */
export function RouteErrorView({ error }: { error: unknown }) {
  // Read the session without useAuth(): this view must render even where the auth provider itself failed.
  const signedIn = useContext(AuthContext)?.isAuthenticated ?? false;
  const { pathname } = useLocation();
  const [reloading, setReloading] = useState(() => isChunkLoadError(error) && mayReloadForMissingCode());
  const reloadStarted = useRef(false);
  useEffect(() => {
    if (!reloading || reloadStarted.current) return;
    reloadStarted.current = true;
    if (!reloadForMissingCode()) setReloading(false);
  }, [reloading]);
  if (reloading) return <PageSpinner />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const { title, message } = explain(error);
  const back = signedIn
    ? { to: '/dashboard', label: 'Back to the dashboard' }
    : { to: '/login', label: 'Go to sign in' };
  return (
    <ErrorState
      title={title}
      message={message}
      onRetry={() => window.location.reload()}
      action={
        // On the very screen that failed, a link to it would only show this again.
        pathname === back.to ? null : (
          <Button asChild variant="ghost">
            <Link to={back.to}>{back.label}</Link>
          </Button>
        )
      }
    />
  );
}

/** Error boundary of a back-office screen: shown in the page area, the sidebar and header stay usable. */
export function PageError() {
  return <RouteErrorView error={useRouteError()} />;
}

/** Error boundary of the frame and of the sign-in screens: a page of its own. */
export function AppError() {
  return (
    <CenteredPage>
      <RouteErrorView error={useRouteError()} />
    </CenteredPage>
  );
}
