import { describe, expect, it } from 'vitest';
import { columnaDeEncabezado } from './columnas.ts';
import {
  ArchivoInvalidoError,
  type Celda,
  detectarDelimitador,
  leerCsv,
  leerFilas,
  MAXIMO_FILAS,
} from './lectura.ts';
import { leerFecha, leerHora, leerHoras, validarFilas } from './validacion.ts';

const ENCABEZADO =
  'Código;Nombre;Área;Fecha;Entrada;Salida;Código de ausencia;Horas extra;Tipo de horas extra;Motivo';

async function validarCsv(lineas: string[]) {
  return validarFilas(await leerCsv(Buffer.from(lineas.join('\n'), 'utf8')));
}

describe('time clock import: values as people type them', () => {
  it('reads dates in dd/mm/yyyy, d-m-yy, yyyy-mm-dd, Excel dates and serials', () => {
    expect(leerFecha('03/11/2026')).toBe('2026-11-03');
    expect(leerFecha('3-11-26')).toBe('2026-11-03');
    expect(leerFecha('2026-11-03')).toBe('2026-11-03');
    expect(leerFecha('2026-11-03 00:00:00')).toBe('2026-11-03');
    expect(leerFecha(new Date(Date.UTC(2026, 10, 3)))).toBe('2026-11-03');
    expect(leerFecha(46329)).toBe('2026-11-03');
    expect(leerFecha('46329')).toBe('2026-11-03');
    expect(leerFecha('31/02/2026')).toBeNull();
    expect(leerFecha('11/31/2026')).toBeNull();
    expect(leerFecha('ayer')).toBeNull();
  });

  it('reads times hh:mm, h:mm:ss, a. m./p. m. and Excel times', () => {
    expect(leerHora('07:00')).toBe('07:00');
    expect(leerHora('7:05:59')).toBe('07:05');
    expect(leerHora('7.30')).toBe('07:30');
    expect(leerHora('5:30 p. m.')).toBe('17:30');
    expect(leerHora('12:10 am')).toBe('00:10');
    expect(leerHora(0.3125)).toBe('07:30');
    expect(leerHora(new Date(Date.UTC(1899, 11, 30, 15, 45)))).toBe('15:45');
    expect(leerHora('24:00')).toBeNull();
    expect(leerHora('7:60')).toBeNull();
    expect(leerHora('temprano')).toBeNull();
  });

  it('reads hours with a decimal comma, a point or hh:mm', () => {
    expect(leerHoras('2,5')).toBe(2.5);
    expect(leerHoras('2.25')).toBe(2.25);
    expect(leerHoras('1:30')).toBe(1.5);
    expect(leerHoras(3)).toBe(3);
    expect(leerHoras('')).toBeNull();
    expect(Number.isNaN(leerHoras('dos'))).toBe(true);
  });

  it('matches headers case- and accent-insensitively, with aliases', () => {
    expect(columnaDeEncabezado('CODIGO')).toBe('codigo');
    expect(columnaDeEncabezado(' Nº Empleado ')).toBe('codigo');
    expect(columnaDeEncabezado('Área')).toBe('area');
    expect(columnaDeEncabezado('Departamento')).toBe('area');
    expect(columnaDeEncabezado('código de AUSENCIA')).toBe('ausencia');
    expect(columnaDeEncabezado('Hora de entrada')).toBe('entrada');
    expect(columnaDeEncabezado('Horas Extras')).toBe('horas');
    expect(columnaDeEncabezado('Tipo HE')).toBe('tipo');
    expect(columnaDeEncabezado('Razón')).toBe('motivo');
    expect(columnaDeEncabezado('Color favorito')).toBeNull();
  });

  it('detects the delimiter and decodes Windows-1252 CSVs', async () => {
    expect(detectarDelimitador('a;b;c\n1,5;2;3')).toBe(';');
    expect(detectarDelimitador('a,b,c')).toBe(',');
    expect(detectarDelimitador('a\tb\tc')).toBe('\t');
    const latin1 = Buffer.from('Código;Nombre;Área;Fecha\nE1;Núñez;Producción;03/11/2026\n', 'latin1');
    const filas = await leerCsv(latin1);
    expect(filas[1]).toEqual({ numero: 2, celdas: ['E1', 'Núñez', 'Producción', '03/11/2026'] });
  });
});

describe('time clock import: validation', () => {
  it('turns valid rows into days and overtime, codes and words alike', async () => {
    const v = await validarCsv([
      ENCABEZADO,
      'E001;Ana Ríos;Producción;03/11/2026;07:00;17:30;;2,5;D;Cambio de formato',
      'E002;Beto Salas;Producción;2026-11-03;;;falta;;;',
      'E003;Carla Núñez;Mantenimiento;03/11/2026;;;Vacaciones;;;',
      'E004;Diego Paz;Mantenimiento;03/11/2026;;;i;;;',
      'E005;Eva Lima;Mantenimiento;03/11/2026;08:00;12:00;PE;;;',
      'E001;Ana Ríos;Producción;03/11/2026;07:00;17:30;P;1;triple;Urgencia',
    ]);
    expect(v.errores).toEqual([]);
    expect(v.total).toBe(6);
    expect(v.filas.map((f) => [f.codigo, f.estado, f.horas, f.tipo])).toEqual([
      ['E001', 'PRESENTE', 2.5, 'DOBLE'],
      ['E002', 'FALTA', null, null],
      ['E003', 'VACACIONES', null, null],
      ['E004', 'INCAPACIDAD', null, null],
      ['E005', 'PERMISO', null, null],
      ['E001', 'PRESENTE', 1, 'TRIPLE'],
    ]);
    expect(v.filas[0]).toMatchObject({ fila: 2, fecha: '2026-11-03', entrada: '07:00', salida: '17:30' });
  });

  it('names the row and the column of every error, in Spanish', async () => {
    const v = await validarCsv([
      ENCABEZADO,
      'E001;Ana;Producción;03/11/2026;07:00;17:30;;;;',
      ';Sin código;Producción;03/11/2026;;;;;;',
      'E002;Beto;Producción;32/11/2026;;;;;;',
      'E003;Carla;Producción;03/11/2026;25:00;;;;;',
      'E004;Diego;Producción;03/11/2026;;;X;;;',
      'E005;Eva;Producción;03/11/2026;;;;dos;DOBLE;',
      'E006;Fede;Producción;03/11/2026;;;;3;;',
      'E007;Gina;Producción;03/11/2026;;;;30;DOBLE;',
      'E008;Hugo;Producción;03/11/2026;;;;2;cuádruple;',
      'E001;Ana;Producción;03/11/2026;;;F;;;',
    ]);
    expect(v.errores.map((e) => [e.fila, e.columna])).toEqual([
      [3, 'Código'],
      [4, 'Fecha'],
      [5, 'Entrada'],
      [6, 'Código de ausencia'],
      [7, 'Horas extra'],
      [8, 'Tipo de horas extra'],
      [9, 'Horas extra'],
      [10, 'Tipo de horas extra'],
      [11, 'Fecha'],
    ]);
    expect(v.errores[1]!.mensaje).toBe(
      'Fila 4, columna "Fecha": "32/11/2026" no es una fecha válida (use dd/mm/aaaa o aaaa-mm-dd).',
    );
    expect(v.errores[8]!.mensaje).toMatch(
      /^Fila 11, columna "Fecha": el empleado E001 ya tiene otra asistencia el 03\/11\/2026 en la fila 2/,
    );
    expect(v.filas.map((f) => f.codigo)).toEqual(['E001']);
  });

  it('uses the headers as written in the file and reports a missing required column', async () => {
    const v = await validarCsv(['codigo,FECHA,departamento', 'E1,03/11/2026,Producción']);
    expect(v.errores).toEqual([
      {
        fila: 1,
        columna: 'Nombre',
        mensaje: 'Fila 1, columna "Nombre": falta la columna en los encabezados.',
      },
    ]);
    const w = await validarCsv(['Nº empleado,Nombre,Depto,Día', 'E1,Ana,Producción,13-13-2026']);
    expect(w.errores[0]!.mensaje).toMatch(/^Fila 2, columna "Día": "13-13-2026" no es una fecha válida/);
  });

  it('refuses more than 50,000 data rows with a clear message', async () => {
    const filas = [{ numero: 1, celdas: ENCABEZADO.split(';') as Celda[] }];
    for (let i = 0; i <= MAXIMO_FILAS; i++)
      filas.push({ numero: i + 2, celdas: [`E${i}`, 'Ana', 'Producción', '03/11/2026'] });
    await expect(validarFilas(filas)).rejects.toThrow(
      'El archivo tiene 50.001 filas de datos; el máximo es 50.000: divídalo en varios archivos.',
    );
  });

  it('refuses a file without headers and an old .xls', async () => {
    await expect(validarCsv(['a;b;c', '1;2;3'])).rejects.toBeInstanceOf(ArchivoInvalidoError);
    await expect(leerFilas('x.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0]))).rejects.toThrow(/\.xls/);
    await expect(leerFilas('x.csv', Buffer.alloc(0))).rejects.toThrow('El archivo está vacío.');
  });
});
