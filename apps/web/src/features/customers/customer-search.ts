import type { AdminCustomer } from '@seamline/shared';

/**
 * Client-side, case-insensitive search (spec §5) over first name, last name, full name, e-mail and phone.
 * Plain text: the query is never a pattern.
 */
export function filterCustomers(customers: AdminCustomer[], query: string): AdminCustomer[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return customers;
  return customers.filter((c) =>
    [c.firstName, c.lastName, `${c.firstName} ${c.lastName}`, c.email, c.phone ?? ''].some((field) =>
      field.toLowerCase().includes(needle),
    ),
  );
}

export const fullName = (c: Pick<AdminCustomer, 'firstName' | 'lastName'>) => `${c.firstName} ${c.lastName}`.trim();

/** The rows of one client-side page, and how many pages there are (at least 1). */
export function pageOf<T>(items: T[], page: number, size: number): { rows: T[]; page: number; totalPages: number } {
  const totalPages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), totalPages);
  return { rows: items.slice((current - 1) * size, current * size), page: current, totalPages };
}
