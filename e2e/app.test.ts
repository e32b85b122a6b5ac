import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';

describe('the served web app', () => {
  const { newPage } = useBrowser();

  it('opens in Chromium, in Spanish, and shows the server state', async () => {
    const page = await newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    await expect
      .poll(() => page.getByTestId('estado-servidor').textContent())
      .toMatch(/Servidor en línea · versión \d+\.\d+\.\d+ · base de datos pglite/);
    expect(response?.headers()['content-security-policy']).toContain("object-src 'none'");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('serves deep links through the SPA fallback', async () => {
    const page = await newPage(360);
    const response = await page.goto('/fabrica/lineas');
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.title()).toBe('Planta');
    await page.context().close();
  });
});
