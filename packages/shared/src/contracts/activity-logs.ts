import { z } from 'zod';
import { activityLogEntry, activityLogQuery } from '../activity-logs.js';
import { paginationView } from '../api.js';
import { endpoint, envelope } from '../contract.js';
import { idParams } from '../ids.js';

const tag = 'activity-logs';

/** The audit trail, read-only and admin-only: there are deliberately no PUT, PATCH or DELETE endpoints. */
export const activityLogContracts = {
  list: endpoint({
    operationId: 'listActivityLogs',
    method: 'GET',
    path: '/admin/activity-logs',
    summary: 'List activity-log entries, newest first (search, filter by user, action, resource, status and dates)',
    tag,
    access: 'activityLogs',
    query: activityLogQuery,
    responses: { 200: envelope(z.object({ logs: z.array(activityLogEntry), pagination: paginationView })) },
  }),
  get: endpoint({
    operationId: 'getActivityLog',
    method: 'GET',
    path: '/admin/activity-logs/:id',
    summary: 'Get one activity-log entry',
    tag,
    access: 'activityLogs',
    params: idParams('activity log'),
    responses: { 200: envelope(z.object({ log: activityLogEntry })) },
  }),
};
