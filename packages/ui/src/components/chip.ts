/**
 * A choice chip: a <label> around a visually hidden checkbox or radio (`sr-only`), showing the checked state and the
 * keyboard focus of the input inside. Filters and variant pickers (size, colour) are rows of these.
 */
export const chipClasses =
  'inline-flex min-h-9 cursor-pointer items-center gap-1.5 rounded-full border border-border px-3 text-sm ' +
  'hover:border-primary has-checked:border-primary has-checked:bg-primary has-checked:text-primary-foreground ' +
  'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus-ring';
