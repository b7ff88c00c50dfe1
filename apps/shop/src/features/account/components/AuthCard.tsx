import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The sign-in screens: one narrow card, centred, its title the page's heading and the tab's title. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto w-full max-w-md py-6 sm:py-12">
      <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
      {intro ? <p className="mt-2 text-stone-600">{intro}</p> : null}
      <div className="mt-6 flex flex-col gap-4">{children}</div>
      {footer ? <div className="mt-8 border-t border-stone-200 pt-6 text-sm">{footer}</div> : null}
    </section>
  );
}
