import axe from 'axe-core';
import { expect } from 'vitest';

/** The WCAG 2.1 A and AA rules; colour contrast needs a real layout, so the screenshots' browser run checks it. */
const OPTIONS: axe.RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  rules: { 'color-contrast': { enabled: false } },
  resultTypes: ['violations'],
};

/** Fails on any serious or critical axe violation inside `element`, naming the rule and the elements. */
export async function expectNoSeriousViolations(element: Element) {
  const { violations } = await axe.run(element, OPTIONS);
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious).toEqual([]);
}
