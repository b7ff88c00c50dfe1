import { COLOR_HEX } from '@seamline/shared';

/** A color's dot next to its name (decorative: the name says it). */
export function Swatch({ color, className = 'size-3.5' }: { color: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`${className} rounded-full border border-stone-300`}
      style={{ backgroundColor: COLOR_HEX[color] ?? 'transparent' }}
    />
  );
}
