import type { ReactNode } from 'react';

/** A section's heading row: the title and an optional action. */
export function SectionHeading({ title, action }: { title: string; action?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      {action}
    </div>
  );
}
