import { LayoutDashboard } from 'lucide-react';
import { useAuth } from '../../../auth/auth-context';
import { EmptyState, PageHeader } from '../../../components/ui';

/** The landing page after sign-in; the analytics figures and charts arrive with the dashboard feature. */
export default function DashboardPage() {
  const { user } = useAuth();
  return (
    <>
      <PageHeader
        title="Marketplace Dashboard"
        description={`Welcome back${user?.firstName ? `, ${user.firstName}` : ''}. Here is what is happening in your store.`}
      />
      <EmptyState
        icon={LayoutDashboard}
        title="Analytics are on their way"
        description="Figures and charts for orders, revenue, customers and stock will appear here."
      />
    </>
  );
}
