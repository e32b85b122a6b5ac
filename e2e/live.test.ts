import { describe, expect, it } from 'vitest';
import { cerrarPagina, headerTitle, iniciarSesion, useBrowser } from './browser.ts';

describe('live plant values', () => {
  const { newPage } = useBrowser();

  it('shows every line\u2019s live speed and state on /fabrica/lineas, and the plant link in the header', async () => {
    const page = await newPage();
    await iniciarSesion(page);
    await page.goto('/fabrica/lineas');
    await expect.poll(() => headerTitle(page)).toBe('Lineas');
    for (const linea of [1, 2, 3, 4]) {
      await expect.poll(() => page.getByTestId(`linea-${linea}`).isVisible(), { timeout: 20_000 }).toBe(true);
    }
    // Values arrive over the websocket from the collector reading the OPC UA simulator.
    await expect
      .poll(() => page.getByTestId('linea-1').getByTestId('velocidad').textContent(), { timeout: 30_000 })
      .toMatch(/^\d[\d.,]* bpm$/);
    const status = page.getByRole('status', { name: /planta|colector|servidor/i }).first();
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 30_000 }).toBe('ok');
    expect(await status.getAttribute('aria-label')).toBe('Planta conectada: datos en vivo');
    await cerrarPagina(page);
  });
});
