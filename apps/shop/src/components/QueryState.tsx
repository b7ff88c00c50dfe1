import { Button, Notice } from '@seamline/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api';

/** A read's three states: loading, failed (the server's message and a retry), or its data. */
export function QueryState<T>({
  query,
  fallback,
  children,
}: {
  query: UseQueryResult<T>;
  fallback: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <p className="py-8 text-stone-600">Loading…</p>;
  if (query.isError)
    return (
      <div className="flex flex-col items-start gap-3">
        <Notice tone="error">{errorMessage(query.error, fallback)}</Notice>
        <Button size="xl" type="button" variant="outline" onClick={() => query.refetch()}>
          Try again
        </Button>
      </div>
    );
  return <>{children(query.data)}</>;
}
