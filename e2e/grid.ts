import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A table's row (or header row) holding the text. */
export const gridRow = (page: Page, text: string | RegExp) => page.getByRole('row').filter({ hasText: text });

/**
 * Narrows a configuration table with its search box, as a person looking for one row would, and
 * waits until the table shows only rows holding the text. Waiting only for the row to be there is
 * not enough: it is there before the search applies, and a click while the rows re-render can be
 * lost. `grid`: which of the page's tables, when it shows several.
 */
export async function quickSearch(page: Page, text: string, grid: 'first' | 'last' = 'first'): Promise<void> {
  const root = page.locator('[data-tabla-config]')[grid]();
  await root.getByRole('searchbox').fill(text);
  await expect
    .poll(async () => {
      const rows = await root.locator('tbody tr').allTextContents();
      return rows.length > 0 && rows.every((r) => r.includes(text));
    })
    .toBe(true);
}
