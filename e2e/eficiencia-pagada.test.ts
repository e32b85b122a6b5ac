import { addDays } from '@planta/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, ultimaRespuesta } from './api.ts';
import { hasHorizontalScroll, headerTitle, iniciarSesion, useBrowser } from './browser.ts';
import { ddmmyyyy, es, expectChartDrawn, historyFrom } from './dashboard.ts';

// The e2e server runs the plant simulator and the collector without demo history (DEMO_DAYS=0):
// the production day in progress gets its eficiencias row per line as the collector derives it;
// earlier days get SAP's figures from this suite (through the admin mutation) and nothing else.

const SAP = `mutation($linea: Int!, $fecha: Date!, $valor: Float!) {
  registrarEficienciaSap(linea: $linea, fecha: $fecha, valor: $valor) { fecha }
}`;
const QUERY = `query($fecha: Date!) {
  eficienciaPagada(fecha: $fecha) {
    fecha
    lineas { numero nombre dia { pagada sap } detalle { horas_pagadas producido_cu capacidad_pagada_cu } }
    planta { dia { pagada sap cobertura_sap } }
  }
}`;

interface Respuesta {
  eficienciaPagada: {
    fecha: string;
    lineas: {
      numero: number;
      nombre: string;
      dia: { pagada: number | null; sap: number | null };
      detalle: { horas_pagadas: number | null; producido_cu: number; capacidad_pagada_cu: number } | null;
    }[];
    planta: { dia: { pagada: number | null; sap: number | null; cobertura_sap: number | null } };
  };
}

const pct = (v: number | null) => (v === null ? '—' : `${es(v, 2)} %`);

describe('Eficiencia Pagada', () => {
  const { newPage } = useBrowser();
  let token: string;
  let hoy: string;
  let ayer: string;

  const consultar = (fecha: string) =>
    api<Respuesta>(QUERY, { fecha }, token).then((r) => r.eficienciaPagada);

  beforeAll(async () => {
    token = await apiLogin();
    const { calendarioPlanta } = await api<{ calendarioPlanta: { dia_produccion: string } }>(
      '{ calendarioPlanta { dia_produccion } }',
      {},
      token,
    );
    hoy = calendarioPlanta.dia_produccion;
    ayer = addDays(hoy, -1);
    await historyFrom(token, addDays(hoy, -7));
    // SAP's figures of the last days (the month's chart and yesterday's cards have them).
    for (let i = 1; i <= 5; i++) {
      const fecha = addDays(hoy, -i);
      for (const linea of [1, 2]) await api(SAP, { linea, fecha, valor: 60 + i + linea }, token);
    }
    // The collector derives the day in progress once its first minutes close.
    const until = Date.now() + 170_000;
    for (;;) {
      const r = await consultar(hoy);
      if (r.planta.dia.pagada !== null) break;
      if (Date.now() > until) throw new Error('el colector no derivó la eficiencia de hoy');
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }, 180_000);

  it('shows its title, the plant and every line against SAP, and the month chart drawn', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page);
    await page.goto('/eficiencia_pagada');
    await expect.poll(() => headerTitle(page)).toBe('Eficiencia Pagada');
    await expect
      .poll(() => page.getByTestId('selector-fecha').locator('input').inputValue())
      .toBe(ddmmyyyy(hoy));
    const cards = page.getByTestId('eficiencia-pagada-lineas');
    await expect.poll(() => cards.getAttribute('data-fecha'), { timeout: 20_000 }).toBe(hoy);
    const data = await consultar(hoy);
    expect(data.lineas.map((l) => l.nombre)).toEqual(['Línea 1', 'Línea 2', 'Línea 3', 'Línea 4']);
    // The figures the API gives (the card reloads each minute on the day in progress: compare formats).
    expect(await page.getByTestId('eficiencia-planta').getByRole('heading').textContent()).toBe('Planta');
    await expect
      .poll(() => page.getByTestId('eficiencia-planta').getByTestId('pagada-dia').textContent())
      .toMatch(/^\d{1,3}\.\d{2} %$/);
    for (const l of data.lineas) {
      const card = page.getByTestId(`eficiencia-linea-${l.numero}`);
      expect(await card.getByRole('heading').textContent()).toBe(l.nombre);
      expect(await card.getByTestId('pagada-mes').textContent()).toMatch(/^Mes(\d[\d,]*\.\d{2} %|—)/);
    }
    // Yesterday's SAP is in the month rows of line 1 (month to date, weighted ratio of sums).
    await expectChartDrawn(page, 'grafico-eficiencia-pagada');
  });

  it('opens the paid-efficiency dialog with the day\u2019s detail, and lets the admin enter SAP (validated)', async () => {
    const page = await newPage(1440);
    // Today's coverage moves each minute (the live lines' run minutes): the card is compared with
    // the last answer the page received, not with the test's own later read.
    const recibida = ultimaRespuesta<{
      eficienciaPagada: { planta: { dia: { cobertura_sap: number | null } } };
    }>(page, 'query EficienciaPagada(');
    await iniciarSesion(page);
    await page.goto('/eficiencia_pagada');
    await expect
      .poll(() => page.getByTestId('eficiencia-pagada-lineas').getAttribute('data-fecha'), {
        timeout: 20_000,
      })
      .toBe(hoy);
    const data = await consultar(hoy);
    const linea = data.lineas.find((l) => l.detalle !== null && l.dia.pagada !== null) ?? data.lineas[0]!;
    await page.getByRole('button', { name: `Ver detalle de ${linea.nombre}` }).click();
    const dialog = page.getByTestId('dialogo-eficiencia-pagada');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('heading').first().textContent()).toContain(
      `Eficiencia pagada · ${linea.nombre}`,
    );
    await expect
      .poll(() => dialog.getByTestId('detalle-horas-pagadas').textContent())
      .toMatch(/^\d+\.\d{2} h$/);
    expect(await dialog.getByTestId('detalle-producido').textContent()).toMatch(/^\d[\d,]* CU$/);
    expect(await dialog.getByTestId('detalle-capacidad').textContent()).toMatch(/^\d[\d,]* CU$/);
    expect(await dialog.textContent()).toContain('Cambios de formato');
    expect(await dialog.textContent()).toContain('CIP');

    // An out-of-range figure is refused in Spanish; a valid one is saved and shown.
    const input = dialog.getByTestId('sap-input');
    await input.fill('120');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => dialog.textContent()).toContain('La eficiencia SAP debe estar entre 0 y 100 %');
    await input.fill('72.5');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => dialog.getByTestId('sap-registrado').textContent()).toContain('72.50 %');
    await expect.poll(() => dialog.getByTestId('dialogo-sap').textContent()).toBe('72.50 %');
    await expect
      .poll(() => page.getByTestId(`eficiencia-linea-${linea.numero}`).getByTestId('sap-dia').textContent())
      .toBe('SAP del día 72.50 %');
    expect((await consultar(hoy)).lineas.find((l) => l.numero === linea.numero)!.dia.sap).toBe(72.5);
    // The plant's SAP covers only the lines that have one: the card says how much of the capacity
    // when it is part of it (other suites sharing this server may have given every line its SAP).
    const coberturaPlanta = page.getByTestId('eficiencia-planta').getByTestId('cobertura-sap');
    const cubre = (c: number | null | undefined) =>
      c !== null && c !== undefined && c < 99.5 ? ` · cubre ${es(c, 0)} % de la capacidad` : null;
    const coberturaRecibida = () => recibida()?.eficienciaPagada.planta.dia.cobertura_sap;
    if (cubre(coberturaRecibida()) !== null) {
      await expect
        .poll(async () => ((await coberturaPlanta.textContent()) ?? '') === cubre(coberturaRecibida()))
        .toBe(true);
    } else {
      await expect
        .poll(() => page.getByTestId('eficiencia-planta').getByTestId('sap-dia').textContent())
        .toMatch(/^SAP del día/);
      expect(await coberturaPlanta.count()).toBe(0);
    }
  });

  it('opens a selection from ?linea=&fecha= (as /mantenimiento/eficiencia links it) and reloads on another day', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page);
    await page.goto(`/eficiencia_pagada?linea=2&fecha=${ayer}`);
    const dialog = page.getByTestId('dialogo-eficiencia-pagada');
    await expect.poll(() => dialog.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await dialog.getByRole('heading').first().textContent()).toContain('Línea 2');
    const data = await consultar(ayer);
    await expect
      .poll(() => dialog.getByTestId('dialogo-sap').textContent())
      .toBe(pct(data.lineas[1]!.dia.sap));
    expect(data.lineas[1]!.dia.sap).toBe(63);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    const cards = page.getByTestId('eficiencia-pagada-lineas');
    expect(await cards.getAttribute('data-fecha')).toBe(ayer);
    expect(await page.getByTestId('eficiencia-linea-2').getAttribute('data-selected')).toBe('true');
    expect(await page.getByTestId('eficiencia-linea-2').getByTestId('sap-dia').textContent()).toBe(
      'SAP del día 63.00 %',
    );
    // Another day: the cards reload with that day's figures.
    await page.getByRole('button', { name: 'Ir a hoy' }).click();
    await expect.poll(() => cards.getAttribute('data-fecha'), { timeout: 20_000 }).toBe(hoy);
    await expect
      .poll(() => page.getByTestId('eficiencia-planta').getByTestId('pagada-dia').textContent())
      .toMatch(/^\d{1,3}\.\d{2} %$/);
    // The plant card selects the plant for the chart (the URL forgets the line).
    await page.getByRole('button', { name: 'Planta: mostrar en el gráfico' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('linea')).toBeNull();
    await expectChartDrawn(page, 'grafico-eficiencia-pagada');
  });

  it('shows a day without production or SAP as empty: a notice, dashes and an empty chart', async () => {
    const vacio = addDays(hoy, -6); // before the SAP figures written above, after the history start
    const page = await newPage(1440);
    await iniciarSesion(page);
    await page.goto(`/eficiencia_pagada?fecha=${vacio}`);
    await expect
      .poll(() => page.getByTestId('eficiencia-pagada-lineas').getAttribute('data-fecha'), {
        timeout: 20_000,
      })
      .toBe(vacio);
    expect(await page.getByTestId('eficiencia-pagada-vacia').textContent()).toBe(
      'No hay producción ni cifras SAP registradas para este día.',
    );
    expect(await page.getByTestId('eficiencia-planta').getByTestId('pagada-dia').textContent()).toBe('—');
    expect(await page.getByTestId('eficiencia-linea-1').getByTestId('sap-dia').textContent()).toBe(
      'Sin cifra SAP del día',
    );
    await expect
      .poll(() => page.getByTestId('grafico-eficiencia-pagada').getAttribute('data-state'))
      .toBe('empty');
    await page.getByRole('button', { name: 'Ver detalle de Línea 3' }).click();
    const dialog = page.getByTestId('dialogo-eficiencia-pagada');
    await expect
      .poll(() => dialog.getByTestId('dialogo-sin-detalle').textContent())
      .toBe('Sin datos de producción para este día.');
  });

  it('fits 360 px without horizontal scroll, the dialog too', async () => {
    const page = await newPage(360);
    await iniciarSesion(page);
    await page.goto('/eficiencia_pagada?linea=1');
    const dialog = page.getByTestId('dialogo-eficiencia-pagada');
    await expect.poll(() => dialog.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expectChartDrawn(page, 'grafico-eficiencia-pagada');
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
