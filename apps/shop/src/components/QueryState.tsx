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
  if (query.isError) return <FailedRead error={query.error} fallback={fallback} onRetry={() => query.refetch()} />;
  return <>{children(query.data)}</>;
}

/** A read that failed: the server's message (or `fallback`) and a button to read again. */
export function FailedRead({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <Notice tone="error">{errorMessage(error, fallback)}</Notice>
      <Button size="xl" type="button" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
