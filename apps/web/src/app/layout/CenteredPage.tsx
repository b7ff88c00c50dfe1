import type { ReactNode } from 'react';

/** A whole page with one centred panel, for screens shown outside the back-office frame. */
export function CenteredPage({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-screen place-items-center bg-slate-50 p-6 text-slate-900">
      <div className="w-full max-w-lg">{children}</div>
    </div>
  );
}
