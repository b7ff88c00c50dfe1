import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Button, EmptyState } from '../../components/ui';

export default function NotFoundPage() {
  return (
    <EmptyState
      icon={SearchX}
      title="Page not found"
      description="The page you are looking for does not exist or has moved."
      action={
        <Button asChild variant="outline">
          <Link to="/dashboard">Back to the dashboard</Link>
        </Button>
      }
    />
  );
}
