import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin } from './api.ts';
import { cerrarPagina, hasHorizontalScroll, headerTitle, iniciarSesion, useBrowser } from './browser.ts';
import {
  ddmmyyyy,
  es,
  expectChartDrawn,
  historyFrom,
  type HistoricoSeed,
  seedHistory,
  variableIds,
  openDashboardOn,
} from './dashboard.ts';

// The e2e server has no demo history (DEMO_DAYS=0). The suite plans a whole year two years back
// (no other suite writes there: Dashboard Fábrica seeds the last three months) and writes its
// production: every day of March, the 10th of every other month, and March's sugar consumption.

const PRODUCCION = 'Producción (CU)';
const AZUCAR = 'Consumo de azúcar (kg)';

const negociado = (mes: number) => 100_000 + mes * 1_000;
const AOP = 110_000;
const marzo = (dia: number) => 3_000 + (dia % 7) * 100;
const META_DIA = 3_200;
const otroMes = (mes: number) => 90_000 + mes * 1_000;
const azucar = (dia: number) => 1_000 + dia;

const round2 = (x: number) => Math.round(x * 100) / 100;
const pad = (n: number) => String(n).padStart(2, '0');

describe('Planificación y M. Prima', () => {
  const { newPage } = useBrowser();
  let hoy: string;
  let anio: number; // the seeded year
  let finMarzo: string;
  let finFebrero: string;
  const sumaMarzo = Array.from({ length: 31 }, (_, i) => marzo(i + 1)).reduce((a, b) => a + b, 0);

  beforeAll(async () => {
    const token = await apiLogin();
    const { calendarioPlanta } = await api<{ calendarioPlanta: { dia_produccion: string } }>(
      '{ calendarioPlanta { dia_produccion } }',
      {},
      token,
    );
    hoy = calendarioPlanta.dia_produccion;
    anio = Number(hoy.slice(0, 4)) - 2;
    await historyFrom(token, `${anio - 1}-01-01`); // a year without plan or production is shown below
    finMarzo = `${anio}-03-31`;
    finFebrero = `${anio}-02-${new Date(Date.UTC(anio, 2, 0)).getUTCDate()}`;
    const id = await variableIds(token);

    const planes = Array.from({ length: 12 }, (_, i) => ({
      variable_id: id(PRODUCCION),
      fecha: `${anio}-${pad(i + 1)}-01`,
      negociado: negociado(i + 1),
      aop: AOP,
    }));
    await api(
      `mutation(${planes.map((_, i) => `$p${i}: PlanificacionInput!`).join(', ')}) { ${planes
        .map((_, i) => `p${i}: createPlanificacion(input: $p${i}) { id }`)
        .join(' ')} }`,
      Object.fromEntries(planes.map((p, i) => [`p${i}`, p])),
      token,
    );

    const rows: HistoricoSeed[] = [];
    for (let mes = 1; mes <= 12; mes++) {
      if (mes === 3) continue;
      rows.push({ variable_id: id(PRODUCCION), fecha: `${anio}-${pad(mes)}-10`, diario: otroMes(mes) });
    }
    for (let dia = 1; dia <= 31; dia++) {
      const fecha = `${anio}-03-${pad(dia)}`;
      rows.push({ variable_id: id(PRODUCCION), fecha, diario: marzo(dia), meta: META_DIA });
      rows.push({ variable_id: id(AZUCAR), fecha, diario: azucar(dia), meta: 1_100 });
    }
    await seedHistory(token, rows);
  });

  it('shows its title and the period control on the current production day', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page);
    await page.goto('/planificacion');
    await expect.poll(() => headerTitle(page)).toBe('Planificación y M. Prima');
    await expect.poll(() => page.title()).toBe('Planificación y M. Prima');
    await expect
      .poll(() => page.getByTestId('cumplimiento').getAttribute('data-fecha'), { timeout: 20_000 })
      .toBe(hoy);
    expect(await page.getByTestId('selector-fecha').locator('input').inputValue()).toBe(ddmmyyyy(hoy));
    expect(await page.getByTestId('selector-mes-siguiente').isDisabled()).toBe(true);
    expect(await page.getByTestId('selector-fecha-siguiente').isDisabled()).toBe(true);
    await cerrarPagina(page);
  });

  it("shows a month's compliance, the year's monthly volume, the month's daily volume and the raw materials", async () => {
    const page = await newPage(1440);
    await iniciarSesion(page);
    await page.goto(`/planificacion?fecha=${finMarzo}`);
    const cumplimiento = page.getByTestId('cumplimiento');
    await expect.poll(() => cumplimiento.getAttribute('data-fecha'), { timeout: 20_000 }).toBe(finMarzo);
    expect(await page.getByTestId('mes-seleccionado').textContent()).toBe(`Marzo ${anio}`);
    expect(await page.getByTestId('cumplimiento-real').textContent()).toBe(`${es(sumaMarzo)} CU`);
    expect(await page.getByTestId('cumplimiento-negociado-pct').textContent()).toBe(
      `${es(round2((sumaMarzo / negociado(3)) * 100), 1)} %`,
    );
    expect(await page.getByTestId('cumplimiento-aop-pct').textContent()).toBe(
      `${es(round2((sumaMarzo / AOP) * 100), 1)} %`,
    );
    await expect
      .poll(() => page.getByTestId('cumplimiento-plan-fecha').textContent())
      .toBe(`Plan a la fecha${es(META_DIA * 31)} CU`);
    // The year so far: January, February and March against the twelve months' plans.
    const realAnio = otroMes(1) + otroMes(2) + sumaMarzo;
    const negociadoAnio = Array.from({ length: 12 }, (_, i) => negociado(i + 1)).reduce((a, b) => a + b, 0);
    await expect
      .poll(() => page.getByTestId('anual-real').textContent())
      .toBe(`Real acumulado${es(realAnio)} CU`);
    expect(await page.getByTestId('anual-negociado-pct').textContent()).toBe(
      `${es(round2((realAnio / negociadoAnio) * 100), 1)} %`,
    );

    await expectChartDrawn(page, 'grafico-volumen-mensual');
    await expectChartDrawn(page, 'grafico-volumen-diario');

    // The raw material's day against its meta (lower is better: under it is green).
    await expect
      .poll(() => page.getByTestId('kpis-planificacion').getAttribute('data-fecha'), { timeout: 20_000 })
      .toBe(finMarzo);
    const card = page.getByTestId('seccion-materia-prima').getByTestId(`kpi-${AZUCAR}`);
    expect(await card.getByTestId('kpi-diario').textContent()).toBe(es(azucar(31)));
    expect(await card.getByRole('status').first().getAttribute('data-color')).toBe('success');
    expect(
      await page.getByTestId('seccion-indicadores').getByTestId('kpi-Nivel de servicio (%)').isVisible(),
    ).toBe(true);
    await cerrarPagina(page);
  });

  it('changing the month reloads the compliance and the charts', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page);
    await page.goto(`/planificacion?fecha=${finMarzo}`);
    const cumplimiento = page.getByTestId('cumplimiento');
    await expect.poll(() => cumplimiento.getAttribute('data-fecha'), { timeout: 20_000 }).toBe(finMarzo);
    await page.getByTestId('selector-mes-anterior').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('fecha')).toBe(finFebrero);
    await expect.poll(() => cumplimiento.getAttribute('data-fecha'), { timeout: 20_000 }).toBe(finFebrero);
    expect(await page.getByTestId('mes-seleccionado').textContent()).toBe(`Febrero ${anio}`);
    expect(await page.getByTestId('cumplimiento-real').textContent()).toBe(`${es(otroMes(2))} CU`);
    expect(await page.getByTestId('selector-fecha').locator('input').inputValue()).toBe(ddmmyyyy(finFebrero));
    await expectChartDrawn(page, 'grafico-volumen-diario');
    await expectChartDrawn(page, 'grafico-volumen-mensual');

    // A year without plan or production: both charts say so.
    await page.goto(`/planificacion?fecha=${anio - 1}-06-30`);
    await expect
      .poll(() => cumplimiento.getAttribute('data-fecha'), { timeout: 20_000 })
      .toBe(`${anio - 1}-06-30`);
    await expect
      .poll(() => page.getByTestId('grafico-volumen-mensual').getAttribute('data-state'))
      .toBe('empty');
    await expect
      .poll(() => page.getByTestId('grafico-volumen-diario').getAttribute('data-state'))
      .toBe('empty');
    expect(await page.getByTestId('grafico-volumen-mensual').textContent()).toBe('Sin datos');
    expect(await cumplimiento.textContent()).toContain(`Sin plan cargado para Junio ${anio - 1}`);
    await cerrarPagina(page);
  });

  it('opens the chart details of a raw material', async () => {
    const page = await newPage(1440);
    await openDashboardOn(page, '/planificacion', 'kpis-planificacion', finMarzo);
    await page.getByRole('button', { name: `Ver detalle de ${AZUCAR}` }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').first().textContent()).toBe(AZUCAR);
    await expect
      .poll(() => dialog.getByTestId('detalle-ultima-fecha').textContent())
      .toBe(`Última fecha con valor${ddmmyyyy(finMarzo)}`);
    await expect
      .poll(() => dialog.getByTestId('detalle-maximo').textContent())
      .toContain(`${es(azucar(31))} kg`);
    expect(await dialog.getByTestId('detalle-minimo').textContent()).toContain(`${es(azucar(1))} kg`);
    await expectChartDrawn(page, 'grafico-detalle');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await cerrarPagina(page);
  });

  it('at 360 px: no horizontal scroll, both charts drawn', async () => {
    const page = await newPage(360);
    await openDashboardOn(page, '/planificacion', 'cumplimiento', finMarzo);
    await expectChartDrawn(page, 'grafico-volumen-mensual');
    await expectChartDrawn(page, 'grafico-volumen-diario');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await cerrarPagina(page);
  });
});
