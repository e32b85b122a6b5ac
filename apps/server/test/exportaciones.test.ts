import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { productionDayRange } from '@planta/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { variables } from '../src/db/schema/index.ts';
import { ExportacionesRepository } from '../src/modules/exportaciones/exportaciones.repository.ts';
import { contentDisposition } from '../src/http/content-disposition.ts';
import { ExportacionesService, nombreArchivo } from '../src/modules/exportaciones/exportaciones.service.ts';
import { escaparTexto } from '@planta/domain';
import { desfaseZona, formatoNumero } from '../src/modules/exportaciones/exportaciones.writer.ts';
import { addReadings, seedPlant, TZ } from './fixtures.ts';
import { createUser, describeEachDatabase, uniqueName } from './harness.ts';

// Exports over real HTTP against a real database: the mutation returns at once, the file is
// written in the background, and GET /api/exportaciones/<id> hands it to its owner (or an admin)
// until it expires. The .xlsx is opened with exceljs and compared with reporteAire's rows.

describe('exportaciones: pure helpers', () => {
  it('escapes text a spreadsheet would run as a formula', () => {
    for (const t of ['=1+2', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx']) expect(escaparTexto(t)).toBe(`'${t}`);
    for (const t of ['Flujo', '1+2', 'a=b', '', "'ya"]) expect(escaparTexto(t)).toBe(t);
  });

  it('writes number formats with the decimals and safe file names', () => {
    expect(formatoNumero(0)).toBe('#,##0');
    expect(formatoNumero(2)).toBe('#,##0.00');
    expect(nombreArchivo('reporte-aire_2026-11-01')).toBe('reporte-aire_2026-11-01');
    expect(nombreArchivo('../../etc/passwd')).toBe('etc-passwd');
    expect(nombreArchivo('a\u0000b/c\\d')).toBe('a-b-c-d');
    expect(nombreArchivo('...')).toBe('exportacion');
    expect(contentDisposition('reporte-año.xlsx')).toBe(
      `attachment; filename="reporte-ano.xlsx"; filename*=UTF-8''reporte-a%C3%B1o.xlsx`,
    );
  });

  it('knows the plant offset (Lima is UTC-5 all year)', () => {
    expect(desfaseZona(Date.UTC(2026, 0, 1), 'America/Lima')).toBe(-5 * 3600_000);
    expect(desfaseZona(Date.UTC(2026, 6, 1), 'Europe/Madrid')).toBe(2 * 3600_000);
  });
});

/** A GET sent byte for byte (fetch would normalise dot segments and %2e). */
function rawGet(
  url: string,
  pathname: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: pathname, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

async function addVariable(
  db: Db,
  nombre: string,
  unidad: string,
  decimales: number,
  agregacion: 'SUMA' | 'PROMEDIO',
) {
  const [row] = await db
    .insert(variables)
    .values({ nombre, nivel: 'GLOBAL', area: 'utilidades', unidad, agregacion, fuente: 'OPC', decimales })
    .returning({ id: variables.id });
  return row!.id;
}

interface Exp {
  id: string;
  nombre: string;
  estado: string;
  progreso: number;
  filas: number;
  bytes: number | null;
  file_url: string;
  error: string | null;
  informe: string;
  formato: string;
  desde: string | null;
  hasta: string | null;
  intervalo: string | null;
  expira: string;
  creada: string;
}
const CAMPOS =
  'id nombre estado progreso filas bytes file_url error informe formato desde hasta intervalo creada expira';

// A web build of one file, so the SPA fallback is active in these servers.
const webDist = mkdtempSync(path.join(os.tmpdir(), 'planta-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Planta</title>');

describeEachDatabase(
  'exportaciones',
  (server) => {
    let admin: string;
    let ana: string;
    let beto: string;
    const ANA_NAME = '=1+2 Ana';
    const FORMULA_VAR = '=HYPERLINK("http://x.invalid","Flujo")';
    // A production day of its own; readings every 5 minutes for 6 hours from 08:00 plant time.
    const start = productionDayRange('2026-06-20', TZ).start;
    const end = new Date(start.getTime() + 6 * 3600_000);

    const exportar = async (token: string, input: Record<string, unknown>, medio = 'Aire') =>
      server().gql<Record<string, Exp>>(
        `mutation($input: ExportarReporteInput!) { r: exportarReporte${medio}(input: $input) { ${CAMPOS} } }`,
        { input },
        { token },
      );
    const consultar = async (token: string, id: string) =>
      (
        await server().gql<{ exportacion: Exp | null }>(
          `query($id: ID!) { exportacion(id: $id) { ${CAMPOS} } }`,
          { id },
          { token },
        )
      ).data?.exportacion ?? null;
    const esperar = async (token: string, id: string): Promise<Exp> => {
      for (let i = 0; i < 600; i++) {
        const e = await consultar(token, id);
        if (e && e.estado !== 'EN_PROCESO') return e;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('la exportación no terminó');
    };
    const bajar = (token: string | null, fileUrl: string) =>
      fetch(`${server().url}${fileUrl}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    const libro = async (res: Response) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
      return book;
    };

    beforeAll(async () => {
      const s = server();
      const db = s.database.db;
      admin = (await s.login()).access_token;
      const plant = await seedPlant(db);
      const formula = await addVariable(db, FORMULA_VAR, 'Nm³/h', 1, 'PROMEDIO');
      const flujo = plant.variableId.get('Flujo aire L1 (Nm³/h)')!;
      await addReadings(
        db,
        flujo,
        start,
        5,
        Array.from({ length: 72 }, (_, i) => 100 + (i % 7) * 1.37),
      );
      await addReadings(
        db,
        formula,
        start,
        5,
        Array.from({ length: 72 }, (_, i) => -5 + i / 3),
      );
      const anaUser = uniqueName('ana');
      const betoUser = uniqueName('beto');
      await createUser(s, admin, { username: anaUser, name: ANA_NAME });
      await createUser(s, admin, { username: betoUser });
      ana = (await s.login(anaUser, 'clave-usuario-1')).access_token;
      beto = (await s.login(betoUser, 'clave-usuario-1')).access_token;
    });

    let xlsx: Exp;

    it('exports reporteAire to .xlsx in the background: same rows, title block, frozen header, formats, plant-time dates', async () => {
      const input = { desde: start.toISOString(), hasta: end.toISOString(), intervalo: '15 minutos' };
      const started = await exportar(ana, input);
      expect(started.errors).toBeUndefined();
      expect(started.data?.r).toMatchObject({
        estado: 'EN_PROCESO',
        informe: 'Reporte de Aire',
        formato: 'XLSX',
        nombre: 'reporte-aire_2026-06-20_2026-06-20.xlsx',
        intervalo: '15 minutos',
      });
      expect(started.data!.r!.id).toMatch(/^[0-9a-f]{32}$/);
      expect(started.data!.r!.file_url).toBe(`/api/exportaciones/${started.data!.r!.id}`);
      xlsx = await esperar(ana, started.data!.r!.id);
      expect(xlsx).toMatchObject({ estado: 'LISTA', progreso: 1, filas: 24, error: null });
      expect(new Date(xlsx.expira).getTime() - new Date(xlsx.creada).getTime()).toBe(24 * 3600_000);

      const res = await bajar(ana, xlsx.file_url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="${xlsx.nombre}"; filename*=UTF-8''${xlsx.nombre}`,
      );
      expect(Number(res.headers.get('content-length'))).toBe(xlsx.bytes);
      const book = await libro(res);
      const sheet = book.getWorksheet('Reporte de Aire')!;
      expect(sheet).toBeDefined();
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 7 });
      expect(sheet.getCell('A1').value).toBe('Reporte de Aire');
      expect(sheet.getCell('B2').value).toBe('Planta');
      // The user's name starts with "=": written as text with the apostrophe, never as a formula.
      expect(sheet.getCell('E2').value).toBe(`'${ANA_NAME}`);
      expect(sheet.getCell('E4').value).toBe('15 minutos');
      const wall = (d: Date) => new Date(d.getTime() - 5 * 3600_000); // Lima = UTC-5
      expect(sheet.getCell('B3').value).toEqual(wall(start));
      expect(sheet.getCell('B3').numFmt).toBe('dd/mm/yyyy hh:mm');

      const report = await server().gql<{
        reporteAire: {
          columnas: { variable: string; unidad: string }[];
          filas: { fecha: string; valores: (number | null)[] }[];
        };
      }>(
        `query($d: DateTime!, $h: DateTime!) { reporteAire(desde: $d, hasta: $h, intervalo: "15 minutos") { columnas { variable unidad } filas { fecha valores } } }`,
        { d: input.desde, h: input.hasta },
        { token: ana },
      );
      const { columnas, filas } = report.data!.reporteAire;
      const header = sheet.getRow(7).values as unknown[];
      expect(header.slice(1)).toEqual([
        'Fecha y hora',
        ...columnas.map((c) => (c.variable.startsWith('=') ? `'${c.variable} (${c.unidad})` : c.variable)),
      ]);
      expect(header).toContain(`'${FORMULA_VAR} (Nm³/h)`);
      expect(filas).toHaveLength(24);
      filas.forEach((fila, i) => {
        const row = sheet.getRow(8 + i);
        const fecha = row.getCell(1);
        expect(fecha.value).toEqual(wall(new Date(fila.fecha)));
        expect(fecha.numFmt).toBe('dd/mm/yyyy hh:mm');
        fila.valores.forEach((v, j) => {
          const cell = row.getCell(2 + j);
          expect(cell.value ?? null).toBe(v);
          if (v !== null)
            expect(cell.numFmt).toBe(columnas[j]!.variable === FORMULA_VAR ? '#,##0.0' : '#,##0.00');
        });
      });
      // Summary row: both are flows (PROMEDIO) → one "Promedio" row with each column's mean.
      const resumen = sheet.getRow(8 + filas.length);
      expect(resumen.getCell(1).value).toBe('Promedio');
      columnas.forEach((_, j) => {
        const vals = filas.map((f) => f.valores[j]).filter((v): v is number => v !== null);
        expect(resumen.getCell(2 + j).value as number).toBeCloseTo(
          vals.reduce((a, b) => a + b, 0) / vals.length,
          9,
        );
      });
      expect(sheet.getRow(9 + filas.length).getCell(1).value ?? null).toBeNull();
    });

    it('writes CSV: UTF-8 BOM, comma + decimal point, plant time, escaped text', async () => {
      const started = await exportar(ana, {
        desde: start.toISOString(),
        hasta: new Date(start.getTime() + 3600_000).toISOString(),
        intervalo: '30m',
        formato: 'CSV',
      });
      expect(started.errors).toBeUndefined();
      const done = await esperar(ana, started.data!.r!.id);
      expect(done).toMatchObject({
        estado: 'LISTA',
        filas: 2,
        formato: 'CSV',
        nombre: 'reporte-aire_2026-06-20_2026-06-20.csv',
      });
      const res = await bajar(ana, done.file_url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.toString('utf8').slice(1).split('\r\n');
      expect(lines[0]).toBe(
        `Fecha y hora,"'=HYPERLINK(""http://x.invalid"",""Flujo"") (Nm³/h)",Flujo aire L1 (Nm³/h)`,
      );
      expect(lines[1]).toMatch(/^2026-06-20 08:00,-?\d+(\.\d+)?,\d+(\.\d+)?$/);
      expect(lines[2]).toMatch(/^2026-06-20 08:30,/);
      expect(lines[3]).toBe('');
    });

    it('answers 401 without a token, 404 to other users, and lets admins in', async () => {
      expect((await bajar(null, xlsx.file_url)).status).toBe(401);
      expect((await bajar('no-es-un-token', xlsx.file_url)).status).toBe(401);
      const otro = await bajar(beto, xlsx.file_url);
      expect(otro.status).toBe(404);
      expect(await otro.json()).toEqual({ error: 'La exportación no existe' });
      expect(await consultar(beto, xlsx.id)).toBeNull();
      const list = await server().gql<{ exportaciones: { id: string }[] }>(
        '{ exportaciones { id } }',
        {},
        { token: beto },
      );
      expect(list.data?.exportaciones.map((e) => e.id)).not.toContain(xlsx.id);
      const own = await server().gql<{ exportaciones: { id: string }[] }>(
        '{ exportaciones { id } }',
        {},
        { token: ana },
      );
      expect(own.data?.exportaciones[1]?.id).toBe(xlsx.id); // newest first: the CSV is [0]
      expect((await bajar(admin, xlsx.file_url)).status).toBe(200);
      expect((await consultar(admin, xlsx.id))?.id).toBe(xlsx.id);
      const anon = await server().gql('{ exportaciones { id } }');
      expect(anon.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect((await bajar(ana, `/api/exportaciones/${'0'.repeat(32)}`)).status).toBe(404);
    });

    it('waits while another server writes it (503 past the bound), and answers 410 after expiry (the sweep deletes the file, the row stays)', async () => {
      const db = server().database.db;
      await db.execute(sql`update exportaciones set estado = 'EN_PROCESO' where id = ${xlsx.id}`);
      const exportaciones = server().app.exportaciones;
      const antes = exportaciones.esperaDescargaMs;
      exportaciones.esperaDescargaMs = 300;
      try {
        const busy = await bajar(ana, xlsx.file_url);
        expect(busy.status).toBe(503);
        expect(await busy.json()).toEqual({
          error: 'La exportación todavía se está generando. Vuelva a abrir el enlace en unos segundos.',
        });
      } finally {
        exportaciones.esperaDescargaMs = antes;
      }
      // The row is re-read while the download waits: it gets the file once it is LISTA.
      const waiting = bajar(ana, xlsx.file_url);
      await vi.waitFor(() => expect(exportaciones.descargasEsperando).toBe(1), { timeout: 10_000 });
      await db.execute(sql`update exportaciones set estado = 'LISTA' where id = ${xlsx.id}`);
      const ready = await waiting;
      expect(ready.status).toBe(200);
      expect(Number(ready.headers.get('content-length'))).toBe(xlsx.bytes);
      await ready.arrayBuffer();
      await db.execute(
        sql`update exportaciones set estado = 'LISTA', expira = now() - interval '1 minute' where id = ${xlsx.id}`,
      );
      const gone = await bajar(ana, xlsx.file_url);
      expect(gone.status).toBe(410);
      expect(await gone.json()).toEqual({ error: 'La exportación caducó. Vuelva a exportar.' });
      expect((await bajar(admin, xlsx.file_url)).status).toBe(410);
      const own = await server().gql<{ exportaciones: { id: string }[] }>(
        '{ exportaciones { id } }',
        {},
        { token: ana },
      );
      expect(own.data?.exportaciones.map((e) => e.id)).not.toContain(xlsx.id);
      // The sweep (run at start and every 10 minutes) removes the expired file; the row remains → still 410.
      const file = path.join(server().dataDir, 'exports', xlsx.id);
      expect(existsSync(file)).toBe(true);
      await new ExportacionesService(new ExportacionesRepository(db), {
        dataDir: server().dataDir,
        plantTz: TZ,
      }).barrer();
      expect(existsSync(file)).toBe(false);
      expect((await bajar(ana, xlsx.file_url)).status).toBe(410);
    });

    it('refuses traversal probes on the download route and on the SPA fallback (400/404, never a file)', async () => {
      const id = xlsx.id;
      const auth = { authorization: `Bearer ${admin}`, accept: 'text/html,*/*' };
      const probes = [
        '/api/exportaciones/..%2f..%2f..%2fetc%2fpasswd',
        '/api/exportaciones/%2e%2e/%2e%2e/etc/passwd',
        '/api/exportaciones/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
        '/api/exportaciones/..\\..\\etc\\passwd',
        '/api/exportaciones/..%5c..%5cetc%5cpasswd',
        '/api/exportaciones//etc/passwd',
        '/api/exportaciones/%2fetc%2fpasswd',
        `/api/exportaciones/${id}%00`,
        `/api/exportaciones/${id}%00.xlsx`,
        '/api/exportaciones/%00',
        `/api/exportaciones/${id}/..%2f${id}`,
        `/api/exportaciones/${id.toUpperCase()}`,
        `/api/exportaciones/${id}.part`,
        '/api/exportaciones/..',
        '/..%2f..%2f..%2fetc%2fpasswd',
        '/%2e%2e/%2e%2e/etc/passwd',
        '/reportes/..%5c..%5cetc%5cpasswd',
        '/reportes/..\\..\\etc\\passwd',
        '//etc/passwd',
        '/%00',
        '/index.html%00.js',
      ];
      for (const probe of probes) {
        const res = await rawGet(server().url, probe, auth);
        expect([400, 404], `${probe} → ${res.status}`).toContain(res.status);
        expect(res.body).not.toContain('root:');
        expect(res.body).not.toContain('<!doctype html>');
      }
      // The fallback itself works (so the probes above were refused, not unserved).
      expect((await rawGet(server().url, '/reportes', { accept: 'text/html' })).body).toContain(
        '<title>Planta</title>',
      );
    });

    it('validates the input with Spanish errors naming the field', async () => {
      const d = start.toISOString();
      const cases: [Record<string, unknown>, string, RegExp][] = [
        [{ desde: d, hasta: d, intervalo: '1h' }, 'desde', /anterior/],
        [{ desde: end.toISOString(), hasta: d, intervalo: '1h' }, 'desde', /anterior/],
        [
          { desde: '2024-01-01T00:00:00Z', hasta: '2025-06-01T00:00:00Z', intervalo: '1 día' },
          'hasta',
          /366 días/,
        ],
        [{ desde: d, hasta: end.toISOString(), intervalo: 'cada rato' }, 'intervalo', /intervalo/],
        [{ desde: d, hasta: end.toISOString(), intervalo: '1 día' }, 'intervalo', /mayor que el rango/],
        [{ desde: d, hasta: end.toISOString(), intervalo: '1h', formato: 'PDF' }, 'formato', /XLSX o CSV/],
      ];
      for (const [input, field, message] of cases) {
        const r = await exportar(ana, input);
        expect(r.errors?.[0]?.extensions?.code, JSON.stringify(input)).toBe('BAD_USER_INPUT');
        expect(r.errors?.[0]?.extensions?.field).toBe(field);
        expect(r.errors?.[0]?.message).toMatch(message);
      }
      const agua = await exportar(
        ana,
        { desde: d, hasta: end.toISOString(), intervalo: '1h', variables: ['No existe'] },
        'Agua',
      );
      expect(agua.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'variables' });
      expect(agua.errors?.[0]?.message).toContain('«No existe»');
      const anon = await server().gql(
        `mutation { exportarReporteAire(input: {desde: "${d}", hasta: "${end.toISOString()}", intervalo: "1h"}) { id } }`,
      );
      expect(anon.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });

    it('allows at most 2 exports in progress per user (Spanish TOO_MANY_REQUESTS)', async () => {
      const db = server().database.db;
      const betoId = Number(
        (await server().gql<{ me: { id: string } }>('{ me { id } }', {}, { token: beto })).data!.me.id,
      );
      const ids = ['a'.repeat(32), 'b'.repeat(32)];
      for (const id of ids) {
        await db.execute(sql`insert into exportaciones (id, user_id, informe, nombre, formato, estado, expira)
          values (${id}, ${betoId}, 'Reporte de Aire', 'x.xlsx', 'XLSX', 'EN_PROCESO', now() + interval '1 day')`);
      }
      const input = { desde: start.toISOString(), hasta: end.toISOString(), intervalo: '1h' };
      const third = await exportar(beto, input);
      expect(third.errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');
      expect(third.errors?.[0]?.message).toBe(
        'Ya tiene 2 exportaciones en curso. Espere a que terminen para iniciar otra.',
      );
      await db.execute(
        sql`update exportaciones set estado = 'ERROR' where id = any(${sql.param(ids)}::text[])`,
      );
      const again = await exportar(beto, input);
      expect(again.errors).toBeUndefined();
      expect((await esperar(beto, again.data!.r!.id)).estado).toBe('LISTA');
    });
  },
  { webDist },
);
