import { Button, cn } from '@seamline/ui';

import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { TextLink } from '../../../components/TextLink';
import { useShopUser } from '../../../lib/auth';
import { signOut } from '../api';

const SECTIONS = [
  { href: '/orders', label: 'Orders' },
  { href: '/reviews', label: 'My reviews' },
  { href: '/wishlist', label: 'Wishlist' },
  { href: '/profile', label: 'Profile' },
  { href: '/addresses', label: 'Addresses' },
  { href: '/cards', label: 'Saved cards' },
  { href: '/delete', label: 'Delete account' },
];

/** The signed-in account area: greeting, section tabs (a scrollable row on phones, a side list on wide screens). */
export function AccountShell({ children }: { children: ReactNode }) {
  const user = useShopUser();
  const [location, navigate] = useLocation();
  return (
    <div className="flex flex-col gap-6 lg:flex-row lg:gap-12">
      <aside className="lg:w-56 lg:shrink-0">
        <p className="text-sm text-stone-600">Signed in as</p>
        <p className="truncate font-semibold">{user?.email}</p>
        <nav aria-label="Your account" className="mt-4">
          <ul className="flex flex-wrap gap-1 lg:flex-col">
            {SECTIONS.map((section) => {
              const current = location === section.href || location.startsWith(`${section.href}/`);
              return (
                <li key={section.href} className="shrink-0">
                  <Link
                    href={section.href}
                    aria-current={current ? 'page' : undefined}
                    className={cn(
                      'block rounded-md px-3 py-2 text-sm whitespace-nowrap',
                      current ? 'bg-ink font-semibold text-white' : 'hover:bg-stone-100',
                    )}
                  >
                    {section.label}
                  </Link>
                </li>
              );
            })}
            <li className="shrink-0">
              <Button
                type="button"
                variant="ghost"
                className="h-auto w-full justify-start px-3 py-2 font-normal text-foreground"
                onClick={async () => {
                  await signOut();
                  navigate('~/shop', { replace: true });
                }}
              >
                Sign out
              </Button>
            </li>
          </ul>
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        {user && !user.emailVerified ? (
          <p className="mb-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-stone-800">
            Please confirm your e-mail address with the link we sent to {user.email}.{' '}
            <TextLink href="/resend-verification">Send the link again</TextLink>
          </p>
        ) : null}
        {children}
      </div>
    </div>
  );
}
