import { z } from 'zod';
import { dateFilter, pageQuery } from './api.js';
import { PAGE_SIZES } from './constants.js';

export const ACTIVITY_STATUSES = ['success', 'failure'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

const optionalText = z.string().trim().max(200).optional();
const optionalDate = dateFilter.optional();

/** GET /api/admin/activity-logs query: paging, plain-text search and filters (the specification). */
export const activityLogQuery = pageQuery(PAGE_SIZES.activityLogs).extend({
  search: optionalText,
  userId: z
    .string()
    .regex(/^[0-9a-f]{24}$/, 'Expected 24-character hexadecimal string.')
    .optional(),
  action: optionalText,
  resource: optionalText,
  status: z.enum(ACTIVITY_STATUSES).optional(),
  startDate: optionalDate,
  endDate: optionalDate,
});
export type ActivityLogQuery = z.infer<typeof activityLogQuery>;

export const activityLogUser = z.object({
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});

export const activityLogEntry = z.object({
  _id: z.string(),
  id: z.string(),
  user: activityLogUser.nullable(),
  action: z.string(),
  resource: z.string(),
  resourceId: z.string().nullable(),
  status: z.enum(ACTIVITY_STATUSES),
  details: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type ActivityLogEntry = z.infer<typeof activityLogEntry>;

export type ActionTone = 'green' | 'red' | 'amber' | 'blue' | 'neutral';

/**
 * The spec's action colors: create/add/enroll green; delete/deactivate/remove red; update/modify/edit/change amber;
 * login/auth blue; payment/fee green. Checked in that order on the lower-cased action (so `deactivate` is red).
 */
export function actionTone(action: string): ActionTone {
  const a = action.toLowerCase();
  if (/delete|deactivate|remove/.test(a)) return 'red';
  if (/create|add|enroll|register/.test(a)) return 'green';
  if (/update|modify|edit|change|activate|set|subtract|reset/.test(a)) return 'amber';
  if (/login|logout|auth|sign|verify/.test(a)) return 'blue';
  if (/payment|fee|refund|paid/.test(a)) return 'green';
  return 'neutral';
}

export const ACTIVITY_ENTITIES = [
  'user',
  'product',
  'order',
  'customer',
  'brand',
  'category',
  'coupon',
  'inventory',
  'location',
  'payment',
  'auth',
  'system',
] as const;
export type ActivityEntity = (typeof ACTIVITY_ENTITIES)[number];

/** Which entity icon a log's resource gets; anything unknown is shown as system. */
export function activityEntity(resource: string): ActivityEntity {
  const r = resource.toLowerCase();
  if (r === 'stock' || r === 'variant' || r === 'transfer') return 'inventory';
  if (r === 'image') return 'product';
  if (r === 'session') return 'auth';
  if (r === 'invitation') return 'user';
  return (ACTIVITY_ENTITIES as readonly string[]).includes(r) ? (r as ActivityEntity) : 'system';
}

export type DetailField = { label: string; value: string };

function display(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object'))
    return value.map(display).join(', ');
  return JSON.stringify(value);
}

function labelOf(path: string[]): string {
  return path
    .map((part) =>
      part
        .replace(/_/g, ' ')
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .replace(/^./, (c) => c.toUpperCase()),
    )
    .join(' › ');
}

function isBeforeAfter(value: unknown): value is { before: unknown; after: unknown } {
  return Boolean(value && typeof value === 'object' && 'before' in value && 'after' in value);
}

/**
 * A log's details flattened to label/value cards: nested objects become "Parent › Child" labels and a
 * { before, after } pair reads "before → after".
 */
export function flattenDetails(
  details: Record<string, unknown> | null | undefined,
  path: string[] = [],
): DetailField[] {
  if (!details) return [];
  const fields: DetailField[] = [];
  for (const [key, value] of Object.entries(details)) {
    const here = [...path, key];
    if (isBeforeAfter(value))
      fields.push({ label: labelOf(here), value: `${display(value.before)} → ${display(value.after)}` });
    else if (value && typeof value === 'object' && !Array.isArray(value))
      fields.push(...flattenDetails(value as Record<string, unknown>, here));
    else fields.push({ label: labelOf(here), value: display(value) });
  }
  return fields;
}
