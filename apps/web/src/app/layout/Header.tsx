import { Avatar, Badge, Button } from '@seamline/ui';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { Link, useMatches, useNavigate } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import type { RouteHandle } from '../route-handle';

/** The top bar's height; the toasts open below it. */
export const HEADER_HEIGHT_PX = 64;

const ROLE_LABEL = { admin: 'Admin', moderator: 'Moderator', support: 'Support', customer: 'Customer' } as const;

/** Top bar: the current area on the left; the signed-in user's first name (or e-mail), avatar and sign-out. */
export function Header() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const displayName = user?.firstName?.trim() || user?.email || '';

  const signOut = async () => {
    setSigningOut(true);
    await logout();
    navigate('/login', { replace: true });
  };

  return (
    <header
      style={{ height: HEADER_HEIGHT_PX }}
      className="sticky top-0 z-30 flex items-center justify-between gap-4 border-b border-slate-200 bg-white/90 px-6 backdrop-blur lg:px-8 print:hidden"
    >
      <p className="truncate text-sm font-medium text-slate-500">{handle?.title ?? 'Back office'}</p>
      {user ? (
        <div className="flex items-center gap-3">
          <div className="flex items-center gap-3" data-testid="current-user">
            <div className="hidden flex-col items-end leading-tight sm:flex">
              <span className="text-sm font-semibold text-slate-900">{displayName}</span>
              <span className="text-xs text-slate-500">{user.email}</span>
            </div>
            <Badge variant="primary" className="hidden md:inline-flex">
              {ROLE_LABEL[user.role]}
            </Badge>
            <Avatar seed={user.email} name={`${user.firstName} ${user.lastName}`.trim() || user.email} />
          </div>
          <div className="h-6 w-px bg-slate-200" />
          <Button variant="ghost" size="sm" asChild>
            <Link to="/profile">Profile</Link>
          </Button>
          <Button variant="ghost" size="sm" onClick={signOut} loading={signingOut}>
            {signingOut ? null : <LogOut aria-hidden />}
            Sign out
          </Button>
        </div>
      ) : null}
    </header>
  );
}
