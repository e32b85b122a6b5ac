import { beforeAll, expect, it } from 'vitest';
import { createUser, describeEachDatabase, type TestServer, uniqueName } from './harness.ts';
import { expectHealthFast, sampleHealthWhile } from './sampling.ts';

// The time clock import under load (issue 15): a 50,000-row, ~2.5 MB file imports in seconds and
// /healthz keeps answering in < 200 ms meanwhile (DESIGN §9). A latency budget: it belongs with
// the 'timing' project's files (vitest.config.ts), which run alone.

const ENCABEZADO =
  'Código;Nombre;Área;Fecha;Entrada;Salida;Código de ausencia;Horas extra;Tipo de horas extra;Motivo';

async function subir(server: TestServer, token: string, contenido: Buffer, nombre: string) {
  const form = new FormData();
  form.append('archivo', new Blob([new Uint8Array(contenido)]), nombre);
  const response = await fetch(`${server.url}/api/rrhh/importaciones`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

const csv = (filas: string[][]) =>
  Buffer.from([ENCABEZADO, ...filas.map((f) => f.join(';'))].join('\r\n'), 'utf8');

/** 1000 employees × 50 days: everyone absent every ninth day, overtime every third day. */
function archivoGrande(): Buffer {
  const filas: string[][] = [];
  for (let e = 0; e < 1000; e++)
    for (let d = 0; d < 50; d++) {
      const fecha = new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10);
      filas.push([
        `G${String(e).padStart(4, '0')}`,
        `Empleado ${e}`,
        `Área ${e % 7}`,
        fecha,
        '07:00',
        '15:00',
        d % 9 === 0 ? 'F' : '',
        d % 3 === 0 ? '1,5' : '',
        d % 3 === 0 ? 'DOBLE' : '',
        d % 3 === 0 ? 'Producción' : '',
      ]);
    }
  return csv(filas);
}

describeEachDatabase('rrhh importación del reloj: 50.000 filas', (server) => {
  let hr = '';

  beforeAll(async () => {
    const root = (await server().login()).access_token;
    const nombre = uniqueName('rrhh');
    await createUser(server(), root, { username: nombre, role: 'human-resources' });
    hr = (await server().login(nombre, 'clave-usuario-1')).access_token;
  });

  it('imports 50,000 rows in seconds while /healthz stays responsive', async () => {
    const archivo = archivoGrande();
    expect(archivo.length).toBeLessThan(10 * 1024 * 1024);
    const inicio = performance.now();
    const trabajo = subir(server(), hr, archivo, 'grande.csv');
    const muestras = await sampleHealthWhile(server(), trabajo);
    const { status, body } = await trabajo;
    const ms = performance.now() - inicio;
    console.log(`[${server().kind}] 50.000 filas importadas en ${Math.round(ms)} ms`);
    // 17 of the 50 days (d % 3 === 0) have overtime, for each of the 1000 employees.
    expect(status).toBe(200);
    expect(body).toMatchObject({ filas: 50_000, empleados_nuevos: 1000, asistencias: { nuevas: 50_000 } });
    expect(body.horas_extra.nuevas).toBe(1000 * 17);
    expect(ms).toBeLessThan(20_000);
    expectHealthFast(muestras, 3);
  }, 90_000);

  it('the same 50,000 rows again change nothing, as fast', async () => {
    const inicio = performance.now();
    const trabajo = subir(server(), hr, archivoGrande(), 'grande.csv');
    const muestras = await sampleHealthWhile(server(), trabajo);
    const { status, body } = await trabajo;
    expect(status).toBe(200);
    expect(body).toMatchObject({
      empleados_nuevos: 0,
      asistencias: { nuevas: 0, actualizadas: 0, sin_cambios: 50_000 },
      horas_extra: { nuevas: 0, actualizadas: 0, sin_cambios: 17_000, eliminadas: 0 },
    });
    expect(performance.now() - inicio).toBeLessThan(20_000);
    expectHealthFast(muestras, 3);
  }, 90_000);
});
