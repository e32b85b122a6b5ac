import { productionDayRange } from '@planta/domain';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { badInput } from '../src/errors.ts';
import type { ExportacionesService } from '../src/modules/exportaciones/exportaciones.service.ts';
import { CAMPOS_EXPORTACION, esperarExportacion, type ExportacionPrueba } from './exportar.ts';
import { seedPlant, TZ } from './fixtures.ts';
import { createUser, describeEachDatabase, uniqueName } from './harness.ts';

// Issue 31 items 6 and 11, over HTTP on both databases:
// - an HR export's file_url answers only to users who may read HR (never to a plain admin);
// - opening file_url while the export is being written waits for it (bounded) and sends the file,
//   as SPEC §7's client does ("return file_url, opened from the base host").

const HE = `mutation($input: ExportarHorasExtraInput!) { r: exportarHorasExtra(input: $input) { ${CAMPOS_EXPORTACION} } }`;
const PDF = `mutation($ruta: String!, $p: ParametrosReporte) { r: generarReportePdf(ruta: $ruta, parametros: $p) { ${CAMPOS_EXPORTACION} } }`;
const AIRE = `mutation($input: ExportarReporteInput!) { r: exportarReporteAire(input: $input) { ${CAMPOS_EXPORTACION} } }`;
const UNA = `query($id: ID!) { e: exportacion(id: $id) { id } }`;
const LISTA = `{ exportaciones { id } }`;

/** A gate the test opens: the export's writer waits on it. */
function compuerta() {
  let abrir!: () => void;
  const abierta = new Promise<void>((resolve) => (abrir = resolve));
  return { abierta, abrir };
}

describeEachDatabase('exportaciones: quién descarga y cuándo', (server) => {
  let root: string;
  let admin: string;
  let hr: string;
  let hr2: string;
  let ana: string;
  let anaId: number;
  const servicio = (): ExportacionesService => server().app.exportaciones;
  const bajar = (token: string | null, fileUrl: string, init: RequestInit = {}) =>
    fetch(`${server().url}${fileUrl}`, {
      ...init,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const gql = <T>(query: string, variables: Record<string, unknown>, token: string) =>
    server().gql<T>(query, variables, { token });
  const iniciarLento = (escribir: (salida: NodeJS.WritableStream) => Promise<void>, archivo = 'lenta') =>
    servicio().iniciar(
      { id: anaId, name: 'Ana', roles: [] },
      {
        informe: 'Prueba lenta',
        archivo,
        formato: 'CSV',
        parametros: {},
        escribir: ({ salida }) => escribir(salida),
      },
    );

  beforeAll(async () => {
    const s = server();
    root = (await s.login()).access_token;
    await seedPlant(s.database.db);
    const names = { admin: uniqueName('dadm'), hr: uniqueName('dhr'), hr2: uniqueName('dhr'), ana: '' };
    names.ana = uniqueName('dana');
    await createUser(s, root, { username: names.admin, role: 'admin' });
    await createUser(s, root, { username: names.hr, role: 'human-resources' });
    await createUser(s, root, { username: names.hr2, role: 'human-resources' });
    anaId = Number(await createUser(s, root, { username: names.ana }));
    admin = (await s.login(names.admin, 'clave-usuario-1')).access_token;
    hr = (await s.login(names.hr, 'clave-usuario-1')).access_token;
    hr2 = (await s.login(names.hr2, 'clave-usuario-1')).access_token;
    ana = (await s.login(names.ana, 'clave-usuario-1')).access_token;
  });

  describe('item 6: HR exports answer only to who may read HR', () => {
    let excel: ExportacionPrueba;
    let pdf: ExportacionPrueba;

    beforeAll(async () => {
      const a = await gql<{ r: ExportacionPrueba }>(
        HE,
        { input: { desde: '2025-03-24', hasta: '2025-04-06' } },
        hr,
      );
      const b = await gql<{ r: ExportacionPrueba }>(
        PDF,
        { ruta: '/recursos-humanos', p: { desde: '2025-03-24', hasta: '2025-04-06' } },
        hr,
      );
      expect(a.errors).toBeUndefined();
      expect(b.errors).toBeUndefined();
      excel = await esperarExportacion(server(), hr, a.data!.r.id);
      pdf = await esperarExportacion(server(), hr, b.data!.r.id);
      expect([excel.estado, pdf.estado]).toEqual(['LISTA', 'LISTA']);
    });

    it('a plain admin gets 404 on the link of an HR export (Excel and PDF) and null from exportacion(id)', async () => {
      for (const e of [excel, pdf]) {
        const res = await bajar(admin, e.file_url);
        expect(res.status, e.informe).toBe(404);
        expect(await res.json()).toEqual({ error: 'La exportación no existe' });
        const q = await gql<{ e: { id: string } | null }>(UNA, { id: e.id }, admin);
        expect(q.data?.e).toBeNull();
        // A signed-in user without any role neither.
        expect((await bajar(ana, e.file_url)).status).toBe(404);
      }
    });

    it('its owner, another HR user and the super admin get the file', async () => {
      for (const e of [excel, pdf]) {
        for (const token of [hr, hr2, root]) {
          const res = await bajar(token, e.file_url);
          expect(res.status).toBe(200);
          expect(Number(res.headers.get('content-length'))).toBe(e.bytes);
          await res.arrayBuffer();
        }
        expect((await gql<{ e: { id: string } | null }>(UNA, { id: e.id }, hr2)).data?.e?.id).toBe(e.id);
      }
    });

    it('other exports keep their rule: the owner and any admin', async () => {
      const start = productionDayRange('2026-06-20', TZ).start;
      const r = await gql<{ r: ExportacionPrueba }>(
        AIRE,
        {
          input: {
            desde: start.toISOString(),
            hasta: new Date(start.getTime() + 3600_000).toISOString(),
            intervalo: '1h',
          },
        },
        ana,
      );
      expect(r.errors).toBeUndefined();
      const e = await esperarExportacion(server(), ana, r.data!.r.id);
      expect((await bajar(ana, e.file_url)).status).toBe(200);
      expect((await bajar(admin, e.file_url)).status).toBe(200);
      expect((await bajar(hr, e.file_url)).status).toBe(404);
    });

    it('an owner who loses the HR permission loses the link and the list entry, as on every HR path', async () => {
      const name = uniqueName('dhr');
      const id = await createUser(server(), root, { username: name, role: 'human-resources' });
      const token = (await server().login(name, 'clave-usuario-1')).access_token;
      const r = await gql<{ r: ExportacionPrueba }>(
        HE,
        { input: { desde: '2025-03-24', hasta: '2025-04-06' } },
        token,
      );
      const e = await esperarExportacion(server(), token, r.data!.r.id);
      expect((await bajar(token, e.file_url)).status).toBe(200);
      const demoted = await gql(
        `mutation($id: ID!, $role: String!) { assignRole(user_id: $id, role: $role) { id } }`,
        { id, role: 'admin' },
        root,
      );
      expect(demoted.errors).toBeUndefined();
      // A role change ends the user's sessions; signed in again, they are a plain admin.
      expect((await bajar(token, e.file_url)).status).toBe(401);
      const again = (await server().login(name, 'clave-usuario-1')).access_token;
      expect((await bajar(again, e.file_url)).status).toBe(404);
      const list = await gql<{ exportaciones: { id: string }[] }>(LISTA, {}, again);
      expect(list.data?.exportaciones.map((x) => x.id)).not.toContain(e.id);
    });
  });

  describe('item 11: file_url opened while the file is being written', () => {
    it('opened right after the export call (as SPEC §7 client does), it answers the file, not 409', async () => {
      const start = productionDayRange('2026-06-20', TZ).start;
      const r = await gql<{ r: ExportacionPrueba }>(
        AIRE,
        {
          input: {
            desde: start.toISOString(),
            hasta: new Date(start.getTime() + 6 * 3600_000).toISOString(),
            intervalo: '15 minutos',
          },
        },
        ana,
      );
      expect(r.errors).toBeUndefined();
      const res = await bajar(ana, r.data!.r.file_url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 2).toString()).toBe('PK');
    });

    it('waits for the writer without holding the event loop and then sends the whole file', async () => {
      const gate = compuerta();
      const e = await iniciarLento(async (salida) => {
        await gate.abierta;
        salida.write('fecha,valor\r\n2026-06-20 08:00,1.5\r\n');
      });
      const pending = bajar(ana, e.file_url);
      await vi.waitFor(() => expect(servicio().descargasEsperando).toBe(1), { timeout: 10_000 });
      // While it waits, the server answers other requests.
      const me = await gql<{ me: { id: string } }>('{ me { id } }', {}, ana);
      expect(me.data?.me.id).toBe(String(anaId));
      gate.abrir();
      const res = await pending;
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(await res.text()).toBe('fecha,valor\r\n2026-06-20 08:00,1.5\r\n');
      expect(servicio().descargasEsperando).toBe(0);
    });

    it('a failed export answers its own Spanish error once it fails', async () => {
      const gate = compuerta();
      const e = await iniciarLento(async () => {
        await gate.abierta;
        throw badInput('El rango elegido no tiene lecturas', 'desde');
      });
      const pending = bajar(ana, e.file_url);
      await vi.waitFor(() => expect(servicio().descargasEsperando).toBe(1), { timeout: 10_000 });
      gate.abrir();
      const res = await pending;
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'El rango elegido no tiene lecturas' });
    });

    it('past the bound it answers 503 with Retry-After and a Spanish message; the file comes later', async () => {
      const gate = compuerta();
      const e = await iniciarLento(async (salida) => {
        await gate.abierta;
        salida.write('listo\r\n');
      });
      const antes = servicio().esperaDescargaMs;
      servicio().esperaDescargaMs = 300;
      try {
        const res = await bajar(ana, e.file_url);
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('5');
        expect(await res.json()).toEqual({
          error: 'La exportación todavía se está generando. Vuelva a abrir el enlace en unos segundos.',
        });
        expect(servicio().descargasEsperando).toBe(0);
      } finally {
        servicio().esperaDescargaMs = antes;
        gate.abrir();
      }
      const res = await bajar(ana, e.file_url);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('listo\r\n');
    });

    it('one user holds at most 3 waiting downloads (429 after); a client that leaves frees its place', async () => {
      const gate = compuerta();
      const e = await iniciarLento(async (salida) => {
        await gate.abierta;
        salida.write('ok\r\n');
      });
      const leaving = new AbortController();
      const gone = bajar(ana, e.file_url, { signal: leaving.signal }).catch((err: Error) => err.name);
      await vi.waitFor(() => expect(servicio().descargasEsperando).toBe(1), { timeout: 10_000 });
      leaving.abort();
      expect(await gone).toBe('AbortError');
      await vi.waitFor(() => expect(servicio().descargasEsperando).toBe(0), { timeout: 10_000 });

      const waiting = [bajar(ana, e.file_url), bajar(ana, e.file_url), bajar(ana, e.file_url)];
      await vi.waitFor(() => expect(servicio().descargasEsperando).toBe(3), { timeout: 10_000 });
      const fourth = await bajar(ana, e.file_url);
      expect(fourth.status).toBe(429);
      expect(fourth.headers.get('retry-after')).toBe('5');
      expect(((await fourth.json()) as { error: string }).error).toBe(
        'Ya tiene 3 descargas esperando a que terminen sus exportaciones. Espere a que terminen.',
      );
      // Someone else still waits for theirs (the bound is per user): the owner's admin here.
      const other = bajar(admin, e.file_url);
      await vi.waitFor(() => expect(servicio().descargasEsperando).toBe(4), { timeout: 10_000 });
      gate.abrir();
      for (const res of await Promise.all([...waiting, other])) {
        expect(res.status).toBe(200);
        expect(await res.text()).toBe('ok\r\n');
      }
    });
  });
});
