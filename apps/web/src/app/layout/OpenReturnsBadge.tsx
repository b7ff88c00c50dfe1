import { returnContracts } from '@seamline/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { orderQueryRoots } from '../../lib/query-keys';

/** How often the sidebar asks for the open-returns count (order changes in this tab refresh it at once). */
const REFRESH_MS = 60_000;

/** Describes the Orders entry (its accessible name stays "Orders"; screen readers add the count as a description). */
export const OPEN_RETURNS_DESCRIPTION_ID = 'open-returns-description';

/** The Orders entry's badge: returns waiting for a decision (nothing when there are none). */
export function OpenReturnsBadge() {
  const { data: count } = useQuery({
    queryKey: orderQueryRoots.openReturns,
    queryFn: async ({ signal }) => (await api.call(returnContracts.openCount, { signal })).data.count,
    refetchInterval: REFRESH_MS,
  });
  if (!count) return null;
  const label = `${count} open ${count === 1 ? 'return' : 'returns'}`;
  return (
    <>
      <span
        className="absolute top-1 right-1 min-w-4.5 rounded-full bg-amber-500 px-1 text-center text-[10px] leading-4.5 font-semibold text-white lg:static lg:ml-auto"
        title={label}
        aria-hidden
        data-testid="open-returns-badge"
      >
        {count}
      </span>
      <span id={OPEN_RETURNS_DESCRIPTION_ID} hidden>
        {label}
      </span>
    </>
  );
}
