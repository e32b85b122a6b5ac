import { describe, expect, it } from 'vitest';
import {
  dividirUltimo,
  duracionTexto,
  horarioEntrada,
  horarioFormSchema,
  leerHora,
  quitarTurno,
  revisarHorario,
  type TurnoFila,
} from './turnos-horario-form.ts';

const TRES: TurnoFila[] = [
  { nombre: 'Turno 1', inicio: '08:00', fin: '16:00' },
  { nombre: 'Turno 2', inicio: '16:00', fin: '00:00' },
  { nombre: 'Turno 3', inicio: '00:00', fin: '08:00' },
];

describe('leerHora / duracionTexto', () => {
  it('reads HH:MM and H:MM, 24:00 as midnight; refuses the rest', () => {
    expect(leerHora('08:00')).toBe(480);
    expect(leerHora('8:15')).toBe(495);
    expect(leerHora(' 23:45 ')).toBe(1425);
    expect(leerHora('24:00')).toBe(0);
    for (const malo of ['', '8', '0800', '24:15', '25:00', '10:60', '10:5', 'aa:bb'])
      expect(leerHora(malo)).toBeNull();
  });

  it('says durations in hours and minutes', () => {
    expect(duracionTexto(480)).toBe('8 h');
    expect(duracionTexto(450)).toBe('7 h 30 min');
    expect(duracionTexto(45)).toBe('45 min');
    expect(duracionTexto(1440)).toBe('24 h');
  });
});

describe('revisarHorario', () => {
  it('accepts the plant’s default three shifts and a single 24 h one', () => {
    expect(revisarHorario(TRES)).toMatchObject({
      valido: true,
      cubre: true,
      totalMinutos: 1440,
      general: null,
    });
    expect(revisarHorario([{ nombre: 'Día', inicio: '08:00', fin: '08:00' }])).toMatchObject({
      valido: true,
      totalMinutos: 1440,
    });
  });

  it('puts a gap or an overlap under the next shift’s start, in Spanish', () => {
    const hueco = revisarHorario([{ ...TRES[0]!, fin: '15:00' }, TRES[1]!, TRES[2]!]);
    expect(hueco.cubre).toBe(false);
    expect(hueco.errores[1]?.inicio).toBe(
      'Hay un hueco de 15:00 a 16:00: debe empezar a las 15:00, cuando termina Turno 1',
    );
    const cruce = revisarHorario([{ ...TRES[0]!, fin: '17:00' }, TRES[1]!, TRES[2]!]);
    expect(cruce.errores[1]?.inicio).toBe(
      'Se superpone con Turno 1, que termina a las 17:00: debe empezar a esa hora',
    );
    expect(cruce.totalMinutos).toBe(1500);
  });

  it('wants 08:00 at both ends, quarter hours, at least 1 h, unique names', () => {
    const r = revisarHorario([
      { nombre: 'A', inicio: '08:00', fin: '08:30' },
      { nombre: ' a ', inicio: '08:30', fin: '12:10' },
      { nombre: '', inicio: '12:10', fin: '7:00' },
    ]);
    expect(r.errores[0]).toEqual({ fin: 'Un turno dura al menos 1 h' });
    expect(r.errores[1]).toEqual({
      nombre: 'Ya hay un turno con ese nombre',
      fin: 'Use cuartos de hora (:00, :15, :30 o :45)',
    });
    expect(r.errores[2]).toEqual({
      nombre: 'Escriba el nombre del turno',
      inicio: 'Use cuartos de hora (:00, :15, :30 o :45)',
      fin: 'El último turno termina a las 08:00, donde empieza el día siguiente',
    });
    expect(revisarHorario([{ nombre: 'X', inicio: '09:00', fin: '08:00' }]).errores[0]).toEqual({
      inicio: 'El primer turno empieza a las 08:00',
    });
    expect(revisarHorario([{ nombre: 'X', inicio: '08:00', fin: 'tarde' }]).errores[0]).toEqual({
      fin: 'Escriba la hora como HH:MM (p. ej. 16:00)',
    });
    // A shift may not run past 08:00 into the next production day.
    expect(
      revisarHorario([
        { nombre: 'X', inicio: '08:00', fin: '08:00' },
        { nombre: 'Y', inicio: '08:00', fin: '09:00' },
      ]).errores[1]?.inicio,
    ).toBe('Se superpone con X, que termina a las 08:00: debe empezar a esa hora');
  });

  it('counts 1 to 6 shifts', () => {
    expect(revisarHorario([]).general).toBe('Debe haber al menos un turno');
    const siete = Array.from({ length: 7 }, (_v, i) => ({ nombre: `T${i}`, inicio: '08:00', fin: '09:00' }));
    expect(revisarHorario(siete).general).toBe('Como máximo 6 turnos');
  });

  it('is the schema’s rule, with the errors at their row’s field', () => {
    expect(horarioFormSchema.safeParse({ turnos: TRES }).success).toBe(true);
    const r = horarioFormSchema.safeParse({ turnos: [{ ...TRES[0]!, fin: '15:00' }, TRES[1]!, TRES[2]!] });
    expect(r.error?.issues.map((i) => i.path)).toEqual([['turnos', 1, 'inicio']]);
  });
});

describe('dividirUltimo / quitarTurno / horarioEntrada', () => {
  it('adds a shift by splitting the last one on the quarter hour', () => {
    expect(dividirUltimo(TRES)).toEqual([
      TRES[0],
      TRES[1],
      { nombre: 'Turno 3', inicio: '00:00', fin: '04:00' },
      { nombre: 'Turno 4', inicio: '04:00', fin: '08:00' },
    ]);
    expect(dividirUltimo([{ nombre: 'Día', inicio: '08:00', fin: '08:00' }])?.[1]).toEqual({
      nombre: 'Turno 2',
      inicio: '20:00',
      fin: '08:00',
    });
    expect(dividirUltimo([{ nombre: 'A', inicio: '08:00', fin: '10:15' }])?.map((t) => t.fin)).toEqual([
      '09:00',
      '10:15',
    ]);
    // Shorter than 2 h, unreadable, or six already: no split.
    expect(dividirUltimo([{ nombre: 'A', inicio: '06:15', fin: '08:00' }])).toBeNull();
    expect(dividirUltimo([{ nombre: 'A', inicio: 'x', fin: '08:00' }])).toBeNull();
    expect(dividirUltimo(Array.from({ length: 6 }, () => TRES[2]!))).toBeNull();
  });

  it('removes a shift, its time going to the previous one (the next one for the first)', () => {
    expect(quitarTurno(TRES, 2)).toEqual([TRES[0], { ...TRES[1], fin: '08:00' }]);
    expect(quitarTurno(TRES, 1)).toEqual([{ ...TRES[0], fin: '00:00' }, TRES[2]]);
    expect(quitarTurno(TRES, 0)).toEqual([{ ...TRES[1], inicio: '08:00' }, TRES[2]]);
    expect(quitarTurno([TRES[0]!], 0)).toEqual([TRES[0]]);
  });

  it('sends trimmed names and HH:MM times', () => {
    expect(horarioEntrada([{ nombre: ' Día ', inicio: '8:00', fin: '24:00' }])).toEqual([
      { nombre: 'Día', inicio: '08:00', fin: '00:00' },
    ]);
  });
});
