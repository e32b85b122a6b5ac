import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { transicionesTerminadas } from './browser.ts';

/** axe-core's WCAG 2.0–2.2 A/AA rules: what every accessibility scan of the e2e suite runs. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/**
 * WCAG 2.5.3 (Label in Name, level A): axe files its rule as experimental, off unless asked for. An
 * accessible name that does not contain the visible text breaks speech control ("pulsa 27/11").
 */
const EXTRA_RULES = ['label-content-name-mismatch'];

/**
 * The serious and critical WCAG violations on the page (or inside `include`, a CSS selector), one
 * readable line each: empty when clean. Scanned once the fades are over (contrast is computed on
 * what is painted). Only violations are asked of axe (`resultTypes`): it skips building the passed
 * and incomplete results, 17 % of a scan's time.
 */
export async function violacionesGraves(page: Page, include?: string): Promise<string[]> {
  await transicionesTerminadas(page);
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).options({
    rules: Object.fromEntries(EXTRA_RULES.map((id) => [id, { enabled: true }])),
    resultTypes: ['violations'],
  });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}, ${v.nodes.length} nodos): ${v.help} — ` +
        v.nodes
          .slice(0, 4)
          .map((n) => `${n.target.join(' ')} ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
          .join(' | '),
    );
}
