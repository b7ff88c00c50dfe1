import type { ReactNode } from 'react';

/** A titled part of the checkout form. */
export function CheckoutSection({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="border-b border-stone-200 pb-6">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
