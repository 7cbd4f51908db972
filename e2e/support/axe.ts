import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Rules left out. None: colour contrast is checked since the theme derives text-safe shades of the spec's colours
 * (docs/decisions/043).
 */
const NOT_YET_CHECKED: string[] = [];

/**
 * Runs axe-core (WCAG 2.x A and AA rules) on the page as it is and returns the serious and critical violations. The
 * page's CSP forbids inline scripts, so the context must be created with `bypassCSP: true`.
 */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async (disabled) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[]; html: string; any: Array<{ message: string }> }> }> }> } }).axe;
    const { violations } = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
      rules: Object.fromEntries(disabled.map((id) => [id, { enabled: false }])),
    });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => [n.target.join(' '), n.html.slice(0, 160), ...n.any.map((check) => check.message)].join(': ')) }));
  }, NOT_YET_CHECKED);
}
