import { customerListQuery } from '@seamline/shared';
import type { FilterField } from '../../components/list/FilterBar';
import { parseFilters } from '../../lib/list-filters';

/** The customer list's filters as URL parameters, named as the API names them (status is the "Active only" box). */
export const CUSTOMER_FILTER_DEFAULTS = { status: '', registeredFrom: '', registeredTo: '', hasOrders: '' };

const { status, registeredFrom, registeredTo, hasOrders } = customerListQuery.shape;

export const customerFilterFieldsUi: FilterField[] = [
  { key: 'registeredFrom', label: 'Registered from', kind: 'date' },
  { key: 'registeredTo', label: 'Registered to', kind: 'date' },
  {
    key: 'hasOrders',
    label: 'Orders',
    kind: 'select',
    placeholder: 'Anyone',
    options: [
      { value: 'yes', label: 'Has ordered' },
      { value: 'no', label: 'Never ordered' },
    ],
  },
];

/** The valid customer filters of the URL, typed as the API reads them. */
export function customerFilter(values: Record<string, string | number>) {
  return parseFilters({ status, registeredFrom, registeredTo, hasOrders }, values);
}
export type CustomerFilter = ReturnType<typeof customerFilter>;
