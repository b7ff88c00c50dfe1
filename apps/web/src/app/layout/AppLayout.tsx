import { can } from '@seamline/shared';
import { EmptyState } from '@seamline/ui';
import { ShieldX } from 'lucide-react';
import { type ReactNode, Suspense } from 'react';
import { Outlet, useMatches, useNavigation } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { useDocumentTitle } from '../../lib/use-document-title';
import type { RouteHandle } from '../route-handle';
import { Header } from './Header';
import { PageSpinner } from './PageSpinner';
import { Sidebar } from './Sidebar';
import { SkipLink } from './SkipLink';

const MAIN_ID = 'main-content';

/**
 * The signed-in frame: sidebar, header and the page (the matched child route, or `children` where a route renders
 * the frame itself); a page the role may not use shows a notice instead.
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { user } = useAuth();
  const navigation = useNavigation();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const allowed = !handle || can(user?.role, handle.rule);

  useDocumentTitle(handle?.title);

  return (
    <div className="flex min-h-screen bg-slate-50 text-slate-900 print:bg-white">
      <SkipLink target={MAIN_ID} />
      <Sidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <Header />
        {navigation.state === 'loading' ? (
          <div className="fixed top-0 right-0 left-0 z-50 h-0.5 animate-pulse bg-indigo-500" aria-hidden />
        ) : null}
        <main id={MAIN_ID} tabIndex={-1} className="flex-1 px-6 py-8 focus:outline-none lg:px-8 print:p-0">
          <div className="mx-auto w-full max-w-7xl">
            {allowed ? (
              <Suspense fallback={<PageSpinner />}>{children ?? <Outlet />}</Suspense>
            ) : (
              <EmptyState
                icon={ShieldX}
                title="Access restricted"
                description="Your role does not have access to this area. Ask an administrator if you need it."
              />
            )}
          </div>
        </main>
      </div>
    </div>
  );
}
