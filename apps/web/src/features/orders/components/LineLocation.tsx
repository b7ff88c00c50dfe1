import { can, type OrderItemView, type OrderView } from '@seamline/shared';
import { Button, Select } from '@seamline/ui';
import { useId, useState } from 'react';
import { useAuth } from '../../../auth/auth-context';
import { useStockLocations } from '../../../components/stock-locations';
import { errorMessage } from '../../../lib/api-client';
import { useReassignLine } from '../api';

/**
 * Where an order line ships from, in a store with two or more active locations (with one: nothing). While the
 * order's units are still only reserved, staff can reserve the line at another location instead; once they are
 * committed or given back the server refuses, so the control is not offered.
 */
export function LineLocation({
  order,
  item,
  onOrderChange,
}: {
  order: OrderView;
  item: OrderItemView;
  /** The order as the change left it (the list also refreshes). */
  onOrderChange?: (order: OrderView) => void;
}) {
  const locations = useStockLocations();
  const mayManage = can(useAuth().user?.role, 'orders');
  const reassign = useReassignLine();
  const selectId = useId();
  const [target, setTarget] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  if (locations.length === 0) return null;

  // A line shipped from a location deactivated since is no longer in the active list.
  const current = locations.find((location) => location._id === item.locationId)?.name ?? 'an inactive location';
  const others = locations.filter((location) => location._id !== item.locationId);
  const changeable = mayManage && order.stockState === 'reserved' && others.length > 0;

  const start = () => {
    setError(undefined);
    setTarget(others[0]!._id);
  };
  const confirm = async () => {
    if (!target) return;
    try {
      const { data } = await reassign.mutateAsync({ orderId: order.id, itemId: item.id, locationId: target });
      setTarget(null);
      onOrderChange?.(data.order);
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to change the location.'));
    }
  };

  return (
    <div className="mt-1 flex flex-col gap-1.5 text-xs text-slate-500">
      <p className="flex flex-wrap items-center gap-x-2">
        <span>
          Ships from: <span className="font-medium text-slate-700">{current}</span>
        </span>
        {changeable && target === null ? (
          <Button type="button" size="sm" variant="inline" onClick={start}>
            Change location
          </Button>
        ) : null}
      </p>
      {changeable && target !== null ? (
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={selectId} className="sr-only">
            New location for {item.product.name} ({item.size}/{item.color})
          </label>
          <Select
            id={selectId}
            className="min-w-40"
            options={others.map((location) => ({ value: location._id, label: location.name }))}
            value={target}
            onChange={(event) => setTarget(event.target.value)}
          />
          <Button type="button" size="sm" onClick={confirm} disabled={reassign.isPending}>
            {reassign.isPending ? 'Moving...' : 'Confirm'}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => setTarget(null)}>
            Cancel
          </Button>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
