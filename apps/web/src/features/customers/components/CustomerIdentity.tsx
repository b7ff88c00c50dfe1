import type { AdminCustomer } from '@seamline/shared';
import { Avatar, Highlight } from '@seamline/ui';
import { fullName } from '../customer-name';

/** Avatar, highlighted name and e-mail: the head of a list entry, table row or card. */
export function CustomerIdentity({
  customer,
  query,
  size = 36,
}: {
  customer: AdminCustomer;
  query: string;
  size?: number;
}) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar seed={customer.email} name={fullName(customer)} size={size} />
      <div className="min-w-0">
        <div className="truncate font-medium text-slate-900">
          <Highlight text={fullName(customer)} query={query} />
        </div>
        <div className="truncate text-xs text-slate-500">
          <Highlight text={customer.email} query={query} />
        </div>
      </div>
    </div>
  );
}
