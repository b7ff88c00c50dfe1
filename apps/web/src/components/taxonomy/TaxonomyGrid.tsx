import { Card, EmptyState, Skeleton } from '@seamline/ui';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

const SKELETON_CARDS = 6;

export type TaxonomyGridProps<T> = {
  items: T[];
  loading: boolean;
  renderCard: (item: T) => ReactNode;
  keyOf: (item: T) => string;
  emptyTitle: string;
  emptyDescription: ReactNode;
  emptyIcon: LucideIcon;
  emptyAction?: ReactNode;
};

/** The 3-column card grid: 6 skeleton cards while loading, an empty state when there is nothing to show. */
export function TaxonomyGrid<T>(props: TaxonomyGridProps<T>) {
  if (props.loading) {
    return (
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" data-testid="taxonomy-skeleton">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Card key={index} className="flex flex-col gap-4 p-5">
            <div className="flex items-start gap-4">
              <Skeleton className="size-16 rounded-lg" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-3 w-1/2" />
              </div>
            </div>
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-3 w-4/5" />
          </Card>
        ))}
      </div>
    );
  }
  if (props.items.length === 0) {
    return (
      <EmptyState
        icon={props.emptyIcon}
        title={props.emptyTitle}
        description={props.emptyDescription}
        action={props.emptyAction}
      />
    );
  }
  return (
    <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {props.items.map((item) => (
        <div key={props.keyOf(item)}>{props.renderCard(item)}</div>
      ))}
    </div>
  );
}
