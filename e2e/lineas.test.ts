import { addDays, productionDayRange } from '@planta/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin } from './api.ts';
import {
  captura,
  cerrarPagina,
  hasHorizontalScroll,
  headerTitle,
  iniciarSesion,
  useBrowser,
} from './browser.ts';
import { ddmmyyyy, expectChartDrawn, historyFrom, paintThenECharts } from './dashboard.ts';

// The e2e server runs the plant simulator and the collector without demo history (DEMO_DAYS=0):
// the production day in progress has the minutes since the server started, earlier days nothing.
// So today's screen is checked against the live plant and a past day for its empty state.

interface Vivo {
  formato: number;
}

describe('Lineas', () => {
  const { newPage } = useBrowser();
  let token: string;
  let hoy: string; // the production day in progress, plant time
  let ayer2: string; // two days back: no readings at all
  let lineas: { numero: number; nombre: string }[];

  /** A line with a product to show today (on the line now, or run earlier today), if any. */
  async function lineaConProducto(
    candidatas: readonly { numero: number; nombre: string }[] = lineas,
  ): Promise<{ numero: number; nombre: string; formato: number } | null> {
    const { calendarioPlanta } = await api<{ calendarioPlanta: { zona_horaria: string } }>(
      '{ calendarioPlanta { zona_horaria } }',
      {},
      token,
    );
    const { start, end } = productionDayRange(hoy, calendarioPlanta.zona_horaria);
    for (const linea of candidatas) {
      const r = await api<{
        lineaEnVivoActual: Vivo | null;
        scadaLinea: { lecturas: { formato: number }[] };
      }>(
        `query($l: Int!, $d: DateTime!, $h: DateTime!) {
          lineaEnVivoActual(linea: $l) { formato }
          scadaLinea(linea: $l, desde: $d, hasta: $h, max_puntos: 25) { lecturas { formato } }
        }`,
        { l: linea.numero, d: start.toISOString(), h: end.toISOString() },
        token,
      );
      const dia = r.scadaLinea.lecturas.filter((l) => l.formato !== 0).at(-1)?.formato ?? 0;
      const formato = r.lineaEnVivoActual?.formato || dia;
      if (formato !== 0) return { ...linea, formato };
    }
    return null;
  }

  beforeAll(async () => {
    token = await apiLogin();
    const data = await api<{
      calendarioPlanta: { dia_produccion: string; zona_horaria: string };
      lineas: { numero: number; nombre: string }[];
    }>('{ calendarioPlanta { dia_produccion zona_horaria } lineas { numero nombre } }', {}, token);
    hoy = data.calendarioPlanta.dia_produccion;
    ayer2 = addDays(hoy, -2);
    await historyFrom(token, addDays(hoy, -7));
    lineas = data.lineas;
    expect(lineas.map((l) => l.numero)).toEqual([1, 2, 3, 4]);
    // The collector writes a line's minutes once each minute closes: wait for the first one.
    const { start, end } = productionDayRange(hoy, data.calendarioPlanta.zona_horaria);
    const until = Date.now() + 170_000;
    for (;;) {
      const r = await api<{ scadaLinea: { lecturas: unknown[] } }>(
        'query($d: DateTime!, $h: DateTime!) { scadaLinea(linea: 1, desde: $d, hasta: $h, max_puntos: 25) { lecturas { fecha } } }',
        { d: start.toISOString(), h: end.toISOString() },
        token,
      );
      if (r.scadaLinea.lecturas.length > 0) break;
      if (Date.now() > until) throw new Error('el colector no escribió ningún minuto de hoy');
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    // A fresh server first makes its OPC UA certificates, then waits for a whole minute to close.
  }, 180_000);

  it('shows its title, every line\u2019s figures of the day in progress with live values, and the speed charts drawn', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page);
    await page.goto('/fabrica/lineas');
    await expect.poll(() => headerTitle(page)).toBe('Lineas');
    await expect.poll(() => page.title()).toBe('Lineas');
    // The production-day control defaults to today (plant time); there is no next day.
    await expect
      .poll(() => page.getByTestId('selector-fecha').locator('input').inputValue())
      .toBe(ddmmyyyy(hoy));
    expect(await page.getByTestId('selector-fecha-siguiente').isDisabled()).toBe(true);

    for (const { numero, nombre } of lineas) {
      const card = page.getByTestId(`linea-${numero}`);
      await expect.poll(() => card.getAttribute('data-fecha'), { timeout: 20_000 }).toBe(hoy);
      expect(await card.getByRole('heading', { level: 2 }).textContent()).toBe(nombre);
      // Live values from the PLC (over the websocket): speed and state.
      await expect
        .poll(() => card.getByTestId('velocidad').textContent(), { timeout: 30_000 })
        .toMatch(/^\d[\d,]* bpm$/);
      await expect.poll(() => card.getByTestId('estado').textContent()).not.toBe('Sin datos en vivo');
      // Activity time as HH:MM and the day's counters.
      expect(await card.getByTestId('tiempo-actividad').textContent()).toMatch(/^\d{2}:\d{2}$/);
      for (const id of ['botellas', 'botellas-llenas', 'paquetes', 'producto-terminado'])
        expect(await card.getByTestId(id).textContent(), id).toMatch(/^\d[\d,]*$/);
      await expectChartDrawn(page, `grafico-velocidad-${numero}`);
    }
    // The hourly axis follows the production day: 08 first, 07 last.
    const ariaLabel = await page.getByTestId('grafico-velocidad-1').getAttribute('aria-label');
    expect(ariaLabel).toBe('Línea 1: velocidad media de cada hora frente a la nominal');
    await cerrarPagina(page);
  });

  it("the speed charts' code (ECharts) downloads once the cards' captions have painted, after the day bar", async () => {
    const page = await newPage(1440);
    await iniciarSesion(page);
    await page.goto('/fabrica/lineas');
    await expectChartDrawn(page, 'grafico-velocidad-1');
    const { pintado, echarts } = await paintThenECharts(page, 'linea-velocidad');
    expect(pintado, 'a caption was painted').toBeGreaterThan(0);
    expect(echarts, 'ECharts was downloaded').toBeDefined();
    expect(echarts!).toBeGreaterThanOrEqual(pintado!);
  });

  it('opens the line-speed dialog: the day minute by minute against nominal, activity time, live speed', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page);
    await page.goto('/fabrica/lineas');
    const card = page.getByTestId('linea-1');
    await expect.poll(() => card.getAttribute('data-fecha'), { timeout: 20_000 }).toBe(hoy);
    await card.getByRole('button', { name: 'Velocidad de Línea 1' }).click();
    const dialog = page.getByTestId('dialogo-velocidad');
    await expect.poll(() => dialog.getByRole('heading').first().textContent()).toBe('Velocidad de Línea 1');
    await expectChartDrawn(page, 'grafico-velocidad-detalle', 0.01);
    expect(await dialog.getByTestId('detalle-tiempo-actividad').textContent()).toMatch(
      /^Tiempo de actividad\d{2}:\d{2}horas:minutos en marcha$/,
    );
    await expect
      .poll(() => dialog.getByTestId('detalle-velocidad-actual').textContent(), { timeout: 20_000 })
      .toMatch(/^Velocidad actual\d[\d,]* bpm/);
    expect(await dialog.getByTestId('detalle-velocidad-media').textContent()).toMatch(/^Media en marcha/);
    await captura(page, 'lineas-velocidad-1440');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await cerrarPagina(page);
  });

  it('opens the bottle-count dialog: totals, finished product = bottles per pack × packs, the 24 hours 08…07', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page);
    await page.goto('/fabrica/lineas');
    const card = page.getByTestId('linea-1');
    await expect.poll(() => card.getAttribute('data-fecha'), { timeout: 20_000 }).toBe(hoy);
    await card.getByRole('button', { name: 'Conteo de botellas de Línea 1' }).click();
    const dialog = page.getByTestId('dialogo-botellas');
    await expect
      .poll(() => dialog.getByRole('heading').first().textContent())
      .toBe('Conteo de botellas de Línea 1');
    await expectChartDrawn(page, 'grafico-botellas', 0.01);
    const rows = dialog.getByTestId('tabla-botellas-hora').locator('tbody tr');
    expect(await rows.count()).toBe(24);
    expect(await rows.first().locator('td').first().textContent()).toBe('08:00');
    expect(await rows.nth(16).locator('td').first().textContent()).toBe('00:00');
    expect(await rows.last().locator('td').first().textContent()).toBe('07:00');
    // The hours add up to the server's day totals; finished product is computed here per hour
    // (bottles per pack of the hour's product × packs) and by the server for the day.
    // (A reload every minute may land between two reads: poll across one.)
    const text = async (id: string) => (await dialog.getByTestId(id).textContent()) ?? '';
    await expect
      .poll(
        async () => {
          const totals = [
            (await text('total-botellas')).replace(/^Botellas/, '').replace(/\D+$/, ''),
            (await text('total-producto-terminado')).replace(/^Producto terminado/, '').replace(/\D+$/, ''),
          ];
          const sums = [await text('suma-botellas'), await text('suma-producto-terminado')];
          return totals.join(' / ') === sums.join(' / ') && /^\d/.test(sums[1]!)
            ? 'iguales'
            : `día ${totals.join(' / ')} ≠ horas ${sums.join(' / ')}`;
        },
        { timeout: 70_000 },
      )
      .toBe('iguales');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await cerrarPagina(page);
  });

  it('opens the image-info dialog of the product on a line: what an operator needs, no hex colour or ids', async () => {
    const linea = await lineaConProducto();
    const page = await newPage(1440);
    await iniciarSesion(page);
    await page.goto('/fabrica/lineas');
    if (!linea) {
      // Every line has been without product since the server started (e.g. Monday 00:00–08:00,
      // when the plant model runs no line): the cards say so and offer no image.
      const card = page.getByTestId('linea-1');
      await expect.poll(() => card.getByTestId('producto-nombre').textContent()).toBe('Sin producto');
      expect(await card.getByTestId('producto-imagen').count()).toBe(0);
      await cerrarPagina(page);
      return;
    }
    const { numero, nombre } = linea;
    type Producto = {
      num_botellas: number;
      producto: { descripcion: string; image_prefix: string; image_color: string };
      presentacion: { volumen: number; unid_medida: string };
      velocidad_nominal: { velocidad_botellas_minuto: number } | null;
    };
    /** The product on the line now (its format may change while the test runs: a changeover). */
    const productoAhora = async (): Promise<Producto | null> => {
      const ahora = await lineaConProducto([linea]);
      if (!ahora) return null;
      const r = await api<{ productoPresentacion: Producto }>(
        `query($f: Int!, $l: Int!) { productoPresentacion(hmi_id: $f, linea: $l) {
          num_botellas producto { descripcion image_prefix image_color }
          presentacion { volumen unid_medida } velocidad_nominal { velocidad_botellas_minuto } } }`,
        { f: ahora.formato, l: numero },
        token,
      );
      return r.productoPresentacion;
    };
    const card = page.getByTestId(`linea-${numero}`);
    // The card follows the line live; the API is read again until both name the same product.
    const visto: { producto?: Producto | null } = {};
    await expect
      .poll(
        async () => {
          visto.producto = await productoAhora();
          const enLaTarjeta = await card.getByTestId('producto-nombre').textContent();
          return enLaTarjeta === visto.producto?.producto.descripcion;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const producto = visto.producto;
    if (!producto) throw new Error('la línea quedó sin producto');
    await card.getByTestId('producto-imagen').click();
    const dialog = page.getByTestId('dialogo-imagen');
    await expect
      .poll(() => dialog.getByRole('heading').first().textContent())
      .toBe(producto.producto.descripcion);
    expect(await dialog.getByRole('img').getAttribute('aria-label')).toContain(producto.producto.descripcion);
    expect(await dialog.getByTestId('info-producto').textContent()).toBe(
      `Producto${producto.producto.descripcion}`,
    );
    expect(await dialog.getByTestId('info-botellas-paquete').textContent()).toBe(
      `Unidades por paquete${producto.num_botellas}`,
    );
    expect(await dialog.getByTestId('info-presentacion').textContent()).toMatch(/^Tamaño de botella.*L\)?$/);
    // What an operator needs, no developer data: no hex colour, image prefix or HMI code.
    const texto = (await dialog.textContent()) ?? '';
    expect(texto).not.toMatch(/#[0-9a-fA-F]{3,8}\b/);
    expect(texto).not.toContain(producto.producto.image_prefix);
    expect(texto).not.toContain('HMI');
    const nominal = producto.velocidad_nominal?.velocidad_botellas_minuto;
    expect(await dialog.getByTestId('info-nominal').textContent()).toContain(
      nominal === undefined ? 'Sin velocidad nominal' : `${nominal.toLocaleString('es-PE')} botellas/min`,
    );
    expect(await dialog.getByTestId('info-nominal').textContent()).toContain(nombre);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await cerrarPagina(page);
  });

  it('changing the date reloads every line: a day without readings shows its empty state, back to today', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page);
    await page.goto('/fabrica/lineas');
    const card = page.getByTestId('linea-1');
    await expect.poll(() => card.getAttribute('data-fecha'), { timeout: 20_000 }).toBe(hoy);
    await page.getByTestId('selector-fecha-anterior').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('fecha')).toBe(addDays(hoy, -1));
    await page.getByTestId('selector-fecha-anterior').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('fecha')).toBe(ayer2);
    for (const { numero } of lineas) {
      const c = page.getByTestId(`linea-${numero}`);
      await expect.poll(() => c.getAttribute('data-fecha'), { timeout: 20_000 }).toBe(ayer2);
      expect(await c.getByTestId('estado').textContent()).toBe('Día cerrado');
      expect(await page.getByTestId(`grafico-velocidad-${numero}`).getAttribute('data-state')).toBe('empty');
      expect(await c.getByTestId('tiempo-actividad').textContent()).toBe('00:00');
      expect(await c.getByTestId('botellas').textContent()).toBe('—');
      expect(await c.getByTestId('velocidad').textContent()).toBe('—');
      expect(await c.getByTestId('producto-nombre').textContent()).toBe('Sin producto');
    }
    expect(await page.getByTestId(`grafico-velocidad-1`).textContent()).toBe('Sin datos');
    // The dialogs of an empty day say so too.
    await card.getByRole('button', { name: 'Conteo de botellas de Línea 1' }).click();
    const dialog = page.getByTestId('dialogo-botellas');
    await expect.poll(() => page.getByTestId('grafico-botellas').getAttribute('data-state')).toBe('empty');
    expect(await dialog.getByTestId('suma-botellas').textContent()).toBe('—');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // Back to today: the data (and the live values) return.
    await page.getByRole('button', { name: 'Ir a hoy' }).click();
    await expect.poll(() => card.getAttribute('data-fecha')).toBe(hoy);
    expect(new URL(page.url()).searchParams.get('fecha')).toBeNull();
    await expectChartDrawn(page, 'grafico-velocidad-1');
    await expect.poll(() => card.getByTestId('velocidad').textContent()).toMatch(/^\d[\d,]* bpm$/);
    await cerrarPagina(page);
  });

  it('at 360 px: no horizontal scroll, the charts and the dialogs drawn', async () => {
    const page = await newPage(360);
    await iniciarSesion(page);
    await page.goto('/fabrica/lineas');
    await expect
      .poll(() => page.getByTestId('linea-4').getAttribute('data-fecha'), { timeout: 20_000 })
      .toBe(hoy);
    await expectChartDrawn(page, 'grafico-velocidad-1');
    await page.getByTestId('linea-4').scrollIntoViewIfNeeded();
    await expectChartDrawn(page, 'grafico-velocidad-4');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await hasHorizontalScroll(page)).toBe(false);
    // The dialogs fill the phone screen without sideways scroll either.
    await page.getByRole('button', { name: 'Velocidad de Línea 1' }).click();
    await expectChartDrawn(page, 'grafico-velocidad-detalle', 0.01);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const content = page.getByTestId('dialogo-velocidad').locator('.MuiDialogContent-root');
    expect(await content.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await captura(page, 'lineas-velocidad-360');
    await page.getByTestId('dialogo-velocidad').getByRole('button', { name: 'Cerrar' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('button', { name: 'Conteo de botellas de Línea 1' }).click();
    await expectChartDrawn(page, 'grafico-botellas', 0.01);
    const botellas = page.getByTestId('dialogo-botellas').locator('.MuiDialogContent-root');
    expect(await botellas.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await cerrarPagina(page);
  });
});
