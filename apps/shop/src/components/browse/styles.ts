/**
 * Class lists shared by the browse pages (kept here rather than in index.css, which every storefront area edits).
 * A chip is a label around a visually hidden checkbox or radio: it shows the checked state and the keyboard focus.
 */
export const chip =
  'inline-flex min-h-9 cursor-pointer items-center gap-1.5 rounded-full border border-stone-300 px-3 text-sm ' +
  'hover:border-ink has-checked:border-ink has-checked:bg-ink has-checked:text-white ' +
  'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ink';

export const field =
  'block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-sm text-ink focus-visible:border-ink';

export const buttonSecondary =
  'inline-flex min-h-10 items-center justify-center rounded-md border border-ink px-4 text-sm font-medium hover:bg-stone-100';

export const buttonPrimary =
  'inline-flex min-h-12 items-center justify-center rounded-md bg-ink px-6 text-base font-medium text-white ' +
  'hover:bg-stone-800 disabled:cursor-not-allowed disabled:bg-stone-400';
