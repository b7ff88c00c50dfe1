import type { CustomerExportQuery } from '@seamline/shared';
import { and, desc, getTableColumns } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { customerListCondition, statsFor, toAdminCustomer } from '../customers/index.js';
import { type CsvExport, cursorAt, isoTime, keysetPages, money, olderThan } from './csv-export.js';

const PAGE = 1000;

const COLUMNS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'status',
  'email_verified',
  'order_count',
  'total_spent',
  'tier',
  'registered_at',
  'last_login',
];

/** The customers the list's search and status select, newest first, with their order figures (counted per page). */
export function customersExport(db: Db, query: CustomerExportQuery): CsvExport {
  const where = customerListCondition(query);
  const pages = keysetPages((after: { cursorAt: string; id: string } | null) =>
    db
      .select({ ...getTableColumns(users), cursorAt: cursorAt(users.createdAt) })
      .from(users)
      .where(and(where, olderThan(users.createdAt, users.id, after)))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(PAGE),
  );
  async function* records() {
    for await (const page of pages) {
      const stats = await statsFor(
        db,
        page.map((row) => row.id),
      );
      for (const row of page) {
        const customer = toAdminCustomer(row, stats.get(row.id));
        yield [
          customer.firstName,
          customer.lastName,
          customer.email,
          customer.phone ?? '',
          customer.isActive ? 'active' : 'inactive',
          customer.emailVerified ? 'yes' : 'no',
          String(customer.orderCount),
          money(customer.totalSpent),
          customer.tier,
          customer.createdAt,
          isoTime(customer.lastLogin),
        ];
      }
    }
  }
  return { kind: 'customers', fileName: 'customers', columns: COLUMNS, records: records() };
}
