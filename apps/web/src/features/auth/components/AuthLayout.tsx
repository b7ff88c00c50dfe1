import { BarChart3, PackageCheck, ShieldCheck, Shirt } from 'lucide-react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';

const HIGHLIGHTS = [
  { icon: PackageCheck, text: 'Products, size × colour stock and orders in one place' },
  { icon: BarChart3, text: 'Sales, revenue and customer analytics' },
  { icon: ShieldCheck, text: 'Role-based access with a full activity log' },
];

/** The frame of every sign-in screen: a brand panel (from 1024px) and a centred form card. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="flex min-h-screen bg-slate-50">
      <aside className="relative hidden w-[44%] max-w-xl flex-col justify-between overflow-hidden bg-gradient-to-br from-indigo-700 via-indigo-600 to-violet-600 p-12 text-white lg:flex">
        <div className="absolute -top-24 -right-24 size-72 rounded-full bg-white/10 blur-2xl" aria-hidden />
        <div className="absolute -bottom-32 -left-16 size-80 rounded-full bg-violet-400/20 blur-3xl" aria-hidden />
        <div className="relative flex items-center gap-3">
          <div className="grid size-10 place-items-center rounded-xl bg-white/15 ring-1 ring-white/25">
            <Shirt className="size-5" aria-hidden />
          </div>
          <span className="text-lg font-semibold tracking-tight">Seamline</span>
        </div>
        <div className="relative flex flex-col gap-8">
          <div className="flex flex-col gap-3">
            <h2 className="text-3xl leading-tight font-semibold tracking-tight">
              Run your clothing store from one back office.
            </h2>
            <p className="text-base text-indigo-100">For store staff: administrators, moderators and support.</p>
          </div>
          <ul className="flex flex-col gap-4">
            {HIGHLIGHTS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-sm text-indigo-50">
                <span className="grid size-8 place-items-center rounded-lg bg-white/10 ring-1 ring-white/20">
                  <Icon className="size-4" aria-hidden />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-xs text-indigo-200">© Seamline</p>
      </aside>
      <main className="flex flex-1 items-center justify-center px-6 py-12">
        <div className="w-full max-w-sm">
          <div className="mb-8 flex items-center gap-2.5 lg:hidden">
            <div className="grid size-9 place-items-center rounded-lg bg-indigo-600 text-white">
              <Shirt className="size-4.5" aria-hidden />
            </div>
            <span className="text-lg font-semibold text-slate-900">Seamline</span>
          </div>
          <div className="mb-7 flex flex-col gap-1.5">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
            {subtitle ? <p className="text-sm text-slate-500">{subtitle}</p> : null}
          </div>
          {children}
          {footer ? <div className="mt-8 text-center text-sm text-slate-500">{footer}</div> : null}
        </div>
      </main>
    </div>
  );
}
