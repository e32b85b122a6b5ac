import { ROUTES } from '@planta/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from './api.ts';
import {
  cerrarPagina,
  expectPath,
  hasHorizontalScroll,
  headerTitle,
  iniciarSesion,
  useBrowser,
  visit,
} from './browser.ts';

const mainRoutes = ROUTES.filter((r) => r.layout === 'main');

describe('every route', () => {
  const { newPage } = useBrowser();

  it('/ redirects to the menu; each route shows its exact title in the header and as document.title', async () => {
    const page = await newPage();
    await iniciarSesion(page);
    await page.goto('/');
    await expectPath(page, '/menu');
    for (const route of mainRoutes) {
      await visit(page, route.path);
      await expect.poll(() => headerTitle(page), { message: route.path }).toBe(route.title);
      await expect.poll(() => page.title(), { message: route.path }).toBe(route.title);
    }
    await visit(page, '/obz');
    await expect.poll(() => page.title()).toBe('Obz');
    expect(await page.locator('header').count()).toBe(0); // blank layout: no header, no drawer
    await cerrarPagina(page);
  });

  it('shows the report button everywhere but on the three PTA routes and the water report', async () => {
    const page = await newPage();
    await iniciarSesion(page);
    await page.goto('/menu'); // the app loaded: the loop below navigates client-side
    for (const route of mainRoutes) {
      await visit(page, route.path);
      await expect.poll(() => headerTitle(page)).toBe(route.title);
      const visible = await page.getByRole('button', { name: 'Reporte', exact: true }).isVisible();
      expect(visible, route.path).toBe(route.reportButton);
    }
    await visit(page, '/fabrica');
    await expect.poll(() => headerTitle(page)).toBe('Dashboard Fábrica');
    // The button makes the screen's PDF on the server and downloads it (e2e/informe-pdf.test.ts reads it).
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 90_000 }),
      page.getByRole('button', { name: 'Reporte', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^dashboard-fabrica_\d{4}-\d{2}-\d{2}\.pdf$/);
    await cerrarPagina(page);
  });

  it(
    'no screen sends a request the server refuses: a full load of every route, its answers all below 400',
    async () => {
      // Issue 31 item 14: /mantenimiento/eficiencia asked for the ETA with empty dates (400) before
      // the plant's calendar had answered. Each route is loaded afresh (the first render is where
      // such requests go out), as a super-admin who may open every one, and the walk records every
      // answer the browser got; none was asked to fail.
      const superAdmin = await createTestUser('walk', 'super-admin');
      const page = await newPage();
      const rechazadas: string[] = [];
      const enVuelo = new Set<unknown>();
      page.on('request', (r) => enVuelo.add(r));
      page.on('requestfailed', (r) => enVuelo.delete(r));
      page.on('requestfinished', (r) => enVuelo.delete(r));
      page.on('response', (response) => {
        if (response.status() < 400) return;
        const body = response.request().postData() ?? '';
        const operation = /(query|mutation)\s*(\w*)/.exec(body)?.slice(1).join(' ') ?? '';
        rechazadas.push(
          `${new URL(page.url()).pathname}: ${response.status()} ${response.request().method()} ${response.url()} ${operation}`.trim(),
        );
      });
      await iniciarSesion(page, superAdmin.username, superAdmin.password);
      for (const route of ROUTES.filter((r) => r.path !== '/login')) {
        await page.goto(route.path);
        await expect.poll(() => page.title(), { message: route.path, timeout: 20_000 }).toBe(route.title);
        // Quiet: no request in flight and no chart or section loading, twice in a row.
        let quietas = 0;
        await expect
          .poll(
            async () => {
              const ocupada =
                enVuelo.size > 0 ||
                (await page.locator('[data-state="loading"], [aria-busy="true"]').count()) > 0;
              quietas = ocupada ? 0 : quietas + 1;
              return quietas >= 2;
            },
            { message: `${route.path} no terminó de cargar`, timeout: 30_000, interval: 250 },
          )
          .toBe(true);
      }
      expect(rechazadas).toEqual([]);
      await cerrarPagina(page);
      // A cold load per route (about 3 s each on a slow 2-core machine beside the other e2e worker):
      // the file's 90 s would cut the walk short, not find a refused request.
    },
    ROUTES.length * 8_000,
  );

  it('answers unknown paths with the not-found page', async () => {
    const page = await newPage();
    await iniciarSesion(page);
    await page.goto('/esto/no/existe');
    await expect.poll(() => headerTitle(page)).toBe('Página no encontrada');
    expect(
      await page.getByText('La dirección no corresponde a ninguna pantalla de Planta.').isVisible(),
    ).toBe(true);
    await page.getByRole('link', { name: 'Volver al menú' }).click();
    await expectPath(page, '/menu');
    await cerrarPagina(page);
  });

  it('at 360 px: no horizontal scroll on any route, navigation in a temporary drawer', async () => {
    const page = await newPage(360);
    await iniciarSesion(page);
    await page.goto('/menu'); // the app loaded: the loop below navigates client-side
    for (const route of mainRoutes) {
      await visit(page, route.path);
      await expect.poll(() => headerTitle(page)).toBe(route.title);
      expect(await hasHorizontalScroll(page), route.path).toBe(false);
    }
    await page.getByRole('button', { name: 'Abrir navegación' }).click();
    await page.getByRole('link', { name: 'Lineas' }).first().click();
    await expect.poll(() => headerTitle(page)).toBe('Lineas');
    await cerrarPagina(page);
  });
});

describe('guards', () => {
  const { newPage } = useBrowser();
  let admin: TestUser;
  let hr: TestUser;
  let plain: TestUser;

  beforeAll(async () => {
    [admin, hr, plain] = await Promise.all([
      createTestUser('gadm', 'admin'),
      createTestUser('ghr', 'human-resources'),
      createTestUser('gnone', null),
    ]);
  });

  it('sends a user without the human-resources permission from /recursos-humanos/* to /no-autorizado', async () => {
    const page = await newPage();
    await iniciarSesion(page, admin.username, admin.password);
    for (const path of ['/recursos-humanos', '/recursos-humanos/asistencia-diaria']) {
      await page.goto(path);
      await expectPath(page, '/no-autorizado');
      await expect.poll(() => headerTitle(page)).toBe('No autorizado');
    }
    // The drawer does not even offer them.
    expect(await page.getByRole('link', { name: 'Horas Extra' }).count()).toBe(0);
    await cerrarPagina(page);
  });

  it('lets human resources in to HR but not to users or any configuration screen', async () => {
    const page = await newPage();
    await iniciarSesion(page, hr.username, hr.password);
    await page.goto('/recursos-humanos');
    await expect.poll(() => headerTitle(page)).toBe('Horas Extra ~ Recursos Humnanos');
    const configuracion = [
      '',
      '/planificacion',
      '/productividad',
      '/mttr-mttf',
      '/zero-waste',
      '/lineas',
      '/notificaciones',
    ];
    for (const path of ['/users', ...configuracion.map((p) => `/configuracion${p}`)]) {
      await page.goto(path);
      await expectPath(page, '/no-autorizado');
    }
    await cerrarPagina(page);
  });

  it('a user with no role reaches the general screens and their own password form only', async () => {
    const page = await newPage();
    await iniciarSesion(page, plain.username, plain.password);
    await page.goto('/fabrica');
    await expectPath(page, '/fabrica');
    await visit(page, '/users/update-password');
    await expect.poll(() => headerTitle(page)).toBe('Actualizar Contraseña');
    await page.goto('/users');
    await expectPath(page, '/no-autorizado');
    await cerrarPagina(page);
  });
});
