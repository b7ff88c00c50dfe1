import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The contrast rule lives in the theme tokens (index.css over Tailwind's palette, and the UI kit's tokens.css): every
 * coloured text shade the screens and the kit use must read at 4.5:1 (WCAG 2.1 AA, normal text) on white, on slate-50
 * (the page) and on its own -50 tint (badges, icon tiles); the muted slates also on slate-100 (tab lists, secondary
 * buttons). A kit token (`text-muted-foreground`) counts as the shade it stands for.
 */
const src = path.resolve(import.meta.dirname);
const kitSrc = path.resolve(src, '../../../packages/ui/src');
const kitTheme = readFileSync(path.join(kitSrc, 'tokens.css'), 'utf8');
const tailwindTheme = readFileSync(
  path.join(path.dirname(createRequire(import.meta.url).resolve('tailwindcss/package.json')), 'theme.css'),
  'utf8',
);
// The app's own values come last: they override the kit's defaults.
const appTheme = `${kitTheme}\n${readFileSync(path.join(src, 'index.css'), 'utf8')}`;
/** The last value the theme gives a token (an app's override wins over the kit's default). */
const themeValue = (name: string) =>
  [...appTheme.matchAll(new RegExp(`--color-${name}:\\s*([^;]+);`, 'g'))].at(-1)?.[1];
/** Kit tokens that stand for a palette shade: `muted-foreground` → `slate-500`. */
const tokenShade = (name: string) => themeValue(name)?.match(/^var\(--color-([a-z]+-\d+)\)$/)?.[1];

type Oklch = [number, number, number];
function tokens(css: string) {
  const found = new Map<string, Oklch>();
  for (const m of css.matchAll(/--color-([a-z]+-\d+):\s*oklch\(([\d.]+)% ([\d.]+) ([\d.]+)\)/g))
    found.set(String(m[1]), [Number(m[2]) / 100, Number(m[3]), Number(m[4])]);
  return found;
}
const palette = new Map([...tokens(tailwindTheme), ...tokens(appTheme), ['white', [1, 0, 0] as Oklch]]);

/** Relative luminance (WCAG) of an oklch colour, through linear sRGB (clipped to the gamut as browsers do). */
function luminance([l, c, h]: Oklch) {
  const a = c * Math.cos((h * Math.PI) / 180);
  const b = c * Math.sin((h * Math.PI) / 180);
  const L = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const M = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const S = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const clip = (v: number) => Math.min(1, Math.max(0, v));
  const r = clip(4.0767416621 * L - 3.3077115913 * M + 0.2309699292 * S);
  const g = clip(-1.2684380046 * L + 2.6097574011 * M - 0.3413193965 * S);
  const bl = clip(-0.0041960863 * L - 0.7034186147 * M + 1.707614701 * S);
  return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
}
const ratio = (fg: string, bg: string) => {
  const [x, y] = [luminance(palette.get(fg) as Oklch), luminance(palette.get(bg) as Oklch)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Text shades in use on light backgrounds (400 and darker; lighter ones sit on dark fills). */
const textShades = [
  ...new Set(
    [...sourceFiles(src), ...sourceFiles(kitSrc)].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/(?<![\w-])text-([a-z]+(?:-[a-z]+)*(?:-\d00)?)\b/g)]
        .map((m) => String(m[1]))
        .map((name) => (/^[a-z]+-\d00$/.test(name) ? name : (tokenShade(name) ?? '')))
        .filter((shade) => /^[a-z]+-[4-9]00$/.test(shade)),
    ),
  ),
].sort();

describe('theme contrast', () => {
  it('finds the text shades the screens use', () => {
    expect(textShades).toEqual(expect.arrayContaining(['slate-400', 'slate-500', 'emerald-600', 'red-600']));
  });

  it('every text shade reads at 4.5:1 on white, the page and its own tint', () => {
    const failures = textShades.flatMap((shade) => {
      const tint = shade.replace(/\d+$/, '50');
      const backgrounds = new Set(['white', 'slate-50', tint, ...(shade.startsWith('slate-') ? ['slate-100'] : [])]);
      return [...backgrounds]
        .map((bg) => ({ pair: `${shade} on ${bg}`, ratio: Number(ratio(shade, bg).toFixed(2)) }))
        .filter((result) => result.ratio < 4.5);
    });
    expect(failures).toEqual([]);
  });

  it('input borders and the focus ring reach 3:1 against white and the page', () => {
    const border = themeValue('control-border')?.match(/^oklch\(([\d.]+)% ([\d.]+) ([\d.]+)\)$/);
    const ring = tokenShade('focus-ring') ?? 'missing';
    expect(border).not.toBeNull();
    palette.set('control-border', [Number(border?.[1]) / 100, Number(border?.[2]), Number(border?.[3])]);
    for (const bg of ['white', 'slate-50']) {
      expect(ratio('control-border', bg)).toBeGreaterThanOrEqual(3);
      expect(ratio(ring, bg)).toBeGreaterThanOrEqual(3);
    }
  });
});
