import type { ActivityLogExportQuery } from '@seamline/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activityLogs, users } from '../../db/schema/index.js';
import { activityLogColumns, activityLogConditions, toEntry } from '../activity-logs/index.js';
import { type CsvExport, cursorAt, keysetPages, olderThan } from './csv-export.js';

const PAGE = 1000;

const COLUMNS = [
  'created_at',
  'user_email',
  'user_first_name',
  'user_last_name',
  'action',
  'resource',
  'resource_id',
  'status',
  'ip',
  'user_agent',
  'details',
];

/** The entries the screen's search and filters select, newest first; details as their JSON text. */
export function activityLogsExport(db: Db, query: ActivityLogExportQuery): CsvExport {
  const where = activityLogConditions(query);
  async function* records() {
    const pages = keysetPages((after: { cursorAt: string; id: string } | null) =>
      db
        .select({ ...activityLogColumns, cursorAt: cursorAt(activityLogs.createdAt) })
        .from(activityLogs)
        .leftJoin(users, eq(users.id, activityLogs.userId))
        .where(and(where, olderThan(activityLogs.createdAt, activityLogs.id, after)))
        .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
        .limit(PAGE),
    );
    for await (const page of pages)
      for (const row of page) {
        const entry = toEntry(row);
        yield [
          entry.createdAt,
          entry.user?.email ?? '',
          entry.user?.firstName ?? '',
          entry.user?.lastName ?? '',
          entry.action,
          entry.resource,
          entry.resourceId ?? '',
          entry.status,
          entry.ip ?? '',
          entry.userAgent ?? '',
          entry.details ? JSON.stringify(entry.details) : '',
        ];
      }
  }
  return {
    kind: 'activityLogs',
    fileName: 'activity-logs',
    columns: COLUMNS,
    records: records(),
  };
}
