import { z } from 'zod';
import { activityLogEntry, activityLogQuery } from '../activity-logs.js';
import { paginationView } from '../api.js';
import { endpoint } from '../contract.js';
import { envelope } from '../envelopes.js';
import { idParams } from '../id-params.js';

const tag = 'activity-logs';

/** The audit trail, read-only and admin-only: there are deliberately no PUT, PATCH or DELETE endpoints. */
export const activityLogContracts = {
  list: endpoint({
    operationId: 'listActivityLogs',
    method: 'GET',
    path: '/admin/activity-logs',
    summary: 'List activity-log entries, newest first (search, filter by user, action, resource, status and dates)',
    description:
      'One entry per staff change (written in the same transaction), sign-in and failed sign-in: who, action, ' +
      'resource, success or failure, changed fields before/after with secrets redacted, IP and user agent. `search` ' +
      'is plain case-insensitive text over action, resource, e-mail and details; `startDate`/`endDate` take a day ' +
      'or an ISO date-time. The e-mail is the one the user had at the time.',
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
    description: 'The entry as the list shows it. 404 "Activity log not found".',
    tag,
    access: 'activityLogs',
    params: idParams('activity log'),
    responses: { 200: envelope(z.object({ log: activityLogEntry })) },
  }),
};
