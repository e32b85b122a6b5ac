import { beforeAll, expect, it } from 'vitest';
import { createUser, describeEachDatabase, type TestServer, uniqueName } from './harness.ts';
import { expectHealthFast, type Sample, sampleHealthWhile, timed } from './sampling.ts';
import { compartidaGigante, filasVacias, hoja, libro, stringGigante, zip } from './xlsx-hostil.ts';

// Issue 31, item 7: crafted workbooks that unpack to far more than they weigh. Before, a 126 KB
// .xlsx of 700,000 empty rows cost 6 s of CPU and one with a single 150 MB shared string took
// 175 MB and stalled /healthz to 723 ms. Now they are refused from their zip directory and a
// bounded scan, quickly, with a 400 naming the limit, and /healthz answers in < 200 ms meanwhile.
// A latency budget: it is in the 'timing' project's list (vitest.config.ts).

const BASE = '/api/rrhh/importaciones';

async function subir(server: TestServer, ruta: string, token: string, contenido: Buffer) {
  const form = new FormData();
  form.append('archivo', new Blob([new Uint8Array(contenido)]), 'reloj.xlsx');
  const inicio = performance.now();
  const response = await fetch(`${server.url}${BASE}${ruta}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await response.json()) as { error?: string; code?: string; filas?: number };
  return { status: response.status, body, ms: performance.now() - inicio };
}

/**
 * Uploads the file three times to the preview and three times to the import, one after the other,
 * while /healthz is sampled: every 20 ms, and once more as each upload is sent (a refusal can be
 * quicker than the sampling period).
 */
async function subirMientrasSalud(server: TestServer, token: string, archivo: Buffer) {
  const respuestas: Awaited<ReturnType<typeof subir>>[] = [];
  const junto: Sample[] = [];
  // Started by the sampler, after it has collected the harness's garbage: a /healthz sent with the
  // first upload while that ran waited for it (91–293 ms measured here, the server's own log 7 ms).
  const trabajo = async () => {
    for (let i = 0; i < 3; i++)
      for (const ruta of ['/vista-previa', '']) {
        const [r, h] = await Promise.all([
          subir(server, ruta, token, archivo),
          timed('healthz', () => fetch(`${server.url}/healthz`)),
        ]);
        respuestas.push(r);
        junto.push(h);
      }
  };
  const muestras = await sampleHealthWhile(server, trabajo, 20);
  return { respuestas, muestras: [...muestras, ...junto] };
}

describeEachDatabase('rrhh importación: libros de Excel hostiles', (server) => {
  let hr = '';
  let otra = '';
  let vacias: Buffer;
  let gigante: Buffer;

  beforeAll(async () => {
    const root = (await server().login()).access_token;
    const a = uniqueName('rrhh');
    const b = uniqueName('rrhh');
    await createUser(server(), root, { username: a, role: 'human-resources' });
    await createUser(server(), root, { username: b, role: 'human-resources' });
    hr = (await server().login(a, 'clave-usuario-1')).access_token;
    otra = (await server().login(b, 'clave-usuario-1')).access_token;
    vacias = await filasVacias();
    gigante = await stringGigante(150);
  }, 60_000);

  it('refuses 700,000 empty rows (a 130 KB file) at once, naming the limit, /healthz fast', async () => {
    expect(vacias.length).toBeLessThan(200 * 1024);
    const { respuestas, muestras } = await subirMientrasSalud(server(), hr, vacias);
    for (const r of respuestas) {
      expect(r.status).toBe(400);
      expect(r.body).toEqual({
        error:
          'La hoja tiene más de 60.000 filas contando las vacías: borre las filas vacías del final o divídala en varios archivos.',
        code: 'BAD_USER_INPUT',
      });
      expect(r.ms).toBeLessThan(1500);
    }
    expectHealthFast(muestras, 6);
  }, 90_000);

  it('refuses a 150 MB shared string (a 150 KB file) before unpacking it, /healthz fast', async () => {
    expect(gigante.length).toBeLessThan(400 * 1024);
    const { respuestas, muestras } = await subirMientrasSalud(server(), hr, gigante);
    for (const r of respuestas) {
      expect(r.status).toBe(400);
      expect(r.body.error).toBe(
        'El libro de Excel ocupa más de 64 MB descomprimido: divídalo en varios archivos o expórtelo como CSV.',
      );
      expect(r.ms).toBeLessThan(1500);
    }
    expectHealthFast(muestras, 6);
  }, 90_000);

  it('a zip that lies about its sizes, or hides an entry, is refused as damaged', async () => {
    // A 60 MB string declared as 1 KB: the unpacking stops at 1 KB.
    const [tipos, rels, libroXml, relsLibro, compartidas, hojaXml] = libro(hoja([]));
    const mentira = await zip([
      tipos!,
      rels!,
      libroXml!,
      relsLibro!,
      { ...compartidas!, partes: compartidaGigante(60), tamanoDeclarado: 1024 },
      hojaXml!,
    ]);
    const oculta = await zip(libro(hoja([['H003', 'Ana', 'Producción', '03/11/2026']])), {
      ocultas: [{ nombre: 'xl/worksheets/sheet1.xml', partes: hoja([], 700_000) }],
    });
    for (const archivo of [mentira, oculta]) {
      const r = await subir(server(), '/vista-previa', hr, archivo);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('El archivo .xlsx está dañado o no es un libro de Excel.');
      expect(r.ms).toBeLessThan(1500);
    }
  }, 60_000);

  it('one preview per user at a time: a second one at once gets 409, another user is served', async () => {
    const datos = Array.from({ length: 10_000 }, (_, i) => [
      `P${String(i).padStart(5, '0')}`,
      'Persona',
      'Producción',
      '03/11/2026',
    ]);
    const legitimo = await zip(libro(hoja(datos)));
    const [a, b, c] = await Promise.all([
      subir(server(), '/vista-previa', hr, legitimo),
      subir(server(), '/vista-previa', hr, legitimo),
      subir(server(), '/vista-previa', otra, legitimo),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((a.status === 409 ? a : b).body).toEqual({
      error: 'Ya tiene una vista previa de importación en curso: espere a que termine e inténtelo de nuevo.',
      code: 'CONFLICT',
    });
    expect(c.status).toBe(200);
    expect(c.body.filas).toBe(10_000);
    // Once it is over, the same user may preview again.
    expect((await subir(server(), '/vista-previa', hr, legitimo)).status).toBe(200);
  }, 90_000);
});
