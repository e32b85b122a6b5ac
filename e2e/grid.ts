import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A DataGrid row (or header row) holding the text. */
export const gridRow = (page: Page, text: string | RegExp) => page.getByRole('row').filter({ hasText: text });

/**
 * Narrows a DataGrid with its quick search, as a person looking for one row would, and waits until
 * the grid has applied the filter (every row shown holds the text). Waiting only for the row to be
 * there is not enough: it is there before the filter runs, and a click while the filtered rows
 * re-render can be lost.
 */
/** `grid`: which of the page's grids, when it shows several. */
export async function quickSearch(page: Page, text: string, grid: 'first' | 'last' = 'first'): Promise<void> {
  const root = page.locator('.MuiDataGrid-root')[grid]();
  await root.getByRole('button', { name: 'Buscar' }).click();
  await root.getByRole('searchbox').fill(text);
  await expect
    .poll(async () => {
      const rows = await root.locator('.MuiDataGrid-row').allTextContents();
      return rows.length > 0 && rows.every((r) => r.includes(text));
    })
    .toBe(true);
}
