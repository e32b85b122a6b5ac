import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { auditRows, createUser, describeEachDatabase, type TestServer, uniqueName } from './harness.ts';

const ENCABEZADO = [
  'Código',
  'Nombre',
  'Área',
  'Fecha',
  'Entrada',
  'Salida',
  'Código de ausencia',
  'Horas extra',
  'Tipo de horas extra',
  'Motivo',
];
const BASE = '/api/rrhh/importaciones';

const csv = (filas: string[][], separador = ';') =>
  Buffer.from([ENCABEZADO, ...filas].map((f) => f.join(separador)).join('\r\n'), 'utf8');

async function subir(
  server: TestServer,
  ruta: string,
  token: string | null,
  contenido: Buffer,
  nombre = 'reloj.csv',
) {
  const form = new FormData();
  form.append('archivo', new Blob([new Uint8Array(contenido)]), nombre);
  const response = await fetch(`${server.url}${BASE}${ruta}`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function consulta<T>(server: TestServer, q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await server.database.db.execute(q)) as unknown as { rows: T[] }).rows;
}

const asistenciasDe = (server: TestServer, prefijo: string) =>
  consulta<{ codigo: string; fecha: string; estado: string; entrada: string | null; salida: string | null }>(
    server,
    sql`select e.codigo, a.fecha::text as fecha, a.estado, a.entrada::text as entrada, a.salida::text as salida
        from asistencias a join empleados e on e.id = a.empleado_id
        where e.codigo like ${`${prefijo}%`} order by e.codigo, a.fecha`,
  );
const horasDe = (server: TestServer, prefijo: string) =>
  consulta<{ codigo: string; fecha: string; tipo: string; horas: number; motivo: string }>(
    server,
    sql`select e.codigo, h.fecha::text as fecha, h.tipo, h.horas, h.motivo
        from horas_extra h join empleados e on e.id = h.empleado_id
        where e.codigo like ${`${prefijo}%`} order by e.codigo, h.fecha, h.tipo`,
  );

describeEachDatabase('rrhh importación del reloj', (server) => {
  let hr = '';
  let admin = '';
  let hrId = 0;

  beforeAll(async () => {
    const root = (await server().login()).access_token;
    const hrName = uniqueName('rrhh');
    const adminName = uniqueName('adm');
    hrId = Number(await createUser(server(), root, { username: hrName, role: 'human-resources' }));
    await createUser(server(), root, { username: adminName, role: 'admin' });
    hr = (await server().login(hrName, 'clave-usuario-1')).access_token;
    admin = (await server().login(adminName, 'clave-usuario-1')).access_token;
    // An employee that already exists: the file does not create it again.
    await server().database.db.execute(
      sql`insert into empleados (codigo, nombre, area, puesto, activo) values ('A001', 'Ana Ríos', 'Producción', 'Operadora', true)`,
    );
  });

  const archivoA = () =>
    csv([
      ['A001', 'Ana Ríos', 'Producción', '03/11/2026', '07:00', '17:30', '', '2,5', 'D', 'Cambio de formato'],
      ['A001', 'Ana Ríos', 'Producción', '03/11/2026', '07:00', '17:30', '', '1', 'TRIPLE', 'Urgencia'],
      ['A002', 'Beto Salas', 'Producción', '2026-11-03', '', '', 'F', '', '', ''],
      ['A003', 'Carla Núñez', 'Mantenimiento', '03/11/2026', '', '', 'V', '', '', ''],
      ['A001', 'Ana Ríos', 'Producción', '04/11/2026', '7:05', '15:00', 'P', '', '', ''],
    ]);

  it('answers 401 without a session and 403 FORBIDDEN without the HR permission', async () => {
    expect((await subir(server(), '/vista-previa', null, archivoA())).status).toBe(401);
    const denegado = await subir(server(), '', admin, archivoA());
    expect(denegado).toEqual({
      status: 403,
      body: { error: 'Se requiere el permiso de recursos humanos.', code: 'FORBIDDEN' },
    });
    const plantilla = await fetch(`${server().url}${BASE}/plantilla.csv`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(plantilla.status).toBe(403);
    expect(await asistenciasDe(server(), 'A')).toEqual([]);
  });

  it('previews the counts and a sample without writing anything', async () => {
    const { status, body } = await subir(server(), '/vista-previa', hr, archivoA());
    expect(status).toBe(200);
    expect(body).toMatchObject({
      archivo: 'reloj.csv',
      filas: 5,
      empleados_nuevos: 2,
      asistencias: { nuevas: 4, actualizadas: 0, sin_cambios: 0 },
      horas_extra: { nuevas: 2, actualizadas: 0, sin_cambios: 0, eliminadas: 0 },
      errores: [],
      total_errores: 0,
    });
    expect(body.muestra).toHaveLength(5);
    expect(body.muestra[0]).toMatchObject({
      fila: 2,
      codigo: 'A001',
      fecha: '2026-11-03',
      horas: 2.5,
      tipo: 'DOBLE',
    });
    expect(await asistenciasDe(server(), 'A')).toEqual([]);
    expect(await consulta(server(), sql`select 1 from empleados where codigo in ('A002', 'A003')`)).toEqual(
      [],
    );
  });

  it('refuses a file with bad rows with the row and column of each error, writing nothing', async () => {
    const malo = csv([
      ['A001', 'Ana Ríos', 'Producción', '03/11/2026', '07:00', '17:30', '', '2,5', 'D', ''],
      ['A002', 'Beto Salas', 'Producción', '31/02/2026', '', '', 'F', '', '', ''],
      ['A003', 'Carla Núñez', 'Mantenimiento', '03/11/2026', '', '', 'Z', '', '', ''],
    ]);
    const vista = await subir(server(), '/vista-previa', hr, malo);
    expect(vista.status).toBe(200);
    expect(vista.body.total_errores).toBe(2);
    expect(vista.body.errores).toEqual([
      {
        fila: 3,
        columna: 'Fecha',
        mensaje:
          'Fila 3, columna "Fecha": "31/02/2026" no es una fecha válida (use dd/mm/aaaa o aaaa-mm-dd).',
      },
      {
        fila: 4,
        columna: 'Código de ausencia',
        mensaje: expect.stringMatching(
          /^Fila 4, columna "Código de ausencia": "Z" no es un código de ausencia válido/,
        ),
      },
    ]);
    const importacion = await subir(server(), '', hr, malo);
    expect(importacion.status).toBe(400);
    expect(importacion.body.error).toBe(
      'El archivo tiene 2 errores: corríjalos y vuelva a importarlo. No se importó nada.',
    );
    expect(importacion.body.errores).toHaveLength(2);
    expect(await asistenciasDe(server(), 'A')).toEqual([]);
    expect(await horasDe(server(), 'A')).toEqual([]);
    expect(await auditRows(server(), 'rrhh_importacion')).toEqual([]);
  });

  it('imports all in one go, creates the new employees and records the audit entry', async () => {
    const { status, body } = await subir(server(), '', hr, archivoA());
    expect(status).toBe(200);
    expect(body).toMatchObject({
      empleados_nuevos: 2,
      asistencias: { nuevas: 4, actualizadas: 0, sin_cambios: 0 },
      horas_extra: { nuevas: 2, actualizadas: 0, sin_cambios: 0, eliminadas: 0 },
    });
    expect(await asistenciasDe(server(), 'A')).toEqual([
      { codigo: 'A001', fecha: '2026-11-03', estado: 'PRESENTE', entrada: '07:00:00', salida: '17:30:00' },
      { codigo: 'A001', fecha: '2026-11-04', estado: 'PRESENTE', entrada: '07:05:00', salida: '15:00:00' },
      { codigo: 'A002', fecha: '2026-11-03', estado: 'FALTA', entrada: null, salida: null },
      { codigo: 'A003', fecha: '2026-11-03', estado: 'VACACIONES', entrada: null, salida: null },
    ]);
    expect(await horasDe(server(), 'A')).toEqual([
      { codigo: 'A001', fecha: '2026-11-03', tipo: 'DOBLE', horas: 2.5, motivo: 'Cambio de formato' },
      { codigo: 'A001', fecha: '2026-11-03', tipo: 'TRIPLE', horas: 1, motivo: 'Urgencia' },
    ]);
    expect(
      await consulta(
        server(),
        sql`select codigo, nombre, area, puesto, activo from empleados where codigo like 'A%' order by codigo`,
      ),
    ).toEqual([
      { codigo: 'A001', nombre: 'Ana Ríos', area: 'Producción', puesto: 'Operadora', activo: true },
      { codigo: 'A002', nombre: 'Beto Salas', area: 'Producción', puesto: 'Sin puesto', activo: true },
      { codigo: 'A003', nombre: 'Carla Núñez', area: 'Mantenimiento', puesto: 'Sin puesto', activo: true },
    ]);
    const [entrada] = await auditRows(server(), 'rrhh_importacion');
    expect(entrada).toMatchObject({
      actor_id: hrId,
      target_id: 'reloj.csv',
      details: {
        archivo: 'reloj.csv',
        filas: 5,
        empleados_nuevos: 2,
        asistencias: { nuevas: 4, actualizadas: 0, sin_cambios: 0 },
        horas_extra: { nuevas: 2, actualizadas: 0, sin_cambios: 0, eliminadas: 0 },
      },
    });
  });

  it('is idempotent: the same file again changes nothing', async () => {
    const antes = [await asistenciasDe(server(), 'A'), await horasDe(server(), 'A')];
    const { status, body } = await subir(server(), '', hr, archivoA());
    expect(status).toBe(200);
    expect(body).toMatchObject({
      empleados_nuevos: 0,
      asistencias: { nuevas: 0, actualizadas: 0, sin_cambios: 4 },
      horas_extra: { nuevas: 0, actualizadas: 0, sin_cambios: 2, eliminadas: 0 },
    });
    expect([await asistenciasDe(server(), 'A'), await horasDe(server(), 'A')]).toEqual(antes);
    expect(await auditRows(server(), 'rrhh_importacion')).toHaveLength(2);
  });

  it('a corrected file updates the days it covers and leaves the others alone', async () => {
    const corregido = csv(
      [
        // A001 on the 3rd: other exit, only DOBLE (TRIPLE removed), another reason.
        ['A001', 'Ana Ríos', 'Producción', '03/11/2026', '07:00', '18:00', '', '3', 'DOBLE', 'Corregido'],
        ['A002', 'Beto Salas', 'Producción', '03/11/2026', '', '', 'I', '', '', ''],
        ['A003', 'Carla Núñez', 'Mantenimiento', '03/11/2026', '', '', 'V', '', '', ''],
      ],
      ',',
    );
    const { status, body } = await subir(server(), '', hr, corregido, 'reloj-corregido.csv');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      empleados_nuevos: 0,
      asistencias: { nuevas: 0, actualizadas: 2, sin_cambios: 1 },
      horas_extra: { nuevas: 0, actualizadas: 1, sin_cambios: 0, eliminadas: 1 },
    });
    expect(await asistenciasDe(server(), 'A')).toEqual([
      { codigo: 'A001', fecha: '2026-11-03', estado: 'PRESENTE', entrada: '07:00:00', salida: '18:00:00' },
      { codigo: 'A001', fecha: '2026-11-04', estado: 'PRESENTE', entrada: '07:05:00', salida: '15:00:00' },
      { codigo: 'A002', fecha: '2026-11-03', estado: 'INCAPACIDAD', entrada: null, salida: null },
      { codigo: 'A003', fecha: '2026-11-03', estado: 'VACACIONES', entrada: null, salida: null },
    ]);
    expect(await horasDe(server(), 'A')).toEqual([
      { codigo: 'A001', fecha: '2026-11-03', tipo: 'DOBLE', horas: 3, motivo: 'Corregido' },
    ]);
  });

  it('imports an .xlsx with Excel dates and times, and its template parses back', async () => {
    const libro = new ExcelJS.Workbook();
    const hoja = libro.addWorksheet('Reloj');
    hoja.addRow([
      'COD. EMPLEADO',
      'nombre',
      'departamento',
      'DIA',
      'Hora de entrada',
      'hora de salida',
      'Ausencia',
      'HE',
      'Tipo HE',
    ]);
    const r = hoja.addRow([
      'X001',
      'Xime Paz',
      'Calidad',
      new Date(Date.UTC(2026, 10, 5)),
      7 / 24,
      15.5 / 24,
      null,
      1.5,
      'T',
    ]);
    r.getCell(4).numFmt = 'dd/mm/yyyy';
    r.getCell(5).numFmt = 'hh:mm';
    r.getCell(6).numFmt = 'hh:mm';
    const xlsx = Buffer.from(await libro.xlsx.writeBuffer());
    // The whole answer compared, so a failure shows the server's message.
    expect(await subir(server(), '', hr, xlsx, 'reloj.xlsx')).toMatchObject({
      status: 200,
      body: { empleados_nuevos: 1, asistencias: { nuevas: 1 }, horas_extra: { nuevas: 1 } },
    });
    expect(await asistenciasDe(server(), 'X')).toEqual([
      { codigo: 'X001', fecha: '2026-11-05', estado: 'PRESENTE', entrada: '07:00:00', salida: '15:30:00' },
    ]);
    expect(await horasDe(server(), 'X')).toEqual([
      { codigo: 'X001', fecha: '2026-11-05', tipo: 'TRIPLE', horas: 1.5, motivo: '' },
    ]);

    for (const formato of ['xlsx', 'csv'] as const) {
      const response = await fetch(`${server().url}${BASE}/plantilla.${formato}`, {
        headers: { authorization: `Bearer ${hr}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toContain(`plantilla-marcaciones.${formato}`);
      const plantilla = Buffer.from(await response.arrayBuffer());
      const vista = await subir(server(), '/vista-previa', hr, plantilla, `plantilla.${formato}`);
      expect(vista.status).toBe(200);
      expect(vista.body).toMatchObject({ filas: 3, total_errores: 0, asistencias: { nuevas: 3 } });
      expect(vista.body.muestra[0]).toMatchObject({
        codigo: 'E001',
        fecha: '2026-11-03',
        entrada: '07:00',
        salida: '17:30',
        horas: 2.5,
        tipo: 'DOBLE',
      });
    }
    const plantilla = await fetch(`${server().url}${BASE}/plantilla.xlsx`, {
      headers: { authorization: `Bearer ${hr}` },
    });
    const leido = new ExcelJS.Workbook();
    await leido.xlsx.load(await plantilla.arrayBuffer());
    expect(leido.worksheets.map((w) => w.name)).toEqual(['Marcaciones', 'Instrucciones']);
    expect(leido.getWorksheet('Instrucciones')!.getCell('A2').value).toBe('Código');
  });

  it('refuses files over 10 MB with a 413 in Spanish', async () => {
    const grande = Buffer.alloc(10 * 1024 * 1024 + 200_000, 'a');
    const { status, body } = await subir(server(), '/vista-previa', hr, grande);
    expect(status).toBe(413);
    expect(body.error).toBe('El archivo supera el máximo de 10 MB: divídalo en varios archivos.');
    const sinArchivo = await fetch(`${server().url}${BASE}/vista-previa`, {
      method: 'POST',
      headers: { authorization: `Bearer ${hr}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(sinArchivo.status).toBe(415);
  });

  it('answers 409 to a second import while one runs, and the data stay consistent', async () => {
    const filas: string[][] = [];
    for (let i = 0; i < 10_000; i++)
      filas.push([
        `C${String(i).padStart(4, '0')}`,
        'Persona',
        'Producción',
        '10/11/2026',
        '07:00',
        '15:00',
        '',
        '1',
        'D',
        '',
      ]);
    const archivo = csv(filas);
    const [a, b] = await Promise.all([subir(server(), '', hr, archivo), subir(server(), '', hr, archivo)]);
    // The second arrives while the first is still being read: a clear 409, nothing half-written.
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const conflicto = a.status === 409 ? a : b;
    expect(conflicto.body).toEqual({
      error: 'Ya hay una importación de marcaciones en curso. Espere a que termine e inténtelo de nuevo.',
      code: 'CONFLICT',
    });
    const [cuenta] = await consulta<{ n: string | number }>(
      server(),
      sql`select count(*) as n from asistencias a join empleados e on e.id = a.empleado_id where e.codigo like 'C%'`,
    );
    expect(Number(cuenta?.n)).toBe(10_000);
  });
});
