/** One measured figure of the bench against its target. */
export type Figure = {
  group: string;
  name: string;
  value: number;
  unit: 'ms' | 'req/s' | 'orders/s' | 's' | 'count' | 'MB' | 'kB' | 'ratio';
  /** `max`: the figure must stay below `target`; `min`: it must reach at least `target`; absent: shown only. */
  bound?: 'max' | 'min';
  target?: number;
  /** Context printed beside the figure (p50, errors, hits…). */
  note?: string;
};

export function passes(figure: Figure): boolean {
  if (figure.bound === undefined || figure.target === undefined) return true;
  if (!Number.isFinite(figure.value)) return false;
  return figure.bound === 'max' ? figure.value < figure.target : figure.value >= figure.target;
}

const formatNumber = (value: number) =>
  !Number.isFinite(value)
    ? '–'
    : value >= 100
      ? Math.round(value).toLocaleString('en-US')
      : value.toFixed(value >= 10 ? 1 : 2).replace(/\.?0+$/, '');

/** A figure as shown; a miss that rounds to its target shows the digits that make it one (0.49953, not 0.5). */
function figureText(figure: Figure): string {
  const text = formatNumber(figure.value);
  if (figure.target === undefined || passes(figure) || text !== formatNumber(figure.target)) return text;
  return String(Number(figure.value.toPrecision(5)));
}

const targetText = (figure: Figure) =>
  figure.bound === undefined || figure.target === undefined
    ? ''
    : `${figure.bound === 'max' ? '<' : '≥'} ${formatNumber(figure.target)} ${figure.unit}`;

const resultText = (figure: Figure) => (figure.bound === undefined ? 'info' : passes(figure) ? 'pass' : 'MISS');

/** The figures as one Markdown table (readable in a terminal, pasted as is into docs/benchmarks.md). */
export function renderTable(figures: readonly Figure[]): string {
  const header = ['Check', 'Figure', 'Target', 'Result', 'Notes'];
  const rows = figures.map((f) => [
    `${f.group}: ${f.name}`,
    `${figureText(f)} ${f.unit}`,
    targetText(f),
    resultText(f),
    f.note ?? '',
  ]);
  return markdownTable(header, rows);
}

/** Rows of cells as a Markdown table with padded columns. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}
