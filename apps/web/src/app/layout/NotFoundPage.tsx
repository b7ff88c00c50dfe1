import { Button, EmptyState } from '@seamline/ui';
import { SearchX } from 'lucide-react';
import { useContext } from 'react';
import { Link } from 'react-router';
import { AuthContext } from '../../auth/auth-context';
import { AppLayout } from './AppLayout';
import { CenteredPage } from './CenteredPage';

/** An address the back office does not know, with the way back that fits who is looking. */
export function NotFound() {
  const signedIn = useContext(AuthContext)?.isAuthenticated ?? false;
  return (
    <EmptyState
      icon={SearchX}
      title="Page not found"
      headingLevel={1}
      description="The page you are looking for does not exist or has moved."
      action={
        <Button asChild variant="outline">
          {signedIn ? <Link to="/dashboard">Back to the dashboard</Link> : <Link to="/login">Go to sign in</Link>}
        </Button>
      }
    />
  );
}

/** The catch-all route: inside the back-office frame when signed in, a page of its own otherwise. */
export function NotFoundRoute() {
  const signedIn = useContext(AuthContext)?.isAuthenticated ?? false;
  if (!signedIn)
    return (
      <CenteredPage>
        <NotFound />
      </CenteredPage>
    );
  return (
    <AppLayout>
      <NotFound />
    </AppLayout>
  );
}
