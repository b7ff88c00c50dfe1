import { Link } from 'wouter';
import { useShopUser } from '../../lib/auth';

/** The header's account link: "Sign in" for a guest, the customer's first name once signed in. */
export function AccountLink() {
  const user = useShopUser();
  return (
    <Link
      href={user ? '/account/orders' : '/account/sign-in'}
      className="flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium hover:bg-stone-100"
    >
      <svg aria-hidden viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.6">
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
      </svg>
      <span className="max-w-24 truncate">
        {user ? <span className="sr-only">Your account: </span> : null}
        {user ? user.firstName : 'Sign in'}
      </span>
    </Link>
  );
}
