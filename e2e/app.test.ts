import { describe, expect, it } from 'vitest';
import { cerrarPagina, useBrowser } from './browser.ts';

describe('the served web app', () => {
  const { newPage } = useBrowser();

  it('opens in Chromium, in Spanish, with the security headers and no script errors', async () => {
    const page = await newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    expect(response?.headers()['content-security-policy']).toContain("object-src 'none'");
    await page.waitForURL('**/login');
    expect(errors).toEqual([]);
    await cerrarPagina(page);
  });
});
