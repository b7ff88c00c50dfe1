import {
  ORDER_STATUSES,
  orderFilterFields,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from '@seamline/shared';
import { capitalize } from '@seamline/ui';
import { z } from 'zod';
import type { FilterField } from '../../components/list/FilterBar';
import { parseFilters } from '../../lib/list-filters';

/** The order list's filters as URL parameters, named as the API names them. */
export const ORDER_FILTER_DEFAULTS = {
  status: '',
  paymentStatus: '',
  paymentMethod: '',
  startDate: '',
  endDate: '',
  minTotal: '',
  maxTotal: '',
  customerType: '',
  /** `open`: the "Open returns" toggle (orders with a return waiting for a decision). */
  returns: '',
};
const shape = {
  status: z.enum(ORDER_STATUSES).optional(),
  returns: z.enum(['open']).optional(),
  ...orderFilterFields,
};

export const orderFilterFieldsUi: FilterField[] = [
  {
    key: 'status',
    label: 'Status',
    kind: 'select',
    placeholder: 'All statuses',
    options: ORDER_STATUSES.map((value) => ({ value, label: capitalize(value) })),
  },
  {
    key: 'paymentStatus',
    label: 'Payment',
    kind: 'select',
    placeholder: 'All payments',
    options: PAYMENT_STATUSES.map((value) => ({ value, label: capitalize(value.replace('_', ' ')) })),
  },
  {
    key: 'paymentMethod',
    label: 'Method',
    kind: 'select',
    placeholder: 'All methods',
    options: PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] })),
  },
  { key: 'startDate', label: 'From', kind: 'date' },
  { key: 'endDate', label: 'To', kind: 'date' },
  { key: 'minTotal', label: 'Min total ($)', kind: 'number' },
  { key: 'maxTotal', label: 'Max total ($)', kind: 'number' },
  {
    key: 'customerType',
    label: 'Customer',
    kind: 'select',
    placeholder: 'Everyone',
    options: [
      { value: 'guest', label: 'Guests' },
      { value: 'registered', label: 'Registered' },
    ],
  },
];

/** The valid order filters of the URL, typed as the API reads them. */
export function orderFilter(values: Record<string, string | number>) {
  return parseFilters(shape, values);
}
export type OrderFilter = ReturnType<typeof orderFilter>;
