import { z } from 'zod';
import { endpoint } from '../contract.js';
import { envelope, messageEnvelope } from '../envelopes.js';
import { idParams } from '../id-params.js';
import { SAVED_VIEW_MESSAGES, savedViewInput, savedViewListQuery, savedViewView } from '../saved-views.js';

const tag = 'saved-views';

/** A staff member's saved list filters (issue 17 item 4): their own views only, per list. */
export const savedViewContracts = {
  list: endpoint({
    operationId: 'listSavedViews',
    method: 'GET',
    path: '/admin/saved-views',
    summary: "The signed-in staff member's saved views of one list, by name",
    description: 'Only your own views, sorted by name. A list your role may not open answers 403.',
    tag,
    access: 'staff',
    query: savedViewListQuery,
    responses: { 200: envelope(z.object({ views: z.array(savedViewView) })) },
  }),
  create: endpoint({
    operationId: 'createSavedView',
    method: 'POST',
    path: '/admin/saved-views',
    summary: "Save a list's current filters (its query string) under a name",
    description:
      `Per staff member and list, at most 50 views with distinct names: 409 "${SAVED_VIEW_MESSAGES.duplicate}" or ` +
      `409 "${SAVED_VIEW_MESSAGES.tooMany}". A list your role may not open answers 403.`,
    tag,
    access: 'staff',
    body: savedViewInput,
    bodyExample: { list: 'orders', name: 'Paid this week', query: 'status=confirmed&startDate=2026-11-23' },
    responses: { 201: envelope(z.object({ view: savedViewView })) },
    errors: [403, 409],
  }),
  remove: endpoint({
    operationId: 'deleteSavedView',
    method: 'DELETE',
    path: '/admin/saved-views/:id',
    summary: 'Delete one of your saved views',
    description: `Someone else's view answers the same 404 "${SAVED_VIEW_MESSAGES.notFound}" as a missing one.`,
    tag,
    access: 'staff',
    params: idParams('saved view'),
    responses: { 200: messageEnvelope },
  }),
};
