import { z } from 'zod';

/** The lists a staff member can save views of (the list screens with URL filters). */
export const SAVED_VIEW_LISTS = ['orders', 'products', 'customers', 'activity-logs'] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

export const SAVED_VIEW_MESSAGES = {
  nameRequired: 'View name is required',
  nameTooLong: 'View name must be less than 60 characters',
  duplicate: 'A view with this name already exists for this list',
  notFound: 'Saved view not found',
  tooMany: 'You can save up to 50 views per list',
} as const;
/** How many views one staff member keeps per list (the menu stays short). */
export const SAVED_VIEWS_PER_LIST = 50;

/**
 * A list's filters as its URL query string (without `?`, without `page`): what the list screen reads back. Plain
 * `key=value` pairs only; the screen validates each value as it does for any link.
 */
const queryString = z
  .string()
  .trim()
  .max(2000, 'Filters are too long')
  .transform((value) => {
    const params = new URLSearchParams(value.replace(/^\?/, ''));
    params.delete('page');
    return params.toString();
  });

export const savedViewInput = z.object({
  list: z.enum(SAVED_VIEW_LISTS),
  name: z
    .string({ error: SAVED_VIEW_MESSAGES.nameRequired })
    .trim()
    .min(1, SAVED_VIEW_MESSAGES.nameRequired)
    .max(59, SAVED_VIEW_MESSAGES.nameTooLong),
  query: queryString,
});
export type SavedViewInput = z.input<typeof savedViewInput>;

export const savedViewListQuery = z.object({ list: z.enum(SAVED_VIEW_LISTS) });

export const savedViewView = z.object({
  _id: z.string(),
  id: z.string(),
  list: z.enum(SAVED_VIEW_LISTS),
  name: z.string(),
  query: z.string(),
  createdAt: z.string(),
});
export type SavedView = z.infer<typeof savedViewView>;
