import { Writable } from 'node:stream';
import pino from 'pino';
import { beforeAll, expect, it } from 'vitest';
import { createUser, describeEachDatabase, uniqueName } from './harness.ts';

// Issue 31, item 8: a NUL byte in an imported CSV answered 500 (PostgreSQL refuses NUL in text) and
// the error log carried the failed statement's parameters: the employee's code and name. Now it is a
// 400 naming the row and column, like every other bad cell, and nothing personal reaches the log.

const lineas: string[] = [];
const logger = pino(
  { level: 'trace' },
  new Writable({
    write(trozo, _codificacion, listo) {
      lineas.push(String(trozo));
      listo();
    },
  }),
);

describeEachDatabase(
  'rrhh importación: un byte nulo en el CSV',
  (server) => {
    let hr = '';
    beforeAll(async () => {
      const root = (await server().login()).access_token;
      const nombre = uniqueName('rrhh');
      await createUser(server(), root, { username: nombre, role: 'human-resources' });
      hr = (await server().login(nombre, 'clave-usuario-1')).access_token;
    });

    it('lists each NUL by row and column (the import answers 400), and logs no code or name', async () => {
      const archivo = Buffer.from(
        [
          'Código;Nombre;Área;Fecha;Horas extra;Tipo de horas extra;Motivo',
          'NUL001;Marta Secreta;Producción;03/11/2026;;;',
          'NUL\u0000002;Rosa Reservada;Producción;03/11/2026;;;',
          'NUL003;Pilar\u0000Privada;Producción;03/11/2026;2;DOBLE;Cambio\u0000de formato',
        ].join('\r\n'),
        'utf8',
      );
      for (const ruta of ['/vista-previa', '']) {
        const form = new FormData();
        form.append('archivo', new Blob([new Uint8Array(archivo)]), 'reloj.csv');
        const response = await fetch(`${server().url}/api/rrhh/importaciones${ruta}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${hr}` },
          body: form,
        });
        const body = (await response.json()) as {
          errores?: { fila: number; columna: string; mensaje: string }[];
        };
        // The preview lists the errors (200); the import refuses the file with them (400).
        expect(response.status).toBe(ruta === '' ? 400 : 200);
        const detalle = 'tiene caracteres de control no válidos (como un byte nulo): corrija la celda.';
        expect(body.errores).toEqual([
          { fila: 3, columna: 'Código', mensaje: `Fila 3, columna "Código": ${detalle}` },
          { fila: 4, columna: 'Nombre', mensaje: `Fila 4, columna "Nombre": ${detalle}` },
          { fila: 4, columna: 'Motivo', mensaje: `Fila 4, columna "Motivo": ${detalle}` },
        ]);
      }
      const log = lineas.join('');
      expect(log).toContain('/api/rrhh/importaciones');
      expect(lineas.filter((l) => /"level":5\d/.test(l))).toEqual([]);
      for (const dato of ['NUL001', 'NUL\\u0000002', 'Marta', 'Rosa', 'Pilar', 'Secreta', 'Privada'])
        expect(log).not.toContain(dato);
    });
  },
  { logger },
);
