import { Construction } from 'lucide-react';
import { useMatches } from 'react-router';
import { EmptyState, PageHeader } from '../../components/ui';
import type { RouteHandle } from '../route-helpers';

/** The page of an area that is not built yet, under the area's title. */
export default function PlaceholderPage() {
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const title = handle?.title ?? 'Coming soon';
  return (
    <>
      <PageHeader title={title} />
      <EmptyState
        icon={Construction}
        title={`${title} is coming soon`}
        description="This area of the back office is not available yet. Everything else in the navigation keeps working."
      />
    </>
  );
}
