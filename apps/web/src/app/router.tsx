import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RedirectIfSignedIn, RequireAuth } from '../auth/RequireAuth';
import { AppLayout } from './layout/AppLayout';
import { PageSpinner } from './layout/PageSpinner';
import { appRoutes } from './routes';

const lazyPage = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** Sign-in screens (public) around the signed-in back office (RequireAuth → AppLayout → appRoutes). */
export const routeTree: RouteObject[] = [
  {
    HydrateFallback: () => <PageSpinner fullScreen />,
    children: [
      {
        element: <RedirectIfSignedIn />,
        children: [
          { path: 'login', ...lazyPage(() => import('../features/auth/pages/LoginPage')) },
          { path: 'register', ...lazyPage(() => import('../features/auth/pages/RegisterPage')) },
          { path: 'forgot-password', ...lazyPage(() => import('../features/auth/pages/ForgotPasswordPage')) },
        ],
      },
      // Links from e-mails work whether or not someone is signed in.
      { path: 'reset-password', ...lazyPage(() => import('../features/auth/pages/ResetPasswordPage')) },
      { path: 'verify-email', ...lazyPage(() => import('../features/auth/pages/VerifyEmailPage')) },
      { path: 'resend-verification', ...lazyPage(() => import('../features/auth/pages/ResendVerificationPage')) },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, element: <Navigate to="/dashboard" replace /> },
              ...appRoutes,
              { path: '*', ...lazyPage(() => import('./layout/NotFoundPage')) },
            ],
          },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routeTree);
