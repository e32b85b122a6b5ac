import { execFileSync } from 'node:child_process';
import {
  formatBrecha,
  formatFecha,
  formatNumber,
  formatPercent,
  formatValue,
  percentOfMeta,
} from '@planta/charts';
import { hourlyCounterWindow, productionDayRange, ROUTES } from '@planta/domain';
import { brechaPp, diasEficiencia, type EtaDia, rangoEta } from '@planta/charts/eficiencia-energetica/eta';
import { contadoresPorHora, energiaDelDia, rangoHora } from '@planta/charts/eficiencia-energetica/horas';
import { CIFRAS, etiquetaFila, type Reporte, resumenes } from '@planta/charts';
import { etiquetaPeriodo, fechaHora } from '@planta/charts/reporte-contadores/etiquetas';
import { instantesDe } from '@planta/charts/reporte-aire/rango-reporte';
import { MAX_FILAS_PDF } from '../src/modules/informes/reporte-aire.ts';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { asistencias, empleados } from '../src/db/schema/index.ts';
import { deriveProductionDay } from '../src/derivations/production-day.ts';
import { addReadings, type PlantFixture, seedPlant, TZ, writeLine1Day } from './fixtures.ts';
import { esperarExportacion, leerPdf, plano, ultimoPdf } from './exportar.ts';
import { createUser, describeEachDatabase, uniqueName } from './harness.ts';

// The "Reporte" button: generarReportePdf makes the screen's PDF on the server and stores it as an
// export. The PDF is read back with pdftotext (poppler-utils) and its figures compared with what
// the API returns for the same day; pdfinfo counts its pages.

const DAY1 = '2026-03-02';
const DAY2 = '2026-03-03';
const PLANTA = 'Planta Embotelladora Norte';

const GENERAR = `mutation($ruta: String!, $p: ParametrosReporte) {
  r: generarReportePdf(ruta: $ruta, parametros: $p) { id nombre formato estado file_url informe }
}`;

interface Exp {
  id: string;
  nombre: string;
  estado: string;
  progreso: number;
  error: string | null;
  bytes: number | null;
  file_url: string;
  formato?: string;
  informe?: string;
}

async function addParo(
  db: Db,
  lineaId: number,
  inicio: Date,
  minutes: number,
  equipo: string,
  causa: string,
) {
  await db.execute(sql`insert into paros (linea_id, inicio, fin, equipo, causa, tipo)
    values (${lineaId}, ${inicio.toISOString()}::timestamptz,
            ${new Date(inicio.getTime() + minutes * 60_000).toISOString()}::timestamptz, ${equipo}, ${causa}, 'FALLA')`);
}

describeEachDatabase('informes: the PDF of a screen (generarReportePdf)', (server) => {
  let token: string;
  let plant: PlantFixture;
  const q = <T>(query: string, variables: Record<string, unknown>, t: string | null = token) =>
    server().gql<T>(query, variables, t ? { token: t } : {});

  /** Starts the report, waits for it and downloads it. */
  const generar = async (ruta: string, p: Record<string, string> = {}, t = token) => {
    const r = await q<{ r: Exp }>(GENERAR, { ruta, p }, t);
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    expect(r.data!.r).toMatchObject({ formato: 'PDF', estado: 'EN_PROCESO' });
    // A PDF renders on a worker thread: up to 90 s on a loaded machine.
    const done = await esperarExportacion(server(), t, r.data!.r.id, 90_000);
    expect(done, JSON.stringify(done)).toMatchObject({ estado: 'LISTA', error: null, progreso: 1 });
    const res = await fetch(`${server().url}${done.file_url}`, { headers: { authorization: `Bearer ${t}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/pdf');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBe(done.bytes);
    return { exp: { ...done, informe: r.data!.r.informe }, ...leerPdf(bytes) };
  };

  beforeAll(async () => {
    const db = server().database.db;
    token = (await server().login()).access_token;
    plant = await seedPlant(db);
    await db.execute(sql`update plantas set nombre = ${PLANTA}`);
    const l1 = plant.lineaId.get(1)!;
    const l2 = plant.lineaId.get(2)!;
    const d1 = await writeLine1Day(db, DAY1, 600);
    const d2 = await writeLine1Day(db, DAY2, 900);
    const at = (start: Date, minute: number) => new Date(start.getTime() + minute * 60_000);
    await addParo(db, l1, at(d1.start, 100), 30, 'Llenadora', 'Falla de válvula de llenado');
    await addParo(db, l1, at(d2.start, 200), 12, 'Etiquetadora', 'Falla del rodillo de cola');
    await addParo(db, l2, at(d1.start, 500), 45, 'Sopladora', 'Falla en molde de soplado');
    // Line 1's electric meter: 40 kWh a quarter hour over DAY2.
    await addReadings(
      db,
      plant.variableId.get('Energía eléctrica (kWh)_561')!,
      d2.start,
      15,
      Array(96).fill(40),
    );
    for (const fecha of [DAY1, DAY2]) await deriveProductionDay(db, fecha, TZ);
    await db.execute(sql`insert into metas (variable_id, fecha, valor)
      select id, ${DAY2}::date, 5000 from variables where nombre = 'Producción (CU)'`);
    await deriveProductionDay(db, DAY2, TZ);
  }, 120_000);

  it('/fabrica: title, plant, period, generated by, the KPI figures of the API and page numbers', async () => {
    const { exp, texto, paginas } = await generar('/fabrica', { fecha: DAY2 });
    expect(exp.nombre).toBe(`dashboard-fabrica_${DAY2}.pdf`);
    expect(exp.informe).toBe('Dashboard Fábrica');
    const t = plano(texto);
    expect(t).toContain('Dashboard Fábrica');
    expect(t).toContain(`Planta: ${PLANTA}`);
    expect(t).toContain('Periodo: Día de producción: martes, 3 de marzo de 2026');
    expect(t).toMatch(
      /Generado por: [^,]+, \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(hora de planta, America\/Lima\)/,
    );
    expect(paginas).toBeGreaterThanOrEqual(1);
    for (let i = 1; i <= paginas; i++) expect(t).toContain(`Página ${i} de ${paginas}`);

    const api = await q<{
      resumenVariables: {
        variable: { nombre: string; decimales: number };
        diario: number | null;
        meta: number | null;
        mensual: number | null;
        anual: number | null;
      }[];
    }>(
      `query($n: [String!]!, $f: Date!) { resumenVariables(nombres: $n, fecha: $f) {
        variable { nombre decimales } diario meta mensual anual } }`,
      { n: ['Producción (CU)', 'ETA (%)'], f: DAY2 },
    );
    const rows = api.data!.resumenVariables;
    expect(rows).toHaveLength(2);
    const produccion = rows.find((r) => r.variable.nombre === 'Producción (CU)')!;
    expect(produccion.diario).toBeGreaterThan(0);
    for (const r of rows) {
      const f = (v: number | null) => formatNumber(v, r.variable.decimales);
      // The variable's row: name, diario, meta, % of the meta, mensual … as the KPI card shows them.
      const pct = percentOfMeta(r.diario, r.meta);
      expect(t).toContain(
        `${r.variable.nombre} ${f(r.diario)} ${f(r.meta)} ${pct === null ? '—' : formatPercent(pct)} ${f(r.mensual)}`,
      );
    }
    // The chart of the first variable, with its period and its axis/legend text (vector text).
    expect(t).toContain('Mensual ene – feb 2026 · diario 01 mar – 03 mar 2026');
    expect(t).toMatch(/Mensual\s+Diario\s+Meta/);
  }, 120_000);

  it('/mantenimiento: the range, the figures per line of mantenimientoLineas and the Pareto causes', async () => {
    const { exp, texto, paginas } = await generar('/mantenimiento', {
      fecha: DAY2,
      desde: DAY1,
      hasta: DAY2,
    });
    expect(exp.nombre).toBe(`energia_${DAY1}_${DAY2}.pdf`);
    const t = plano(texto);
    expect(t).toContain('Energía');
    expect(t).toContain(`Planta: ${PLANTA}`);
    expect(t).toContain('Periodo: Del 02/03/2026 al 03/03/2026 · energía por hora del 03/03/2026');
    const api = await q<{
      mantenimientoLineas: {
        nombre: string;
        mttr: number | null;
        mttf: number | null;
        fallas: number;
        disponibilidad: number | null;
      }[];
    }>(
      `query($d: Date!, $h: Date!) { mantenimientoLineas(desde: $d, hasta: $h) { nombre mttr mttf fallas disponibilidad } }`,
      { d: DAY1, h: DAY2 },
    );
    const lineas = api.data!.mantenimientoLineas;
    expect(lineas.length).toBeGreaterThanOrEqual(2);
    for (const l of lineas) {
      expect(t).toContain(`${l.nombre} ${formatValue(l.mttr, 'min', 1)} ${formatValue(l.mttf, 'min', 1)}`);
      expect(t).toContain(formatPercent(l.disponibilidad, 2));
    }
    const l1 = lineas.find((l) => l.nombre === 'Línea 1')!;
    expect(l1.fallas).toBe(2);
    expect(l1.mttr).toBe(21);
    for (const causa of [
      'Falla en molde de soplado',
      'Falla de válvula de llenado',
      'Falla del rodillo de cola',
    ]) {
      expect(t).toContain(causa);
    }
    for (const titulo of [
      'MTTR por línea (min)',
      'MTTF por línea (min)',
      'Energía por hora (kWh)',
      'Pareto de paros',
    ]) {
      expect(t).toContain(titulo);
    }
    // Line 1's energy of DAY2: 24 hours × 160 kWh.
    expect(t).toContain(`Línea 1 ${formatNumber(3840, 2)} 24`);
    for (let i = 1; i <= paginas; i++) expect(t).toContain(`Página ${i} de ${paginas}`);
    expect(paginas).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it('a screen whose report is not built yet gets an honest PDF, not an error', async () => {
    const { texto } = await generar('/users/update-password', { fecha: DAY2 });
    const t = plano(texto);
    expect(t).toContain('Actualizar Contraseña');
    expect(t).toContain(`Planta: ${PLANTA}`);
    expect(t).toContain('Día de producción: martes, 3 de marzo de 2026');
    expect(t).toContain('todavía no está disponible');
    expect(t).toContain('Página 1 de 1');
  }, 120_000);

  // The configuration screens (admins): their master data as tables; a plain user is refused.
  let plainUser: string | null = null;
  const rechazaNoAdmin = async (ruta: string) => {
    if (!plainUser) {
      const username = uniqueName('cfg');
      await createUser(server(), token, { username, password: 'clave-usuario-1' });
      plainUser = (await server().login(username, 'clave-usuario-1')).access_token;
    }
    const r = await q(GENERAR, { ruta }, plainUser);
    expect(r.errors?.[0]?.extensions?.code, ruta).toBe('FORBIDDEN');
    expect(r.data).toBeNull();
  };
  const ok = <T>(r: { data?: T | null; errors?: unknown }) => {
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    return r.data!;
  };
  const nuevaVariable = async () => {
    const nombre = uniqueName('Informe cfg');
    const v = ok(
      await q<{ v: { id: string } }>(
        `mutation($input: CreateVariableInput!) { v: createVariable(input: $input) { id } }`,
        {
          input: {
            nombre,
            nivel: 'INDIVIDUAL',
            minimo: 1,
            maximo: 9,
            linea_id: String(plant.lineaId.get(1)),
            area: 'agua',
            unidad: 'm³',
            decimales: 2,
            agregacion: 'SUMA',
            mayor_es_mejor: false,
          },
        },
      ),
    ).v;
    return { id: v.id, nombre };
  };

  it('/configuracion: the variables, and with one chosen its week of históricos and its metas', async () => {
    const v = await nuevaVariable();
    ok(
      await q(`mutation($input: UpsertMetaInput!) { upsertMeta(input: $input) { id } }`, {
        input: { variable_id: v.id, fecha: DAY2, valor: 4321.5 },
      }),
    );
    const todas = plano((await generar('/configuracion')).texto);
    expect(todas).toContain('Variables | Configuración');
    expect(todas).toContain(v.nombre);
    expect(todas).toContain('Elija una variable');
    const una = plano((await generar('/configuracion', { variable: v.id, fecha: DAY2, anio: '2026' })).texto);
    expect(una).toContain(`Históricos de ${v.nombre}`);
    expect(una).toContain(`Semana del ${formatFecha('2026-03-02')} al ${formatFecha('2026-03-08')}`);
    expect(una).toContain(`Metas de ${v.nombre} en 2026`);
    expect(una).toContain(`${formatFecha(DAY2)} ${formatNumber(4321.5, 2)}`);
    await rechazaNoAdmin('/configuracion');
  }, 120_000);

  it('/configuracion/planificacion: the plans of the year', async () => {
    const v = await nuevaVariable();
    ok(
      await q(`mutation($input: PlanificacionInput!) { createPlanificacion(input: $input) { id } }`, {
        input: { variable_id: v.id, fecha: '2025-06-01', negociado: 123456.78, aop: 98765.4 },
      }),
    );
    const t = plano((await generar('/configuracion/planificacion', { anio: '2025' })).texto);
    expect(t).toContain('Planificación | Configuración');
    expect(t).toContain('Planes del año 2025.');
    expect(t).toContain(`Junio 2025 ${v.nombre} ${formatNumber(123456.78, 2)} ${formatNumber(98765.4, 2)}`);
    await rechazaNoAdmin('/configuracion/planificacion');
  }, 120_000);

  it('/configuracion/productividad: the turnos of the 31 days up to the date', async () => {
    const fecha = '2026-02-10';
    ok(
      await q(`mutation($input: TurnosDiaInput!) { guardarTurnosDia(input: $input) { id } }`, {
        input: { fecha, entradas: [{ linea_id: String(plant.lineaId.get(2)), horas_productividad: 7.25 }] },
      }),
    );
    const t = plano((await generar('/configuracion/productividad', { fecha })).texto);
    expect(t).toContain('Productividad | Configuración');
    expect(t).toContain(
      `Los 31 días de producción del ${formatFecha('2026-01-11')} al ${formatFecha(fecha)}`,
    );
    expect(t).toMatch(
      new RegExp(`${formatFecha(fecha)} [^0-9]*2 ${formatNumber(7.25, 2).replace('.', '\\.')}`),
    );
    await rechazaNoAdmin('/configuracion/productividad');
  }, 120_000);

  it('/configuracion/mttr-mttf: the paros of the last 7 days and the manual MTTR/MTTF', async () => {
    const causa = uniqueName('Falla del sensor');
    const fin = new Date(Date.now() - 2 * 3_600_000);
    ok(
      await q(`mutation($input: ParoInput!) { createParo(input: $input) { id } }`, {
        input: {
          linea_id: String(plant.lineaId.get(1)),
          inicio: new Date(fin.getTime() - 25 * 60_000).toISOString(),
          fin: fin.toISOString(),
          equipo: 'Encajonadora',
          causa,
          tipo: 'MICROPARO',
        },
      }),
    );
    const t = plano((await generar('/configuracion/mttr-mttf')).texto);
    expect(t).toContain('MTTR-MTTF | Configuración');
    expect(t).toContain('Los 7 días de producción del');
    expect(t).toContain(`${formatNumber(25, 2)} Microparo Encajonadora ${causa}`);
    expect(t).toContain('MTTR y MTTF ingresados a mano');
    await rechazaNoAdmin('/configuracion/mttr-mttf');
  }, 120_000);

  it('/configuracion/zero-waste: the classifications, the month’s kg and the projection', async () => {
    const descripcion = uniqueName('Vidrio');
    ok(
      await q(`mutation($input: ClasificacionInput!) { createClasificacion(input: $input) { id } }`, {
        input: { descripcion, aprovechable: true },
      }),
    );
    const t = plano((await generar('/configuracion/zero-waste', { anio: '2026', mes: '3' })).texto);
    expect(t).toContain('Zero Waste | Configuración');
    expect(t).toContain(`${descripcion} Sí`);
    expect(t).toContain('Kilos de marzo 2026');
    expect(t).toContain('Proyección 2026');
    await rechazaNoAdmin('/configuracion/zero-waste');
  }, 120_000);

  it('/configuracion/notificaciones: the rules and the alarms of the 31 days up to the day asked', async () => {
    const t = plano((await generar('/configuracion/notificaciones', { fecha: DAY2 })).texto);
    expect(t).toContain('Notificaciones | Configuración');
    expect(t).toContain('Reglas de notificación');
    expect(t).toContain('Alarmas del período');
    expect(t).toContain('Sin alarmas en el período.');
    await rechazaNoAdmin('/configuracion/notificaciones');
  }, 120_000);

  it('/configuracion/lineas: lines, products, presentations, speeds and the OPC UA mapping', async () => {
    const descripcion = uniqueName('Agua mineral');
    ok(
      await q(`mutation($input: ProductoInput!) { createProducto(input: $input) { id } }`, {
        input: { descripcion, image_prefix: 'agua', image_color: '#123456' },
      }),
    );
    const t = plano((await generar('/configuracion/lineas')).texto);
    expect(t).toContain('Lineas | Configuración');
    expect(t).toContain(`${descripcion} agua #123456`);
    for (const titulo of [
      'Líneas',
      'Presentaciones',
      'Productos por presentación',
      'Velocidades nominales',
      'Mapeo OPC UA: etiquetas de las líneas',
      'Mapeo OPC UA: variables',
    ]) {
      expect(t).toContain(titulo);
    }
    await rechazaNoAdmin('/configuracion/lineas');
  }, 120_000);

  it('/menu, /reportes and /users: the screens this user may open, the reports and the recent exports, the users', async () => {
    const menu = plano((await generar('/menu')).texto);
    expect(menu).toContain('Menú');
    for (const titulo of ['Producción', 'Dashboard Fábrica', '/fabrica', 'Recursos Humanos', 'Usuarios']) {
      expect(menu).toContain(titulo);
    }
    // A plain user's menu leaves out the screens they may not open.
    const username = uniqueName('menu');
    await createUser(server(), token, { username, password: 'clave-usuario-1' });
    const user = (await server().login(username, 'clave-usuario-1')).access_token;
    const suyo = plano((await generar('/menu', {}, user)).texto);
    expect(suyo).toContain('Dashboard Fábrica');
    expect(suyo).not.toContain('Horas Extra');
    expect(suyo).not.toContain('/users');

    // The hub lists the four reports and this user's exports (the menu PDF just made is one).
    const hub = plano((await generar('/reportes', {}, user)).texto);
    for (const titulo of [
      'Reporte de Contadores',
      'Reporte de Variables SCADA',
      'Reporte de Aire',
      'Reporte de Agua',
    ]) {
      expect(hub).toContain(titulo);
    }
    expect(hub).toContain('Mis exportaciones recientes');
    expect(hub).toMatch(/menu_\d{4}-\d{2}-\d{2}\.pdf/);
    expect(hub).toContain('Lista');

    const lista = await q<{ users: { username: string }[] }>('{ users { username } }', {}, token);
    const usuarios = plano((await generar('/users')).texto);
    expect(usuarios).toMatch(/Usuarios \(\d+ activos de \d+\)/);
    for (const u of lista.data!.users) expect(usuarios).toContain(u.username);
  }, 120_000);

  it('refuses the routes without the report button, unknown routes and bad parameters (BAD_USER_INPUT, Spanish)', async () => {
    const ocultas = ROUTES.filter((r) => !r.reportButton && r.layout === 'main' && r.path !== '/login');
    expect(ocultas.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/pta', '/pta/resumen', '/pta/acumulados', '/reportes/agua']),
    );
    for (const ruta of ocultas.map((r) => r.path)) {
      const r = await q(GENERAR, { ruta });
      expect(r.data, ruta).toBeNull();
      expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'ruta' });
      expect(r.errors?.[0]?.message).toMatch(/no tiene reporte en PDF/);
    }
    for (const ruta of ['/no-existe', '', '../etc/passwd']) {
      const r = await q(GENERAR, { ruta });
      expect(r.data, ruta).toBeNull();
      expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'ruta' });
    }
    for (const [campo, valor] of [
      ['fecha', '2026-02-30'],
      ['fecha', 'mañana'],
      ['desde', '2999-01-01'],
      ['hasta', 'x'.repeat(300)],
    ] as const) {
      const r = await q(GENERAR, { ruta: '/mantenimiento', p: { [campo]: valor } });
      expect(r.data, `${campo}=${valor.slice(0, 20)}`).toBeNull();
      expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: campo });
      expect(r.errors?.[0]?.message).toContain(`"${campo}"`);
    }
  }, 120_000);

  it('needs a session (401) and the route’s own access: HR screens need HR, admin screens admin', async () => {
    const none = await q(GENERAR, { ruta: '/fabrica' }, null);
    expect(none.status).toBe(401);
    expect(none.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const username = uniqueName('inf');
    await createUser(server(), token, { username, password: 'clave-usuario-1' });
    const user = (await server().login(username, 'clave-usuario-1')).access_token;
    for (const ruta of ['/recursos-humanos', '/recursos-humanos/asistencia-diaria', '/users']) {
      const r = await q(GENERAR, { ruta }, user);
      expect(r.errors?.[0]?.extensions?.code, ruta).toBe('FORBIDDEN');
      expect(r.data).toBeNull();
    }
    const hrName = uniqueName('rh');
    await createUser(server(), token, {
      username: hrName,
      password: 'clave-usuario-1',
      role: 'human-resources',
    });
    const hr = (await server().login(hrName, 'clave-usuario-1')).access_token;
    const { texto } = await generar('/recursos-humanos', {}, hr);
    expect(plano(texto)).toContain('Horas Extra ~ Recursos Humnanos');
    // A plain user gets the screens anyone may open.
    const { texto: fabrica } = await generar('/fabrica', { fecha: DAY2 }, user);
    expect(plano(fabrica)).toContain('Dashboard Fábrica');
  }, 120_000);

  /** Page 1 of the PDF just downloaded (the last leerPdf file), as a PNG to look at. */
  const captura = (nombre: string) => {
    execFileSync('mkdir', ['-p', '/tmp/shots13']);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      ultimoPdf(),
      `/tmp/shots13/pdf-${nombre}`,
    ]);
  };

  it('/rendimiento: title, plant, day, the yields and consumptions of resumenVariables and the chosen variable’s chart', async () => {
    const db = server().database.db;
    // A yield with a day figure and a meta (the fixture has only consumptions).
    await db.execute(sql`insert into variables (nombre, estado, nivel, area, fuente, decimales, unidad, agregacion)
      select 'Rendimiento de jarabe (%)', 1, 'GLOBAL', 'rendimiento', 'MANUAL', 2, '%', 'PROMEDIO'
      where not exists (select 1 from variables where nombre = 'Rendimiento de jarabe (%)')`);
    await db.execute(sql`insert into historicos (variable_id, fecha, diario, mensual, anual, meta)
      select id, ${DAY2}::date, 98.74, 98.61, 98.61, 98.5 from variables where nombre = 'Rendimiento de jarabe (%)'
      on conflict (variable_id, fecha) do nothing`);
    const { exp, texto } = await generar('/rendimiento', {
      fecha: DAY2,
      variable: 'Rendimiento de jarabe (%)',
    });
    captura('rendimiento');
    expect(exp.nombre).toBe(`rendimientos-consumo_${DAY2}.pdf`);
    const t = plano(texto);
    expect(t).toContain('Rendimientos y Consumo');
    expect(t).toContain(`Planta: ${PLANTA}`);
    expect(t).toContain('Periodo: Día de producción: martes, 3 de marzo de 2026');
    expect(t).toContain('Rendimientos');
    expect(t).toContain('Consumos');
    const api = await q<{
      resumenVariables: {
        variable: { nombre: string; decimales: number };
        diario: number | null;
        meta: number | null;
        mensual: number | null;
        meta_mensual: number | null;
      }[];
    }>(
      `query($n: [String!]!, $f: Date!) { resumenVariables(nombres: $n, fecha: $f) {
        variable { nombre decimales } diario meta mensual meta_mensual } }`,
      { n: ['Rendimiento de jarabe (%)', 'Agua extraída (m³)'], f: DAY2 },
    );
    const rows = api.data!.resumenVariables;
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.variable.nombre === 'Rendimiento de jarabe (%)')!.diario).toBe(98.74);
    for (const r of rows) {
      const f = (v: number | null) => formatNumber(v, r.variable.decimales);
      const pct = percentOfMeta(r.diario, r.meta);
      expect(t).toContain(
        `${r.variable.nombre} ${f(r.diario)} ${f(r.meta)} ${pct === null ? '—' : formatPercent(pct)} ${f(r.mensual)} ${f(r.meta_mensual)}`,
      );
    }
    expect(t).toContain('Rendimiento de jarabe (%) 98.74 98.50 100.2 %');
    // The chart of the variable of the URL (its title and the trend's legend, vector text).
    expect(t).toContain('Mensual ene – feb 2026 · diario 01 mar – 03 mar 2026');
    expect(t).toMatch(/Consumos .* Rendimiento de jarabe \(%\) Mensual ene/);
    expect(t).toMatch(/Mensual\s+Diario\s+Meta/);
  }, 120_000);

  /** Page 1 of the last PDF read, as /tmp/shots13/pdf-<nombre>.png (to look at). */
  const paginaUno = (nombre: string) => {
    execFileSync('mkdir', ['-p', '/tmp/shots13']);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      ultimoPdf(),
      `/tmp/shots13/pdf-${nombre}`,
    ]);
  };

  it('/planificacion: title, plant, day, the month’s compliance, the monthly volume and the raw materials as the API returns them', async () => {
    const db = server().database.db;
    // March's plan for the plant's production, and a raw material with a day figure.
    await db.execute(sql`insert into planificaciones (variable_id, fecha, negociado, aop)
      select id, '2026-03-01'::date, 120000, 130000 from variables where nombre = 'Producción (CU)'
      on conflict (variable_id, fecha) do nothing`);
    await db.execute(sql`insert into variables (nombre, estado, nivel, area, fuente, decimales, unidad, agregacion)
      select 'Consumo de azúcar (kg)', 1, 'GLOBAL', 'rendimiento', 'MANUAL', 1, 'kg', 'SUMA'
      where not exists (select 1 from variables where nombre = 'Consumo de azúcar (kg)')`);
    await db.execute(sql`insert into historicos (variable_id, fecha, diario, mensual, anual, meta)
      select id, ${DAY2}::date, 1234.5, 2469, 2469, 1300 from variables where nombre = 'Consumo de azúcar (kg)'
      on conflict (variable_id, fecha) do nothing`);
    const { exp, texto } = await generar('/planificacion', { fecha: DAY2 });
    captura('planificacion');
    expect(exp.nombre).toBe(`planificacion_${DAY2}.pdf`);
    const t = plano(texto);
    expect(t).toContain('Planificación y M. Prima');
    expect(t).toContain(`Planta: ${PLANTA}`);
    expect(t).toContain('Periodo: Día de producción: martes, 3 de marzo de 2026');
    const api = await q<{
      c: {
        real: number | null;
        cumplimiento_negociado: number | null;
        cumplimiento_aop: number | null;
        plan: { negociado: number; aop: number } | null;
      };
      m: {
        mes: number;
        nombre_mes: string;
        negociado: number | null;
        aop: number | null;
        real: number | null;
      }[];
      r: {
        variable: { nombre: string; decimales: number };
        diario: number | null;
        meta: number | null;
        mensual: number | null;
      }[];
    }>(
      `query($f: Date!, $n: [String!]!) {
        c: cumplimientoProduccion(fecha: $f) { real cumplimiento_negociado cumplimiento_aop plan { negociado aop } }
        m: volumenMensual(anio: 2026) { mes nombre_mes negociado aop real }
        r: resumenVariables(nombres: $n, fecha: $f) { variable { nombre decimales } diario meta mensual } }`,
      { f: DAY2, n: ['Consumo de azúcar (kg)'] },
    );
    expect(api.errors, JSON.stringify(api.errors)).toBeUndefined();
    const { c, m, r } = api.data!;
    expect(c.plan).toEqual({ negociado: 120000, aop: 130000 });
    expect(c.real).toBeGreaterThan(0);
    const cu = (v: number | null) => formatValue(v, 'CU');
    // The compliance card's figures: the month's negociado and AOP against the real to date.
    expect(t).toContain(
      `Negociado del mes ${cu(120000)} ${cu(c.real)} ${formatPercent(c.cumplimiento_negociado)}`,
    );
    expect(t).toContain(`AOP del mes ${cu(130000)} ${cu(c.real)} ${formatPercent(c.cumplimiento_aop)}`);
    // The monthly volume: March's row as volumenMensual returns it, and the charts' titles.
    const marzo = m.find((x) => x.mes === 3)!;
    expect(marzo.real).toBe(c.real);
    expect(t).toContain(`${marzo.nombre_mes} ${cu(marzo.negociado)} ${cu(marzo.aop)} ${cu(marzo.real)}`);
    expect(t).toContain('Volumen mensual 2026');
    expect(t).toContain('Volumen diario ·');
    expect(t).toMatch(/Negociado\s+AOP/);
    // The raw material as its KPI card shows it.
    expect(r).toHaveLength(1);
    const f = (v: number | null) => formatNumber(v, r[0]!.variable.decimales);
    expect(t).toContain(`Materia prima Consumo de materias primas del día, del mes y del año.`);
    expect(t).toContain(
      `Consumo de azúcar (kg) ${f(r[0]!.diario)} ${f(r[0]!.meta)} ${formatPercent(percentOfMeta(r[0]!.diario, r[0]!.meta))} ${f(r[0]!.mensual)}`,
    );
  }, 120_000);

  it('/fabrica/lineas: title, plant, day, each line’s product, speed and counters as scadaHistorico and tiempoActividad return them', async () => {
    const { exp, texto } = await generar('/fabrica/lineas', { fecha: DAY2 });
    captura('lineas');
    expect(exp.nombre).toBe(`lineas_${DAY2}.pdf`);
    const t = plano(texto);
    expect(t).toContain('Lineas');
    expect(t).toContain(`Planta: ${PLANTA}`);
    expect(t).toContain('Periodo: Día de producción: martes, 3 de marzo de 2026');
    const api = await q<{
      h: {
        botellas: number;
        botellas_llenas: number;
        paquetes: number;
        producto_terminado: number;
        velocidad_media: number | null;
      }[];
      a: number;
    }>(
      `query($f: Date!) {
        h: scadaHistorico(linea: 1, desde: $f, hasta: $f) { botellas botellas_llenas paquetes producto_terminado velocidad_media }
        a: tiempoActividad(linea: 1, fecha: $f) }`,
      { f: DAY2 },
    );
    expect(api.errors, JSON.stringify(api.errors)).toBeUndefined();
    const h = api.data!.h[0]!;
    expect(h.botellas).toBeGreaterThan(0);
    expect(api.data!.a).toBe(900);
    // The line's counters as its card shows them, and its last product and mean running speed.
    expect(t).toContain(
      `Línea 1 15:00 ${formatNumber(h.botellas)} ${formatNumber(h.botellas_llenas)} ${formatNumber(h.paquetes)} ${formatNumber(h.producto_terminado)}`,
    );
    expect(t).toContain(`Cola · 600 ml × 12 · HMI 11 ${formatNumber(h.velocidad_media)} bpm`);
    expect(t).toContain('Velocidad por hora (bpm)');
    // Hour by hour: line 1 ran at 500 bpm (the fixture) from 08:00 for 900 minutes, against its 600 bpm nominal.
    expect(t).toContain('Hora Línea 1 Nominal Línea 2 Nominal 08 500 600 — — 09 500 600');
    expect(t).toContain('22 500 600 — — 23 0 600 — —');
  }, 120_000);

  it('/eficiencia_pagada: title, plant, day, paid efficiency against SAP per line as eficienciaPagada returns it, and the chart', async () => {
    const sap = await q<{ r: { sap: number | null } }>(
      `mutation { r: registrarEficienciaSap(linea: 1, fecha: "${DAY2}", valor: 63.5) { sap } }`,
      {},
    );
    expect(sap.errors, JSON.stringify(sap.errors)).toBeUndefined();
    const { exp, texto } = await generar('/eficiencia_pagada', { fecha: DAY2, linea: '1' });
    paginaUno('eficiencia-pagada');
    expect(exp.nombre).toBe(`eficiencia-pagada_${DAY2}.pdf`);
    expect(exp.informe).toBe('Eficiencia Pagada');
    const t = plano(texto);
    expect(t).toContain('Eficiencia Pagada');
    expect(t).toContain(`Planta: ${PLANTA}`);
    expect(t).toContain('Periodo: Día de producción: martes, 3 de marzo de 2026');
    type P = { pagada: number | null; sap: number | null; brecha_pp: number | null };
    const api = await q<{
      e: { lineas: { nombre: string; dia: P; mes: P; anio: P }[]; planta: { dia: P; mes: P; anio: P } };
    }>(
      `query($f: Date!) { e: eficienciaPagada(fecha: $f) {
        lineas { nombre dia { pagada sap brecha_pp } mes { pagada sap brecha_pp } anio { pagada sap brecha_pp } }
        planta { dia { pagada sap brecha_pp } mes { pagada sap brecha_pp } anio { pagada sap brecha_pp } } } }`,
      { f: DAY2 },
    );
    const e = api.data!.e;
    const l1 = e.lineas.find((l) => l.nombre === 'Línea 1')!;
    expect(l1.dia.pagada).toBeGreaterThan(0);
    expect(l1.dia.sap).toBe(63.5);
    const cifras = (p: P) =>
      `${formatPercent(p.pagada, 2)} ${formatPercent(p.sap, 2)} ${p.pagada !== null && p.sap !== null ? formatBrecha(p.brecha_pp) : '—'}`;
    for (const [nombre, a] of [
      ['Planta', e.planta],
      ...e.lineas.map((l) => [l.nombre, l] as const),
    ] as const) {
      expect(t).toContain(`${nombre} ${cifras(a.dia)} ${cifras(a.mes)} ${cifras(a.anio)}`);
    }
    for (const titulo of ['Pagada día', 'SAP día', 'Brecha día', 'Detalle del día 03/03/2026', 'Producido']) {
      expect(t).toContain(titulo);
    }
    // The chart of the line of the URL (its title and the legend, vector text).
    expect(t).toContain('Línea 1: eficiencia pagada y SAP por día del mes');
    expect(t).toMatch(/Eficiencia pagada\s+SAP/);
  }, 120_000);

  it('/mantenimiento/utilidades: title, plant, range, each utility per unit and the air leaks as consumosUtilidades and fugasAire return them, and the charts', async () => {
    const db = server().database.db;
    // DAY1's water per litre (the liters as the ratio's denominator) and line 1's air flow.
    await db.execute(sql`insert into variables (nombre, estado, nivel, area, fuente, decimales, unidad, agregacion)
      select 'Relación agua (L/L)', 1, 'GLOBAL', 'utilidades', 'MANUAL', 2, 'L/L', 'PROMEDIO'
      where not exists (select 1 from variables where nombre = 'Relación agua (L/L)')`);
    await db.execute(sql`insert into historicos (variable_id, fecha, diario, denominador)
      select id, ${DAY1}::date, 1.8, 500000 from variables where nombre = 'Relación agua (L/L)'
      on conflict (variable_id, fecha) do nothing`);
    await db.execute(sql`insert into historicos (variable_id, fecha, diario)
      select id, ${DAY1}::date, 900 from variables where nombre = 'Agua extraída (m³)'
      on conflict (variable_id, fecha) do nothing`);
    const aire = plant.variableId.get('Flujo aire L1 (Nm³/h)')!;
    await addReadings(db, aire, productionDayRange(DAY1, TZ).start, 15, Array(96).fill(200));
    const { exp, texto } = await generar('/mantenimiento/utilidades', { desde: DAY1, hasta: DAY2 });
    paginaUno('utilidades');
    expect(exp.nombre).toBe(`utilidades_${DAY1}_${DAY2}.pdf`);
    expect(exp.informe).toBe('Utilidades');
    const t = plano(texto);
    expect(t).toContain('Utilidades');
    expect(t).toContain(`Planta: ${PLANTA}`);
    expect(t).toContain('Periodo: Del 02/03/2026 al 03/03/2026');
    type F = {
      fugas_pct: number | null;
      meta: number | null;
      flujo_medio: number | null;
      flujo_sin_produccion: number | null;
    };
    const api = await q<{
      c: {
        produccion_cu: number;
        indicadores: {
          clave: string;
          nombre: string;
          unidad: string;
          decimales: number;
          valor: number | null;
          meta: number | null;
          mensual: number | null;
          anual: number | null;
        }[];
      };
      f: F & { lineas: (F & { linea: number })[] };
    }>(
      `query($d: Date!, $h: Date!, $i: DateTime!, $fin: DateTime!) {
        c: consumosUtilidades(desde: $d, hasta: $h) { produccion_cu
          indicadores { clave nombre unidad decimales valor meta mensual anual } }
        f: fugasAire(desde: $i, hasta: $fin) { fugas_pct meta flujo_medio flujo_sin_produccion
          lineas { linea fugas_pct meta flujo_medio flujo_sin_produccion } } }`,
      { d: DAY1, h: DAY2, i: '2026-03-02T13:00:00.000Z', fin: '2026-03-04T13:00:00.000Z' },
    );
    expect(api.errors, JSON.stringify(api.errors)).toBeUndefined();
    const { c, f } = api.data!;
    expect(c.produccion_cu).toBeGreaterThan(0);
    expect(t).toContain(`Producción ${formatNumber(c.produccion_cu)} CU`);
    expect(c.indicadores.length).toBeGreaterThan(0);
    expect(c.indicadores.find((i) => i.nombre === 'Agua por litro producido')!.valor).toBeGreaterThan(0);
    for (const i of c.indicadores) {
      const n = (v: number | null) => formatNumber(v, i.decimales);
      expect(t).toContain(`${i.nombre} ${i.unidad} ${n(i.valor)} ${n(i.meta)} ${n(i.mensual)} ${n(i.anual)}`);
    }
    const fila = (nombre: string, a: F) =>
      `${nombre} ${formatPercent(a.fugas_pct, 1)} ${formatPercent(a.meta, 1)} ${formatNumber(a.flujo_medio, 1)} ${formatNumber(a.flujo_sin_produccion, 1)}`;
    expect(t).toContain(fila('Planta', f));
    for (const l of f.lineas) expect(t).toContain(fila(`Línea ${l.linea}`, l));
    // The charts: the first utility day by day (the default) and the air flow by hour.
    const primero = c.indicadores[0]!;
    expect(t).toContain(`${primero.nombre} (${primero.unidad})`);
    expect(t).toContain('Aire comprimido por línea (Nm³/h)');
    expect(t).toContain('Media por intervalo de 1 hora · 02/03/2026 – 03/03/2026');
    // One day (the screen's default range): line 1's air flow by 5 minutes, drawn.
    const dia = await generar('/mantenimiento/utilidades', { fecha: DAY1 });
    paginaUno('utilidades-dia');
    const td = plano(dia.texto);
    expect(dia.exp.nombre).toBe(`utilidades_${DAY1}.pdf`);
    expect(td).toContain('Periodo: Día de producción: lunes, 2 de marzo de 2026');
    expect(td).toContain('Media por intervalo de 5 min · 02/03/2026');
    expect(td).toMatch(/Línea 1\s+Línea 2/);
    expect(td).toContain('08:00');
  }, 120_000);

  it('/zero-waste: title, plant, year, the monthly table with Acumulado and Meta, the breakdown and the projection as the API returns them, and the charts', async () => {
    const db = server().database.db;
    await db.execute(sql`insert into zw_clasificaciones (descripcion, aprovechable)
      values ('Cartón informe', true), ('Ordinarios informe', false) on conflict (descripcion) do nothing`);
    const idDe = async (d: string) => {
      const r = (await db.execute(
        sql`select id from zw_clasificaciones where descripcion = ${d}`,
      )) as unknown as {
        rows: { id: number }[];
      };
      return Number(r.rows[0]!.id);
    };
    const carton = await idDe('Cartón informe');
    const ordinarios = await idDe('Ordinarios informe');
    for (const [mes, c, o] of [
      ['2024-01-01', 900, 100],
      ['2024-02-01', 10, 10],
      ['2024-03-01', 10250.5, 1],
    ] as const) {
      await db.execute(sql`insert into zw_registros (mes, clasificacion_id, kg) values
        (${mes}::date, ${carton}, ${c}), (${mes}::date, ${ordinarios}, ${o})
        on conflict (mes, clasificacion_id) do update set kg = excluded.kg`);
    }
    await db.execute(sql`insert into zw_proyecciones (anio, clasificacion_id, aprovechables, no_aprovechables, zero_waste)
      values (2024, ${carton}, 12000, 0, 100) on conflict (anio, clasificacion_id) do nothing`);
    const { exp, texto } = await generar('/zero-waste', { anio: '2024' });
    paginaUno('zero-waste');
    expect(exp.nombre).toBe('zero-waste_2024-03.pdf');
    expect(exp.informe).toBe('Zero Waste');
    const t = plano(texto);
    expect(t).toContain(`Planta: ${PLANTA}`);
    expect(t).toContain('Periodo: Año 2024 · desglose de marzo');
    const api = await q<{
      m: { mes: string; aprovechable: number; no_aprovechable: number; zwl: number | null; meta: number }[];
      d: { descripcion: string; kg: number; porcentaje: number | null }[];
      dm: { descripcion: string; kg: number; porcentaje: number | null }[];
    }>(
      `query { m: zeroWasteMensual(anio: 2024) { mes aprovechable no_aprovechable zwl meta }
        d: zeroWasteDesglose(anio: 2024) { descripcion kg porcentaje }
        dm: zeroWasteDesglose(anio: 2024, mes: 3) { descripcion kg porcentaje } }`,
      {},
    );
    expect(api.errors, JSON.stringify(api.errors)).toBeUndefined();
    const { m, d, dm } = api.data!;
    const kg = (v: number) => formatNumber(v, 0);
    for (const fila of m) {
      const total = fila.aprovechable + fila.no_aprovechable;
      if (total === 0) {
        expect(t).toContain(`${fila.mes} — — — —`);
        continue;
      }
      // Acumulado is the server's row too: the ratio of the year's sums.
      expect(t).toContain(
        `${fila.mes} ${kg(fila.aprovechable)} ${kg(fila.no_aprovechable)} ${kg(total)} ${formatPercent(fila.zwl, 2)}`,
      );
    }
    expect(m.find((f) => f.mes === 'Acumulado')!.zwl).toBe(99.02);
    expect(t).toContain(`Meta — — — ${formatPercent(m[0]!.meta, 2)}`);
    expect(t).toContain(`Enero ${kg(900)} ${kg(100)} ${kg(1000)} ${formatPercent(90, 2)} (bajo la meta)`);
    for (const c of d) {
      const mes = dm.find((x) => x.descripcion === c.descripcion)!;
      const nombre =
        c.descripcion === 'Ordinarios informe' ? 'Ordinarios informe (no aprovechable)' : c.descripcion;
      expect(t).toContain(
        `${nombre} ${kg(c.kg)} ${formatPercent(c.porcentaje, 2)} ${kg(mes.kg)} ${formatPercent(mes.porcentaje, 2)}`,
      );
    }
    expect(t).toContain(`Total ${kg(12000)} ${kg(0)} ${formatPercent(100, 2)}`);
    // The charts: their titles and their legends (vector text).
    expect(t).toContain('ZWL mensual 2024');
    expect(t).toMatch(/ZWL del mes\s+Acumulado\s+Meta/);
    expect(t).toContain('Desglose por clasificación');
    expect(t).toMatch(/Año\s+Marzo/);
    // A bad month is the mutation's error.
    const r = await q(GENERAR, { ruta: '/zero-waste', p: { anio: '2024', mes: '13' } });
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'mes' });
  }, 120_000);

  it('/reportes/aire: the URL range and interval, the chart, and the table as reporteAire returns it, cut to its first rows with a note', async () => {
    const db = server().database.db;
    // Line 1's air flow every minute for 200 minutes from 18:00 of DAY2.
    const desde18 = new Date(productionDayRange(DAY2, TZ).start.getTime() + 600 * 60_000);
    await addReadings(
      db,
      plant.variableId.get('Flujo aire L1 (Nm³/h)')!,
      desde18,
      1,
      Array.from({ length: 200 }, (_, i) => 150 + (i % 10)),
    );
    const { inicio, fin } = instantesDe(DAY2, DAY2, TZ);
    const api = async (intervalo: string) => {
      const r = await q<{ a: Reporte }>(
        `query($d: DateTime!, $h: DateTime!, $i: String!) { a: reporteAire(desde: $d, hasta: $h, intervalo: $i) {
          intervalo_minutos columnas { variable unidad decimales agregacion } filas { fecha valores } } }`,
        { d: inicio, h: fin, i: intervalo },
      );
      expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
      return r.data!.a;
    };
    const fila = (a: Reporte, f: Reporte['filas'][number]) =>
      `${etiquetaFila(f.fecha, a.intervalo_minutos, TZ)} ${a.columnas.map((c, j) => formatNumber(f.valores[j] ?? null, c.decimales)).join(' ')}`;

    const cuarto = await generar('/reportes/aire', { desde: DAY2, hasta: DAY2, intervalo: '15m' });
    paginaUno('reporte-aire');
    expect(cuarto.exp.nombre).toBe(`reporte-aire_${DAY2}_${DAY2}_15m.pdf`);
    expect(cuarto.exp.informe).toBe('Reporte de Aire');
    const t = plano(cuarto.texto);
    expect(t).toContain(`Planta: ${PLANTA}`);
    expect(t).toContain('Periodo: Día de producción 03/03/2026 · intervalo: 15 minutos');
    const a15 = await api('15m');
    expect(a15.filas.length).toBeGreaterThan(10);
    expect(a15.filas.length).toBeLessThanOrEqual(MAX_FILAS_PDF);
    for (const f of a15.filas) expect(t).toContain(fila(a15, f));
    const totales = resumenes(a15);
    expect(t).toContain(
      `Rango completo ${a15.columnas.map((c, j) => formatNumber(totales[j] ?? null, c.decimales)).join(' ')}`,
    );
    expect(t).not.toContain('Se muestran las primeras');
    // The chart: its title and the legend of the air meter.
    expect(t).toContain('Aire comprimido');
    expect(t).toMatch(/Flujo aire L1\s/);

    // By minute: 200 rows, the PDF prints the first MAX_FILAS_PDF and says where the rest are.
    const minuto = await generar('/reportes/aire', { desde: DAY2, hasta: DAY2, intervalo: '1m' });
    const tm = plano(minuto.texto);
    const a1 = await api('1m');
    expect(a1.filas.length).toBeGreaterThan(MAX_FILAS_PDF);
    expect(tm).toContain(
      `Se muestran las primeras ${formatNumber(MAX_FILAS_PDF)} de ${formatNumber(a1.filas.length)} filas; la tabla completa está en la exportación a Excel`,
    );
    for (const f of a1.filas.slice(0, MAX_FILAS_PDF)) expect(tm).toContain(fila(a1, f));
    expect(tm).not.toContain(fila(a1, a1.filas[MAX_FILAS_PDF]!));
    // No interval in the URL: the screen's default for one day (15 minutes).
    const defecto = await generar('/reportes/aire', { desde: DAY2, hasta: DAY2 });
    expect(plano(defecto.texto)).toContain('intervalo: 15 minutos');
  }, 120_000);

  it('/reportes/contadores: range, grouping and lines from the URL, the chosen figure’s chart, the totals per line and the rows as reporteContadores returns them', async () => {
    type Cifras = Record<(typeof CIFRAS)[number]['clave'], number | null> & {
      linea: number | null;
      linea_nombre: string;
      producto: string | null;
    };
    const api = async (desde: string, hasta: string, agrupacion: string, lineas: number[] | null) => {
      const r = await q<{
        r: {
          filas: (Cifras & { linea: number; fecha: string; turno: number | null; inicio: string })[];
          totales: Cifras[];
          total: Cifras;
        };
      }>(
        `query($d: Date!, $h: Date!, $a: AgrupacionContadores!, $l: [Int!]) {
          r: reporteContadores(desde: $d, hasta: $h, agrupacion: $a, lineas: $l) {
            filas { linea linea_nombre fecha turno inicio botellas botellas_llenas paquetes producto_terminado velocidad_media minutos_marcha producto }
            totales { linea linea_nombre botellas botellas_llenas paquetes producto_terminado velocidad_media minutos_marcha producto }
            total { linea linea_nombre botellas botellas_llenas paquetes producto_terminado velocidad_media minutos_marcha producto } } }`,
        { d: desde, h: hasta, a: agrupacion, l: lineas },
      );
      expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
      return r.data!.r;
    };
    const cifras = (f: Cifras) =>
      CIFRAS.map((c) => (f[c.clave] == null ? '—' : formatNumber(f[c.clave], c.decimales))).join(' ');

    const hora = await generar('/reportes/contadores', { desde: DAY2, hasta: DAY2, lineas: '1' });
    paginaUno('reporte-contadores');
    expect(hora.exp.nombre).toBe(`reporte-contadores_${DAY2}_${DAY2}_hora.pdf`);
    expect(hora.exp.informe).toBe('Reporte de Contadores');
    const t = plano(hora.texto);
    expect(t).toContain(`Planta: ${PLANTA}`);
    expect(t).toContain('Periodo: Día de producción 03/03/2026 · por hora · Línea 1');
    const h = await api(DAY2, DAY2, 'HORA', [1]);
    expect(h.filas.length).toBeGreaterThan(0);
    expect(h.total.producto_terminado).toBeGreaterThan(0);
    for (const f of h.filas) {
      expect(t).toContain(
        `${f.linea_nombre} ${etiquetaPeriodo(f, 'HORA', TZ)} ${f.producto ?? '—'} ${cifras(f)}`,
      );
    }
    for (const tot of h.totales)
      expect(t).toContain(`${tot.linea_nombre} ${tot.producto ?? '—'} ${cifras(tot)}`);
    expect(t).toContain(`Total ${h.total.producto ?? '—'} ${cifras(h.total)}`);
    // The chart of the default figure (finished product), one bar series per line.
    expect(t).toContain('Producto terminado (botellas) Por hora y línea · 03/03/2026');

    // By production day over two days, every line, the packs charted.
    const dia = await generar('/reportes/contadores', {
      desde: DAY1,
      hasta: DAY2,
      agrupacion: 'DIA',
      serie: 'paquetes',
    });
    const td = plano(dia.texto);
    expect(td).toContain('Periodo: Del 02/03/2026 al 03/03/2026 · por día · todas las líneas');
    expect(td).toContain('Paquetes (paquetes) Por día y línea · 02/03/2026 – 03/03/2026');
    const d = await api(DAY1, DAY2, 'DIA', null);
    for (const f of d.filas) {
      expect(td).toContain(
        `${f.linea_nombre} ${etiquetaPeriodo(f, 'DIA', TZ)} ${f.producto ?? '—'} ${cifras(f)}`,
      );
    }
    expect(td).toContain(`Total ${d.total.producto ?? '—'} ${cifras(d.total)}`);
    // An unknown line is the mutation's error.
    const r = await q(GENERAR, { ruta: '/reportes/contadores', p: { lineas: '98' } });
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'lineas' });
  }, 120_000);

  it('/reportes/scada: the picked variables, range and interval from the URL, the chart, and the table and summary as reporteScada returns them', async () => {
    const cat = await q<{ v: { id: string; nombre: string }[] }>('{ v: variablesScada { id nombre } }', {});
    const ids = ['Flujo aire L1 (Nm³/h)', 'Energía eléctrica (kWh)_561'].map(
      (n) => cat.data!.v.find((v) => v.nombre === n)!.id,
    );
    const { exp, texto } = await generar('/reportes/scada', {
      desde: DAY2,
      hasta: DAY2,
      intervalo: 'HORA',
      variables: ids.join(','),
    });
    paginaUno('reporte-scada');
    expect(exp.nombre).toBe(`reporte-scada_${DAY2}_${DAY2}_hora.pdf`);
    expect(exp.informe).toBe('Reporte de Variables SCADA');
    const t = plano(texto);
    expect(t).toContain(`Planta: ${PLANTA}`);
    expect(t).toContain('Periodo: Día de producción 03/03/2026 · intervalo: 1 hora');
    const { inicio, fin } = instantesDe(DAY2, DAY2, TZ);
    const r = await q<{
      r: {
        columnas: { nombre: string; unidad: string; decimales: number }[];
        filas: { inicio: string; valores: (number | null)[] }[];
        resumen: (number | null)[];
      };
    }>(
      `query($v: [ID!]!, $d: DateTime!, $h: DateTime!) { r: reporteScada(variables: $v, desde: $d, hasta: $h, intervalo: HORA) {
        columnas { nombre unidad decimales } filas { inicio valores } resumen } }`,
      { v: ids, d: inicio, h: fin },
    );
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    const api = r.data!.r;
    expect(api.filas.length).toBe(24);
    const n = (v: number | null | undefined, d: number) => (v == null ? '—' : formatNumber(v, d));
    for (const f of api.filas) {
      expect(t).toContain(
        `${fechaHora(f.inicio, TZ)} ${api.columnas.map((c, k) => n(f.valores[k], c.decimales)).join(' ')}`,
      );
    }
    expect(t).toContain(
      `Rango completo ${api.columnas.map((c, k) => n(api.resumen[k], c.decimales)).join(' ')}`,
    );
    // Line 1's energy: 160 kWh an hour, summed.
    expect(api.resumen[1]).toBe(3840);
    expect(t).toContain('Lecturas por intervalo de 1 hora');
    expect(t).toMatch(/Flujo aire L1 \(Nm³\/h\)\s+Energía eléctrica \(kWh\)_561/);

    // Nothing picked: an honest PDF that says so.
    const vacio = await generar('/reportes/scada', { desde: DAY2, hasta: DAY2 });
    expect(plano(vacio.texto)).toContain('No hay variables elegidas');
    // An unknown variable is the mutation's error.
    const malo = await q(GENERAR, { ruta: '/reportes/scada', p: { variables: '999999' } });
    expect(malo.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'variables' });
  }, 120_000);

  it('/mantenimiento/eficiencia: energy date and line from the URL, the day’s figures, the hourly counters and the 30-day ETA as contadoresHora and the REST series return them, and both charts', async () => {
    const { exp, texto } = await generar('/mantenimiento/eficiencia', { fecha: DAY2, linea: '1' });
    paginaUno('eficiencia-energetica');
    expect(exp.nombre).toBe(`eficiencia-energetica_${DAY2}_linea-1.pdf`);
    expect(exp.informe).toBe('Eficiencia Energética');
    const t = plano(texto);
    expect(t).toContain(`Planta: ${PLANTA}`);
    expect(t).toContain('Periodo: Fecha de energía: martes, 3 de marzo de 2026 · Línea 1');
    const { start, end } = hourlyCounterWindow(DAY2, TZ);
    const c = await q<{
      c: { fecha: string; energia: number; eficiencia: number; kpi_energia: number; formato: number }[];
    }>(
      `query($id: ID!, $d: DateTime!, $h: DateTime!) { c: contadoresHora(linea_id: $id, desde: $d, hasta: $h) {
        fecha energia eficiencia kpi_energia formato } }`,
      { id: String(plant.lineaId.get(1)), d: start.toISOString(), h: end.toISOString() },
    );
    expect(c.errors, JSON.stringify(c.errors)).toBeUndefined();
    const horas = contadoresPorHora(c.data!.c, TZ);
    expect(horas.filter((h) => h.contador).length).toBeGreaterThan(0);
    for (const { hora, contador } of horas) {
      expect(t).toContain(
        `${rangoHora(hora)} ${formatNumber(contador?.energia, 2)} ${formatNumber(contador?.eficiencia, 2)} ${formatNumber(contador?.kpi_energia, 4)} ${contador ? String(contador.formato || '—') : '—'}`,
      );
    }
    expect(t).toContain(formatValue(energiaDelDia(horas), 'kWh', 2));
    // The ETA of the 30 days: the screen's REST series.
    const rest = async (ruta: string) => {
      const res = await fetch(`${server().url}${ruta}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      return (await res.json()) as EtaDia[];
    };
    const { desde, hasta } = rangoEta(DAY2);
    const dias = diasEficiencia(
      desde,
      hasta,
      await rest(`/api/pta/historicos/eta?desde=${desde}&hasta=${hasta}`),
      await rest(`/api/pta/historicos/eta/lineas?desde=${desde}&hasta=${hasta}&linea=1`),
    );
    expect(dias).toHaveLength(30);
    const pct = (v: number | null) => formatValue(v, '%', 2);
    for (const d of dias) {
      expect(t).toContain(
        `${formatFecha(d.fecha)} ${pct(d.etaPlanta)} ${pct(d.eta)} ${pct(d.pagada)} ${pct(d.sap)} ${formatNumber(brechaPp(d.pagada, d.sap), 2)}`,
      );
    }
    const delDia = dias.find((d) => d.fecha === DAY2)!;
    expect(t).toContain(`${pct(delDia.eta)} ${pct(delDia.pagada)} ${pct(delDia.sap)}`);
    // The two charts: titles and legends.
    expect(t).toContain('Contadores por hora · Línea 1');
    expect(t).toMatch(/Energía\s+Eficiencia/);
    expect(t).toContain('ETA de los últimos 30 días');
    expect(t).toMatch(/ETA planta\s+ETA Línea 1\s+Pagada Línea 1\s+SAP Línea 1/);
    // Without a line 4 the screen's line-4 card has nothing to show: neither has the PDF.
    expect(t).not.toContain('Línea 4');

    // A plant with a line 4: its own counters (scadaLinea4, as datosLinea4) and its chart.
    const db = server().database.db;
    await db.execute(sql`insert into lineas (nombre, numero, sufijo, planta_id)
      select 'Línea 4', 4, '_564', planta_id from lineas where numero = 1
      and not exists (select 1 from lineas where numero = 4)`);
    const con4 = await generar('/mantenimiento/eficiencia', { fecha: DAY2, linea: '1' });
    const t4 = plano(con4.texto);
    const l4 = await q<{ s: { lecturas: { botellas_llenas: number; paquetes: number }[] } }>(
      `query($d: DateTime!, $h: DateTime!) { s: scadaLinea4(desde: $d, hasta: $h, max_puntos: 25) {
        lecturas { botellas_llenas paquetes } } }`,
      { d: start.toISOString(), h: end.toISOString() },
    );
    expect(l4.errors, JSON.stringify(l4.errors)).toBeUndefined();
    const lecturas = l4.data!.s.lecturas;
    const suma = (k: 'botellas_llenas' | 'paquetes') =>
      lecturas.length === 0 ? null : lecturas.reduce((a, x) => a + x[k], 0);
    expect(t4).toContain(
      `Línea 4 Contadores propios · 03/03/2026, de 08:00 a 07:00 del día siguiente. Botellas llenas Paquetes ${formatNumber(suma('botellas_llenas'))} ${formatNumber(suma('paquetes'))}`,
    );
    expect(t4).toContain('Línea 4: botellas llenas y velocidad media por hora');
    await db.execute(sql`delete from lineas where numero = 4`);
  }, 120_000);

  it('/recursos-humanos/asistencia-diaria: the states by area and the attendance trend charts beside the tables, figures as asistenciaDiaria and asistenciaRango return them', async () => {
    const db = server().database.db;
    const filas = await db
      .insert(empleados)
      .values([
        {
          codigo: 'IN01',
          nombre: 'Inés Paredes',
          area: 'Envasado',
          puesto: 'Operadora',
          activo: true,
        },
        { codigo: 'IN02', nombre: 'Iván Soto', area: 'Envasado', puesto: 'Operador', activo: true },
        { codigo: 'IN03', nombre: 'Irma Vega', area: 'Calidad', puesto: 'Analista', activo: true },
      ])
      .returning({ id: empleados.id, codigo: empleados.codigo });
    const id = new Map(filas.map((f) => [f.codigo, f.id]));
    await db.insert(asistencias).values([
      { empleadoId: id.get('IN01')!, fecha: '2025-05-05', estado: 'PRESENTE' },
      { empleadoId: id.get('IN02')!, fecha: '2025-05-05', estado: 'PRESENTE' },
      { empleadoId: id.get('IN03')!, fecha: '2025-05-05', estado: 'PRESENTE' },
      { empleadoId: id.get('IN01')!, fecha: '2025-05-06', estado: 'PRESENTE' },
      { empleadoId: id.get('IN02')!, fecha: '2025-05-06', estado: 'FALTA' },
      { empleadoId: id.get('IN03')!, fecha: '2025-05-06', estado: 'VACACIONES' },
    ]);
    const hrName = uniqueName('rh');
    await createUser(server(), token, {
      username: hrName,
      password: 'clave-usuario-1',
      role: 'human-resources',
    });
    const hr = (await server().login(hrName, 'clave-usuario-1')).access_token;
    const { texto } = await generar(
      '/recursos-humanos/asistencia-diaria',
      { fecha: '2025-05-06', desde: '2025-05-05', hasta: '2025-05-06' },
      hr,
    );
    paginaUno('asistencia-diaria');
    const t = plano(texto);
    const api = await q<{
      a: {
        area: string;
        programados: number;
        presentes: number;
        faltas: number;
        asistencia_pct: number | null;
      }[];
      r: { fecha: string; asistencia_pct: number | null; ausentismo_pct: number | null }[];
    }>(
      `{ a: asistenciaDiaria(fecha: "2025-05-06") { area programados presentes faltas asistencia_pct }
         r: asistenciaRango(desde: "2025-05-05", hasta: "2025-05-06") { fecha asistencia_pct ausentismo_pct } }`,
      {},
      hr,
    );
    expect(api.errors, JSON.stringify(api.errors)).toBeUndefined();
    const envasado = api.data!.a.find((a) => a.area === 'Envasado')!;
    expect(envasado).toMatchObject({ programados: 2, presentes: 1, faltas: 1, asistencia_pct: 50 });
    // The tables are still there, with the API's figures.
    expect(t).toContain(`Envasado 2 1 1 0 0 0 ${formatPercent(50, 2)} ${formatPercent(50, 2)}`);
    for (const d of api.data!.r) {
      expect(t).toContain(`${formatFecha(d.fecha)} `);
      expect(t).toContain(formatPercent(d.asistencia_pct, 2));
    }
    // The two charts of the screen: titles, legends and axis text (vector text).
    expect(t).toContain('Estados por área Empleados de cada área por estado el 06/05/2025');
    expect(t).toMatch(/Presentes\s+Faltas\s+Vacaciones\s+Incapacidad\s+Permiso/);
    expect(t).toContain(
      'Tendencia de asistencia Asistencia y ausentismo por día, del 05/05/2025 al 06/05/2025',
    );
    expect(t).toMatch(/Asistencia\s+Ausentismo/);
    expect(t).toContain('Típico máx. 8 %');
  }, 120_000);
});
