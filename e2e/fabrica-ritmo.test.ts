import { describe, expect, it } from 'vitest';
import { api, apiLogin } from './api.ts';
import { cerrarPagina, iniciarSesion, useBrowser } from './browser.ts';
import { variableIds } from './dashboard.ts';

// Issue 31 item 12: the production day in progress read against the whole day's meta is red all
// day. The e2e server runs in real time (the collector derives today's production every minute),
// so the test reads what the plant made so far and the share of the scheduled time gone by from
// the API, and sets today's meta so that the plant is on pace (ritmo ≈ 111 %) though far from the
// whole day's meta. /fabrica and /obz show the ritmo, not red, with the whole day's meta.

const PRODUCCION = 'Producción (CU)';

interface Resumen {
  diario: number | null;
  meta: number | null;
  avance_programado: number;
  meta_ritmo: number | null;
  ritmo: number | null;
}

describe('the day in progress against its pace (issue 31 item 12)', () => {
  const { newPage } = useBrowser();
  let token: string;
  let hoy: string;
  let meta: number;

  const resumen = async () =>
    (
      await api<{ resumenVariables: Resumen[] }>(
        `query($n: [String!]!, $f: Date!) { resumenVariables(nombres: $n, fecha: $f) {
          diario meta avance_programado meta_ritmo ritmo } }`,
        { n: [PRODUCCION], f: hoy },
        token,
      )
    ).resumenVariables[0]!;

  /** Once per file, from inside the first test (expect.poll runs in tests only). */
  let preparado: Promise<void> | undefined;
  const preparar = () => (preparado ??= prepararDia());

  async function prepararDia(): Promise<void> {
    token = await apiLogin();
    ({
      calendarioPlanta: { dia_produccion: hoy },
    } = await api<{ calendarioPlanta: { dia_produccion: string } }>(
      '{ calendarioPlanta { dia_produccion } }',
      {},
      token,
    ));
    // Past the end of today's shifts the meta is all due, and a day without shifts (a holiday) has
    // none: shifts of 24 h keep the day in progress.
    const { avance_programado } = await resumen();
    if (avance_programado <= 0 || avance_programado >= 1) {
      const { turnosDia } = await api<{ turnosDia: { id: string; linea: { id: string } }[] }>(
        'query($f: Date!) { turnosDia(fecha: $f) { id linea { id } } }',
        { f: hoy },
        token,
      );
      for (const t of turnosDia)
        await api(
          'mutation($id: ID!, $i: TurnoInput!) { updateTurno(id: $id, input: $i) { id } }',
          { id: t.id, i: { linea_id: t.linea.id, fecha: hoy, horas_productividad: 24 } },
          token,
        );
    }
    // The collector's first derivations of the day: some production made.
    await expect
      .poll(async () => (await resumen()).diario ?? 0, { timeout: 120_000, interval: 2_000 })
      .toBeGreaterThan(0);
    const r = await resumen();
    expect(r.avance_programado).toBeGreaterThan(0);
    expect(r.avance_programado).toBeLessThan(1);
    // On pace: the meta due by now is 90 % of what was made (production keeps growing faster
    // than the meta due, the plant having started with the server).
    meta = Math.max(1, Math.round((r.diario! / r.avance_programado) * 0.9));
    const id = (await variableIds(token))(PRODUCCION);
    await api(
      'mutation($i: UpsertMetaInput!) { upsertMeta(input: $i) { id } }',
      { i: { variable_id: id, fecha: hoy, valor: meta } },
      token,
    );
    // The day's historico takes the new meta at the next derivation.
    await expect.poll(async () => (await resumen()).meta, { timeout: 120_000, interval: 2_000 }).toBe(meta);
    const ahora = await resumen();
    expect(ahora.ritmo!).toBeGreaterThanOrEqual(100);
  }

  it('/fabrica: the production card shows its ritmo, not red, and the whole day’s meta', async () => {
    await preparar();
    const page = await newPage(1440);
    await iniciarSesion(page);
    await page.goto('/fabrica');
    const card = page.getByTestId(`kpi-${PRODUCCION}`);
    await expect
      .poll(() => page.getByTestId('kpis-fabrica').getAttribute('data-fecha'), { timeout: 20_000 })
      .toBe(hoy);
    const ritmo = card.getByTestId('kpi-ritmo');
    await expect.poll(() => ritmo.textContent(), { timeout: 20_000 }).toMatch(/^Ritmo \d/);
    expect(await ritmo.getAttribute('data-color')).toBe('success');
    expect(await ritmo.getAttribute('aria-label')).toMatch(/^Ritmo .*: cumple la meta a esta hora$/);
    expect(await card.getByTestId('kpi-meta-dia').textContent()).toMatch(/^Meta del día [\d,]+$/);
    expect(await card.getByTestId('kpi-meta-ritmo').textContent()).toMatch(/^A esta hora [\d,.]+$/);
    await cerrarPagina(page);
  }, 300_000);

  it('/obz: the production tile is coloured by its ritmo', async () => {
    await preparar();
    const page = await newPage(1440);
    await iniciarSesion(page);
    await page.goto('/obz');
    const tile = page.getByTestId(`kpi-tablero-${PRODUCCION}`);
    await expect.poll(() => tile.getByTestId('kpi-ritmo').count(), { timeout: 20_000 }).toBe(1);
    expect(await tile.getAttribute('data-color')).toBe('success');
    expect(await tile.textContent()).toMatch(
      /Meta [\d,]+A esta hora [\d,.]+Ritmo [\d.]+ % \(cumple la meta\)/,
    );
    await cerrarPagina(page);
  });
});
