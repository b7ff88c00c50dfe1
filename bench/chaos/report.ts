import { percentile } from '../lib/stats.js';
import { markdownTable } from '../lib/table.js';
import type { Kind, Outcome } from './load.js';

/** One phase of the run: what was failing, what the load got, and what the server said about itself at its end. */
export type Phase = { name: string; outcomes: Outcome[]; readiness: string; mailQueued: number };

/** Requests whose failure is the expected cost of a fault: an upload while the bucket is down. */
const EXPECTED_5XX: Partial<Record<string, Kind>> = { 'S3 stopped': 'upload', 'S3 hung': 'upload' };

const count = (outcomes: Outcome[], test: (o: Outcome) => boolean) => outcomes.filter(test).length;
const serverErrors = (outcomes: Outcome[]) => outcomes.filter((o) => o.status >= 500);

function byKind(outcomes: Outcome[]): string {
  const kinds = new Map<Kind, number>();
  for (const o of outcomes) kinds.set(o.kind, (kinds.get(o.kind) ?? 0) + 1);
  return [...kinds].map(([kind, n]) => `${kind} ${n}`).join(', ');
}

/** 5xx answers and requests without any answer that no fault explains. */
export function unexpectedFailures(phase: Phase): Outcome[] {
  const allowed = EXPECTED_5XX[phase.name];
  return phase.outcomes.filter((o) => o.status === 0 || (o.status >= 500 && o.kind !== allowed));
}

export function phaseTable(phases: Phase[]): string {
  const header = [
    'Phase',
    'Requests',
    '5xx',
    'No answer',
    '429',
    'p95 ms',
    'Max ms',
    'Orders 201',
    'Mail queued',
    'Readiness',
  ];
  const rows = phases.map((p) => {
    const times = p.outcomes.map((o) => o.ms);
    const errors = serverErrors(p.outcomes);
    return [
      p.name,
      String(p.outcomes.length),
      errors.length ? `${errors.length} (${byKind(errors)})` : '0',
      String(count(p.outcomes, (o) => o.status === 0)),
      String(count(p.outcomes, (o) => o.status === 429)),
      percentile(times, 95).toFixed(0),
      Math.max(...times).toFixed(0),
      String(count(p.outcomes, (o) => o.kind === 'guest order' && o.status === 201)),
      String(p.mailQueued),
      p.readiness,
    ];
  });
  return markdownTable(header, rows);
}

/** The abuser's answers per phase: its budget of password resets must be refused in every phase. */
export function abuserLine(phases: Phase[]): string {
  return phases
    .map((p) => {
      const calls = p.outcomes.filter((o) => o.kind === 'abuser');
      return `${p.name}: ${count(calls, (o) => o.status === 429)}/${calls.length} refused`;
    })
    .join('; ');
}
