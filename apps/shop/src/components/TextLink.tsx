import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** An underlined link inside the account pages (router-aware, so no page reload). */
export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="font-medium underline underline-offset-4 hover:text-stone-600">
      {children}
    </Link>
  );
}
