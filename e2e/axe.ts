import axe from 'axe-core';
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
 * Runs axe-core in the page (injected once per document: a client-side navigation keeps it) and
 * returns its violations. axe.run in the page itself, not @axe-core/playwright's builder: the
 * builder injects axe again on every scan and finishes each one in a new blank page it opens (its
 * frame-by-frame mode, for cross-origin iframes, which Planta has none of): 3.1–10.6 s a scan of
 * /fabrica or /configuracion against 0.4–1.5 s here, for the same rules and the same answer
 * (docs/testing.md). Only violations are asked for (`resultTypes`): axe skips building the passed
 * and incomplete results.
 */
export async function violacionesAxe(
  page: Page,
  opciones: { tags?: string[]; rules?: string[]; include?: string },
): Promise<axe.Result[]> {
  const cargado = await page.evaluate(() => 'axe' in window);
  if (!cargado) await page.evaluate(axe.source);
  return page.evaluate(({ tags, rules, include }) => {
    const runOnly: axe.RunOptions['runOnly'] = tags
      ? { type: 'tag', values: tags }
      : { type: 'rule', values: rules ?? [] };
    const options: axe.RunOptions = {
      runOnly,
      resultTypes: ['violations'],
      ...(tags && rules ? { rules: Object.fromEntries(rules.map((id) => [id, { enabled: true }])) } : {}),
    };
    const contexto: axe.ElementContext = include ? { include: [include] } : document;
    return (window as unknown as { axe: typeof axe }).axe.run(contexto, options).then((r) => r.violations);
  }, opciones);
}

/**
 * The serious and critical WCAG violations on the page (or inside `include`, a CSS selector), one
 * readable line each: empty when clean. Scanned once the fades are over (contrast is computed on
 * what is painted).
 */
export async function violacionesGraves(page: Page, include?: string): Promise<string[]> {
  await transicionesTerminadas(page);
  const violaciones = await violacionesAxe(page, { tags: WCAG_TAGS, rules: EXTRA_RULES, include });
  return violaciones
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
