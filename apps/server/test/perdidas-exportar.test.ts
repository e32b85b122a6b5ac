import { productionDayRange } from '@planta/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  CAMPOS_EXPORTACION,
  descargarExportacion,
  esperarExportacion,
  filasHoja,
  leerXlsx,
} from './exportar.ts';
import { seedPlant, TZ } from './fixtures.ts';
import { createUser, describeEachDatabase, uniqueName } from './harness.ts';

/**
 * /fabrica/perdidas' "Exportar" (issue 33 item 5) over HTTP: the stops of a production day as an
 * .xlsx read back with exceljs — a reason given by a person, one by a mapped PLC fault code, the
 * demo's, a stop still open — for the plant and for one line's shift; refusals in Spanish.
 */
const DIA = '2026-03-04';
const EXPORTAR = `mutation($i: ExportarParosInput!) { exportarParos(input: $i) { ${CAMPOS_EXPORTACION} } }`;

/** Plant wall-clock of minute `min` after the day's 08:00, as exceljs reads a date cell (UTC fields). */
const reloj = (min: number) => new Date(Date.UTC(2026, 2, 4, 8, min));

describeEachDatabase('exportarParos', (server) => {
  let admin = '';
  let linea1 = 0;
  let linea2 = 0;

  beforeAll(async () => {
    const db = server().database.db;
    const plant = await seedPlant(db);
    linea1 = plant.lineaId.get(1)!;
    linea2 = plant.lineaId.get(2)!;
    admin = (await server().login()).access_token;
    const username = uniqueName('ana');
    const anaId = await createUser(server(), admin, { name: 'Ana Operadora', username });
    const { start } = productionDayRange(DIA, TZ);
    const at = (min: number) => new Date(start.getTime() + min * 60_000).toISOString();
    const motivo = (nombre: string) => sql`(select id from motivos_paro where nombre = ${nombre})`;
    await db.execute(sql`
      insert into paros (linea_id, inicio, fin, equipo, causa, tipo, origen, motivo_id, clase, comentario,
                         codigo_falla, motivo_usuario_id, motivo_en) values
        (${linea1}, ${at(30)}, ${at(60)}, 'Mecánica', 'Llenadora', 'FALLA', 'PLC', ${motivo('Llenadora')},
          'FALLA', '=Atasco en la llenadora', null, ${Number(anaId)}, ${at(70)}),
        (${linea2}, ${at(120)}, ${at(140)}, 'Limpieza', 'CIP', 'CIP', 'DEMO', ${motivo('CIP')},
          'PLANIFICADO', null, null, null, null),
        (${linea1}, ${at(540)}, ${at(550)}, 'Mecánica', 'Llenadora', 'FALLA', 'PLC', ${motivo('Llenadora')},
          'FALLA', null, 101, null, ${at(540)}),
        (${linea2}, ${at(1080)}, null, 'Sin motivo', 'Sin motivo', 'FALLA', 'PLC', null, null, null, null,
          null, null),
        (${linea1}, ${at(1500)}, ${at(1510)}, 'Sin motivo', 'Microparo', 'MICROPARO', 'PLC', null,
          'MICROPARO', null, null, null, null)`);
  });

  const exportar = async (input: Record<string, unknown>) => {
    const r = await server().gql<{ exportarParos: { id: string; file_url: string; nombre: string } }>(
      EXPORTAR,
      { i: input },
      { token: admin },
    );
    expect(r.errors).toBeUndefined();
    const e = await esperarExportacion(server(), admin, r.data!.exportarParos.id);
    expect(e).toMatchObject({ estado: 'LISTA', informe: 'Paros de línea', formato: 'XLSX' });
    const book = await leerXlsx(await descargarExportacion(server(), admin, e.file_url));
    const sheet = book.getWorksheet('Paros')!;
    return { e, sheet, filas: filasHoja(sheet) };
  };

  it('writes every stop of the day, oldest first: who gave the reason, PLC, the demo, the open one', async () => {
    const { e, sheet, filas } = await exportar({ desde: DIA, hasta: DIA });
    expect(e.nombre).toBe(`paros_${DIA}_${DIA}.xlsx`);
    expect(e.filas).toBe(4);
    expect((sheet.getRow(7).values as unknown[]).slice(1)).toEqual([
      'Línea',
      'Inicio',
      'Fin',
      'Minutos (min)',
      'Clase',
      'Categoría',
      'Motivo',
      'Comentario',
      'Origen',
      'Dado por',
      'Código de falla',
      'Turno',
    ]);
    const [persona, demo, plc, abierto, total] = filas;
    // A comment a spreadsheet would run as a formula is kept as text.
    expect(persona).toEqual([
      'Línea 1',
      reloj(30),
      reloj(60),
      30,
      'Falla',
      'Mecánica',
      'Llenadora',
      "'=Atasco en la llenadora",
      'PLC',
      'Ana Operadora',
      undefined,
      'Turno 1',
    ]);
    expect(demo).toEqual([
      'Línea 2',
      reloj(120),
      reloj(140),
      20,
      'Planificado',
      'Planificado',
      'CIP',
      undefined,
      'Demostración',
      undefined,
      undefined,
      'Turno 1',
    ]);
    expect(plc).toEqual([
      'Línea 1',
      reloj(540),
      reloj(550),
      10,
      'Falla',
      'Mecánica',
      'Llenadora',
      undefined,
      'PLC',
      'PLC',
      101,
      'Turno 2',
    ]);
    // Open since 02:00 on the 5th (the day's third shift): its minutes run until now.
    expect(abierto!.slice(0, 3)).toEqual(['Línea 2', reloj(1080), 'En curso']);
    const minutosAbierto = (Date.now() - productionDayRange(DIA, TZ).start.getTime()) / 60_000 - 1080;
    expect(abierto![3] as number).toBeGreaterThan(minutosAbierto - 5);
    expect(abierto![3] as number).toBeLessThanOrEqual(minutosAbierto);
    expect(abierto!.slice(4)).toEqual([
      'Falla',
      undefined,
      undefined,
      undefined,
      'PLC',
      undefined,
      undefined,
      'Turno 3',
    ]);
    expect(total!.slice(0, 4)).toEqual(['Total', undefined, undefined, 60 + (abierto![3] as number)]);
  });

  it("one line's shift: only the stops that start in it, on every day of the range", async () => {
    const { e, filas } = await exportar({
      desde: DIA,
      hasta: '2026-03-05',
      linea_id: String(linea1),
      turno: 2,
    });
    expect(e.nombre).toBe(`paros_${DIA}_2026-03-05_linea-1_turno-2.xlsx`);
    expect(filas.slice(0, -1).map((f) => [f[0], f[1], f[11]])).toEqual([['Línea 1', reloj(540), 'Turno 2']]);
    const { filas: t1 } = await exportar({
      desde: DIA,
      hasta: '2026-03-05',
      linea_id: String(linea1),
      turno: 1,
    });
    // The micro-stop at 09:00 on the 5th is the next day's first shift.
    expect(t1.slice(0, -1).map((f) => f[1])).toEqual([reloj(30), reloj(1500)]);
    expect(linea2).toBeGreaterThan(0);
  });

  it('refuses in Spanish naming the field, and only for signed-in users', async () => {
    const rechazo = async (input: Record<string, unknown>) =>
      (await server().gql(EXPORTAR, { i: input }, { token: admin })).errors?.[0];
    expect(await rechazo({ desde: DIA, hasta: DIA, turno: 9 })).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', field: 'turno' },
    });
    expect(await rechazo({ desde: '2025-01-01', hasta: DIA })).toMatchObject({
      message: 'El rango de fechas no puede superar 365 días',
      extensions: { field: 'hasta' },
    });
    expect(await rechazo({ desde: DIA, hasta: DIA, linea_id: '999999' })).toMatchObject({
      message: 'El campo "linea_id" no es una línea de producción',
    });
    const anonimo = await server().gql(EXPORTAR, { i: { desde: DIA, hasta: DIA } });
    expect(anonimo.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
