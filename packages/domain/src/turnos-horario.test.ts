import { describe, expect, it } from 'vitest';
import {
  duracionTurno,
  errorTurnosHorario,
  minutosDeHHMM,
  TURNOS_HORARIO_POR_DEFECTO,
  type TurnoHorarioEntrada,
  turnoDeInstante,
  turnosDelDia,
} from './turnos-horario.ts';

const t = (nombre: string, inicio: string, fin: string): TurnoHorarioEntrada => ({ nombre, inicio, fin });

describe('shift times', () => {
  it('reads HH:MM and nothing else', () => {
    expect(minutosDeHHMM('00:00')).toBe(0);
    expect(minutosDeHHMM('23:45')).toBe(1425);
    for (const malo of ['24:00', '8:00', '08:60', '08:00:00', 'x', ''])
      expect(minutosDeHHMM(malo), malo).toBeNull();
  });

  it('measures a shift across midnight; equal ends are a whole day', () => {
    expect(duracionTurno(16 * 60, 0)).toBe(480);
    expect(duracionTurno(22 * 60, 6 * 60)).toBe(480);
    expect(duracionTurno(480, 480)).toBe(1440);
  });
});

describe('errorTurnosHorario', () => {
  it('accepts the default three shifts, two of 12 h and one of 24 h', () => {
    expect(errorTurnosHorario(TURNOS_HORARIO_POR_DEFECTO)).toBeNull();
    expect(errorTurnosHorario([t('Día', '08:00', '20:00'), t('Noche', '20:00', '08:00')])).toBeNull();
    expect(errorTurnosHorario([t('Único', '08:00', '08:00')])).toBeNull();
  });

  it('names the field of the first rule broken', () => {
    const casos: [TurnoHorarioEntrada[], string, RegExp][] = [
      [[], 'turnos', /entre 1 y 6 turnos/],
      [
        Array.from({ length: 7 }, (_, i) => t(`T${i}`, '08:00', '08:00')),
        'turnos',
        /entre 1 y 6 turnos \(tiene 7\)/,
      ],
      [[t(' ', '08:00', '08:00')], 'turnos.0.nombre', /"nombre" es obligatorio/],
      [[t('A', '08:00', '20:00'), t('a ', '20:00', '08:00')], 'turnos.1.nombre', /«a» ya es el del turno 1/],
      [[t('A', '8:00', '08:00')], 'turnos.0.inicio', /HH:MM/],
      [[t('A', '08:00', '20:10'), t('B', '20:10', '08:00')], 'turnos.0.fin', /cuarto de hora/],
      [[t('A', '07:00', '20:00'), t('B', '20:00', '07:00')], 'turnos.0.inicio', /debe ser 08:00/],
      [[t('A', '08:00', '16:00'), t('B', '17:00', '08:00')], 'turnos.1.inicio', /hueco/],
      [[t('A', '08:00', '16:00'), t('B', '15:00', '08:00')], 'turnos.1.inicio', /se superponen/],
      [[t('A', '08:00', '20:00'), t('B', '20:00', '07:00')], 'turnos.1.fin', /debe ser 08:00/],
      [[t('A', '08:00', '08:30'), t('B', '08:30', '08:00')], 'turnos.0.fin', /dura 30 min/],
      [
        [t('A', '08:00', '20:00'), t('B', '20:00', '10:00'), t('C', '10:00', '08:00')],
        'turnos',
        /suman 48 h/,
      ],
    ];
    for (const [turnos, campo, mensaje] of casos) {
      const error = errorTurnosHorario(turnos);
      expect(error?.campo, JSON.stringify(turnos)).toBe(campo);
      expect(error?.mensaje).toMatch(mensaje);
    }
  });
});

describe('turnosDelDia / turnoDeInstante', () => {
  const turnos = TURNOS_HORARIO_POR_DEFECTO.map((t, i) => ({ ...t, numero: i + 1 }));
  const tz = 'America/Lima';

  it('gives each shift its instants within the production day, the night one on the next date', () => {
    const dia = turnosDelDia('2026-03-10', turnos, tz);
    expect(dia.map((d) => [d.numero, d.desde.toISOString(), d.hasta.toISOString()])).toEqual([
      [1, '2026-03-10T13:00:00.000Z', '2026-03-10T21:00:00.000Z'],
      [2, '2026-03-10T21:00:00.000Z', '2026-03-11T05:00:00.000Z'],
      [3, '2026-03-11T05:00:00.000Z', '2026-03-11T13:00:00.000Z'],
    ]);
  });

  it('finds the shift of an instant and its production day', () => {
    const noche = turnoDeInstante(new Date('2026-03-11T06:30:00Z'), turnos, tz);
    expect([noche.numero, noche.fecha]).toEqual([3, '2026-03-10']);
    const inicio = turnoDeInstante(new Date('2026-03-10T13:00:00Z'), turnos, tz);
    expect([inicio.numero, inicio.fecha]).toEqual([1, '2026-03-10']);
  });

  it('a daylight-saving change gives its shift one hour more (Chile, April)', () => {
    const horas = turnosDelDia('2026-04-04', turnos, 'America/Santiago').map(
      (d) => (d.hasta.getTime() - d.desde.getTime()) / 3_600_000,
    );
    expect(horas).toEqual([8, 9, 8]);
  });

  it('without shifts, the whole production day is one', () => {
    const t = turnoDeInstante(new Date('2026-03-10T15:00:00Z'), [], tz);
    expect([t.numero, t.desde.toISOString(), t.hasta.toISOString()]).toEqual([
      1,
      '2026-03-10T13:00:00.000Z',
      '2026-03-11T13:00:00.000Z',
    ]);
  });
});
