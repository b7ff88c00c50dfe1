import { type ClassValue, clsx } from 'clsx';
import { extendTailwindMerge } from 'tailwind-merge';

// The kit's own radius and weight tokens (`rounded-control`, `font-control`, see tokens.css) must conflict with
// `rounded-full`, `font-semibold` and the rest.
const twMerge = extendTailwindMerge({ extend: { theme: { radius: ['control'], 'font-weight': ['control'] } } });

/** Joins class names; later Tailwind utilities win over earlier conflicting ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
