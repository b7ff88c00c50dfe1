import { cn } from '../cn';

/** FNV-1a: a small, stable string hash (same seed → same colour on every machine). */
export function hashSeed(seed: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i += 1) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Up to two initials from a name ('Emma Wilson' → 'EW'), else from an e-mail or code ('emma.wilson@…' → 'EW'). */
export function initialsOf(text: string): string {
  const base = text.includes('@') ? (text.split('@')[0] ?? text) : text;
  const words = base
    .split(/[\s._\-+]+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  const letters = words.length > 1 ? `${words[0]![0]}${words.at(-1)![0]}` : (words[0]?.slice(0, 2) ?? '?');
  return letters.toUpperCase();
}

/** Background and text colour derived from the seed: varied hues, always readable white text. */
export function avatarColors(seed: string): { background: string; accent: string } {
  const hash = hashSeed(seed);
  const hue = hash % 360;
  const saturation = 55 + ((hash >>> 9) % 20);
  return { background: `hsl(${hue} ${saturation}% 42%)`, accent: `hsl(${(hue + 40) % 360} ${saturation}% 52%)` };
}

export type AvatarProps = {
  /** Decides the colour (e-mail, id or code) — the same seed always gives the same avatar. */
  seed: string;
  /** Decides the initials; defaults to the seed. */
  name?: string;
  /** Pixel size (default 36). */
  size?: number;
  className?: string;
};

/** An avatar generated locally as an inline SVG (no external service, works offline, leaks no e-mail). */
export function Avatar({ seed, name, size = 36, className }: AvatarProps) {
  const { background, accent } = avatarColors(seed || name || '?');
  const initials = initialsOf(name?.trim() || seed || '?');
  const gradientId = `avatar-${hashSeed(seed).toString(36)}`;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 40 40"
      role="img"
      aria-label={name || seed}
      className={cn('shrink-0 rounded-full', className)}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor={accent} />
          <stop offset="100%" stopColor={background} />
        </linearGradient>
      </defs>
      <circle cx="20" cy="20" r="20" fill={`url(#${gradientId})`} />
      <text
        x="50%"
        y="50%"
        dy="0.35em"
        textAnchor="middle"
        fill="#fff"
        fontFamily="Inter, ui-sans-serif, system-ui, sans-serif"
        fontSize={initials.length > 1 ? 15 : 17}
        fontWeight={600}
      >
        {initials}
      </text>
    </svg>
  );
}
