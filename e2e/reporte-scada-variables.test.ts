import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, createTestUser, type TestUser } from './api.ts';
import { cerrarPagina, headerTitle, iniciarSesion, useBrowser } from './browser.ts';

// Issue 31 item 16: the Reporte de Variables SCADA never opens empty. The first time it shows the
// first line's variables; after that, the variables this user chose last (kept in the browser per
// user: another user of the same browser gets their own).

interface VariableScada {
  id: string;
  nombre: string;
  linea: number | null;
}

const variablesEnUrl = (page: Page) => new URL(page.url()).searchParams.get('variables');

/** The choice this browser keeps for the logged-in user (any user's key: one user per test page). */
const recordadas = (page: Page) =>
  page.evaluate(
    () =>
      Object.entries(window.localStorage).find(([clave]) =>
        clave.startsWith('planta:reporte-scada:variables:'),
      )?.[1] ?? null,
  );

describe('Reporte de Variables SCADA: the variables it opens with', () => {
  const { newPage } = useBrowser();
  let catalogo: VariableScada[];
  let deLaLinea: string; // the first line's variables, as the URL lists them
  let ana: TestUser;
  let beto: TestUser;

  beforeAll(async () => {
    const token = await apiLogin();
    ({ variablesScada: catalogo } = await api<{ variablesScada: VariableScada[] }>(
      '{ variablesScada { id nombre linea } }',
      {},
      token,
    ));
    const primera = Math.min(...catalogo.flatMap((v) => (v.linea === null ? [] : [v.linea])));
    deLaLinea = catalogo
      .filter((v) => v.linea === primera)
      .map((v) => v.id)
      .join(',');
    expect(deLaLinea).not.toBe('');
    [ana, beto] = await Promise.all([createTestUser('scadaa', 'admin'), createTestUser('scadab', 'admin')]);
  });

  async function abrir(page: Page): Promise<void> {
    await page.goto('/reportes/scada');
    await expect.poll(() => headerTitle(page)).toBe('Reporte de Variables SCADA');
  }

  it("opens with the first line's variables the first time, then with the ones the user chose last", async () => {
    const page = await newPage(1440);
    await iniciarSesion(page, ana.username, ana.password);
    await abrir(page);
    await expect.poll(() => variablesEnUrl(page), { timeout: 20_000 }).toBe(deLaLinea);
    // The report shows once the address names its variables (one render after it).
    await expect.poll(() => page.getByTestId('reporte-scada').count()).toBe(1);
    expect(await page.getByTestId('sin-variables').count()).toBe(0);
    const chips = page.getByTestId('selector-variables').locator('.MuiChip-root');
    await expect.poll(() => chips.count()).toBeGreaterThan(0);

    // Ana adds a plant variable through the selector.
    const otra = catalogo.find((v) => v.linea === null)!;
    await page.getByRole('combobox', { name: 'Variables' }).fill(otra.nombre);
    await page.getByRole('option', { name: otra.nombre, exact: true }).click();
    const elegidas = `${deLaLinea},${otra.id}`;
    await expect.poll(() => variablesEnUrl(page)).toBe(elegidas);
    // Kept in this browser once the screen has taken the choice (the address changes a moment before
    // the screen renders it; a reload in between would leave with the previous choice).
    await expect.poll(() => recordadas(page)).toBe(JSON.stringify(elegidas.split(',')));

    // Elsewhere and back, from the drawer's plain link (no variables in it): her choice.
    await page.goto('/menu');
    await expect.poll(() => headerTitle(page)).toBe('Menú');
    await abrir(page);
    await expect.poll(() => variablesEnUrl(page), { timeout: 20_000 }).toBe(elegidas);
    await expect
      .poll(() => page.getByTestId('selector-variables').getByText(otra.nombre, { exact: true }).count())
      .toBe(1);

    // A link with its own variables wins, and becomes the last choice.
    const una = catalogo.find((v) => v.id !== otra.id && v.linea !== null)!;
    await page.goto(`/reportes/scada?variables=${una.id}`);
    await expect.poll(() => headerTitle(page)).toBe('Reporte de Variables SCADA');
    await expect.poll(() => variablesEnUrl(page)).toBe(una.id);
    await expect.poll(() => recordadas(page)).toBe(JSON.stringify([una.id]));
    await page.goto('/menu');
    await abrir(page);
    await expect.poll(() => variablesEnUrl(page), { timeout: 20_000 }).toBe(una.id);

    // Another user in the same browser: not Ana's choice, the line's variables.
    await page.getByRole('button', { name: 'Cuenta de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    await iniciarSesion(page, beto.username, beto.password);
    await abrir(page);
    await expect.poll(() => variablesEnUrl(page), { timeout: 20_000 }).toBe(deLaLinea);
    await cerrarPagina(page);
  });
});
