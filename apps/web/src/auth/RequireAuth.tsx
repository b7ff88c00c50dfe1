import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from './auth-context';

/** Protected area: anonymous visitors go to /login (and come back to where they were after signing in). */
export function RequireAuth() {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

/** Sign-in screens: a signed-in user goes on to where they were headed, else to the dashboard. */
export function RedirectIfSignedIn() {
  const { isAuthenticated } = useAuth();
  const from = (useLocation().state as { from?: string } | null)?.from;
  if (isAuthenticated) return <Navigate to={from && from !== '/login' ? from : '/dashboard'} replace />;
  return <Outlet />;
}
