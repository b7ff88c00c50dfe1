import { can } from '@seamline/shared';
import { cn } from '@seamline/ui';
import { Shirt } from 'lucide-react';
import { NavLink } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { NAV_GROUPS } from '../nav';
import { OPEN_RETURNS_DESCRIPTION_ID, OpenReturnsBadge } from './OpenReturnsBadge';

/** Left navigation: full labels from 1024px, an icon rail (with tooltips) on tablets. */
export function Sidebar() {
  const { user } = useAuth();
  const groups = NAV_GROUPS.map((group) => ({
    ...group,
    items: group.items.filter((item) => can(user?.role, item.rule)),
  })).filter((group) => group.items.length > 0);

  return (
    <aside className="sticky top-0 flex h-screen w-16 shrink-0 flex-col border-r border-slate-200 bg-white lg:w-64 print:hidden">
      <div className="flex h-16 items-center gap-2.5 border-b border-slate-100 px-4 lg:px-5">
        <div className="grid size-8 shrink-0 place-items-center rounded-lg bg-indigo-600 text-white shadow-sm">
          <Shirt className="size-4.5" aria-hidden />
        </div>
        <div className="hidden flex-col leading-tight lg:flex">
          <span className="text-sm font-semibold text-slate-900">Seamline</span>
          <span className="text-xs text-slate-500">Back office</span>
        </div>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-2 py-4 lg:px-3">
        {groups.map((group) => (
          <div key={group.label} className="mb-5 last:mb-0">
            <p className="mb-1.5 hidden px-3 text-[11px] font-semibold tracking-wider text-slate-400 uppercase lg:block">
              {group.label}
            </p>
            <ul className="flex flex-col gap-0.5">
              {group.items.map(({ label, to, icon: Icon, badge }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    title={group.label === 'Analytics' ? `${label} analytics` : label}
                    aria-label={group.label === 'Analytics' ? `${label} analytics` : undefined}
                    aria-describedby={badge === 'openReturns' ? OPEN_RETURNS_DESCRIPTION_ID : undefined}
                    className={({ isActive }) =>
                      cn(
                        'relative flex items-center justify-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus-ring lg:justify-start',
                        isActive
                          ? 'bg-indigo-50 text-indigo-700'
                          : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                      )
                    }
                  >
                    <Icon className="size-4.5 shrink-0" aria-hidden />
                    <span className="sr-only lg:not-sr-only">{label}</span>
                    {badge === 'openReturns' ? <OpenReturnsBadge /> : null}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
    </aside>
  );
}
