import { ACTIVITY_STATUSES, activityLogQuery } from '@seamline/shared';
import type { FilterField } from '../../components/list/FilterBar';
import { parseFilters } from '../../lib/list-filters';

/** The audit trail's filters as URL parameters, named as the API names them (the specification). */
export const ACTIVITY_FILTER_DEFAULTS = {
  userId: '',
  action: '',
  resource: '',
  status: '',
  startDate: '',
  endDate: '',
};
const { userId, action, resource, status, startDate, endDate } = activityLogQuery.shape;
const shape = { userId, action, resource, status, startDate, endDate };

export function activityFilterFields(staff: { id: string; name: string }[], onOpen: () => void): FilterField[] {
  return [
    {
      key: 'userId',
      label: 'User',
      kind: 'select',
      placeholder: 'All users',
      onOpen,
      options: staff.map((user) => ({ value: user.id, label: user.name })),
    },
    { key: 'action', label: 'Action', kind: 'text', placeholder: 'e.g. update' },
    { key: 'resource', label: 'Resource', kind: 'text', placeholder: 'e.g. product' },
    {
      key: 'status',
      label: 'Status',
      kind: 'select',
      placeholder: 'Any status',
      options: ACTIVITY_STATUSES.map((value) => ({ value, label: value === 'success' ? 'Success' : 'Failure' })),
    },
    { key: 'startDate', label: 'From', kind: 'date' },
    { key: 'endDate', label: 'To', kind: 'date' },
  ];
}

export function activityFilter(values: Record<string, string | number>) {
  return parseFilters(shape, values);
}
export type ActivityFilter = ReturnType<typeof activityFilter>;
