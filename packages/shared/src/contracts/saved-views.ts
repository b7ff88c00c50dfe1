import { z } from 'zod';
import { endpoint, envelope, messageEnvelope } from '../contract.js';
import { idParams } from '../ids.js';
import { savedViewInput, savedViewListQuery, savedViewView } from '../saved-views.js';

const tag = 'saved-views';

/** A staff member's saved list filters (issue 17 item 4): their own views only, per list. */
export const savedViewContracts = {
  list: endpoint({
    operationId: 'listSavedViews',
    method: 'GET',
    path: '/admin/saved-views',
    summary: "The signed-in staff member's saved views of one list, by name",
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
    tag,
    access: 'staff',
    params: idParams('saved view'),
    responses: { 200: messageEnvelope },
  }),
};
