import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RedirectIfSignedIn, RequireAuth } from '../auth/RequireAuth';
import { AppLayout } from './layout/AppLayout';
import { NotFoundRoute } from './layout/NotFoundPage';
import { PageSpinner } from './layout/PageSpinner';
import { AppError } from './layout/RouteError';
import type { RouteHandle } from './route-handle';
import { lazyComponent } from './route-helpers';
import { appRoutes } from './routes';

/** A lazily loaded sign-in screen; if its code does not arrive or it throws, a full-page error with 'Try Again'. */
const lazyPage = (
  load: () => Promise<{ default: React.ComponentType }>,
): Pick<RouteObject, 'lazy' | 'ErrorBoundary'> => ({
  lazy: lazyComponent(load),
  ErrorBoundary: AppError,
});

const notFound: RouteHandle = { title: 'Page not found', rule: 'staff' };

/**
 * Sign-in screens (public) around the signed-in back office (RequireAuth → AppLayout → appRoutes), and a catch-all
 * for addresses the app does not know. Every level has an error boundary, so nothing ends in the router's crash page.
 */
export const routeTree: RouteObject[] = [
  {
    HydrateFallback: () => <PageSpinner fullScreen />,
    ErrorBoundary: AppError,
    children: [
      {
        element: <RedirectIfSignedIn />,
        children: [
          { path: 'login', ...lazyPage(() => import('../features/auth/pages/LoginPage')) },
          { path: 'register', ...lazyPage(() => import('../features/auth/pages/RegisterPage')) },
          {
            path: 'forgot-password',
            ...lazyPage(() =>
              import('../features/auth/pages/EmailRequestPage').then((m) => ({ default: m.ForgotPasswordPage })),
            ),
          },
        ],
      },
      // Links from e-mails work whether or not someone is signed in.
      { path: 'reset-password', ...lazyPage(() => import('../features/auth/pages/ResetPasswordPage')) },
      { path: 'verify-email', ...lazyPage(() => import('../features/auth/pages/VerifyEmailPage')) },
      { path: 'accept-invitation', ...lazyPage(() => import('../features/auth/pages/AcceptInvitationPage')) },
      {
        path: 'resend-verification',
        ...lazyPage(() =>
          import('../features/auth/pages/EmailRequestPage').then((m) => ({ default: m.ResendVerificationPage })),
        ),
      },
      {
        element: <RequireAuth />,
        children: [
          // Printable, so outside the layout (no sidebar or header on paper).
          { path: 'orders/packing-slips', ...lazyPage(() => import('../features/orders/pages/PackingSlipsPage')) },
          {
            element: <AppLayout />,
            ErrorBoundary: AppError,
            children: [{ index: true, element: <Navigate to="/dashboard" replace /> }, ...appRoutes],
          },
        ],
      },
      // Signed out, an unknown address says so (with a way to sign in) rather than sending the visitor to a login
      // that would lead back to the same dead end.
      { path: '*', element: <NotFoundRoute />, handle: notFound },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routeTree);
