import { Link } from 'wouter';

/** The header's account link (sign in, or the account area once signed in). */
export function AccountLink() {
  return (
    <Link href="/account" className="rounded-md px-2 py-1 text-sm font-medium hover:bg-stone-100">
      Account
    </Link>
  );
}
