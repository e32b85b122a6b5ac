import { hash, hashUnit, Rng, STREAM } from './rng.ts';
import { dateParts, isFeriado } from './time.ts';
import type { Asistencia, EmpleadoRef, HoraExtra, ValorDiario } from './types.ts';

const NOMBRES = [
  'José',
  'Luis',
  'Carlos',
  'Juan',
  'Jorge',
  'Miguel',
  'César',
  'Víctor',
  'Raúl',
  'Pedro',
  'Ricardo',
  'Manuel',
  'Óscar',
  'Javier',
  'Fernando',
  'Alberto',
  'Walter',
  'Héctor',
  'Daniel',
  'Andrés',
  'María',
  'Rosa',
  'Ana',
  'Carmen',
  'Lucía',
  'Patricia',
  'Elena',
  'Sofía',
  'Gabriela',
  'Milagros',
  'Verónica',
  'Claudia',
  'Diana',
  'Karina',
  'Silvia',
];
const APELLIDOS = [
  'Quispe',
  'Flores',
  'García',
  'Rodríguez',
  'Sánchez',
  'Mamani',
  'Huamán',
  'Ramírez',
  'Torres',
  'Chávez',
  'Rojas',
  'Vásquez',
  'Díaz',
  'Mendoza',
  'Castillo',
  'Gutiérrez',
  'Espinoza',
  'Romero',
  'Pérez',
  'Ramos',
  'Cruz',
  'Vargas',
  'Reyes',
  'Morales',
  'Herrera',
  'Salazar',
  'Paredes',
  'Córdova',
  'Aguilar',
  'Medina',
  'Delgado',
  'Cáceres',
];

interface AreaDef {
  area: string;
  puestos: [puesto: string, count: number][];
  /** Weekdays (Monday = 0) the area does not work; 'rota' = one rotating rest day per person. */
  descanso: number[] | 'rota';
  /** Share of present people who stay for overtime on a day. */
  overtime: number;
  /** Shift start hours available to the area. */
  turnos: number[];
}

const AREAS: AreaDef[] = [
  {
    area: 'Producción',
    puestos: [
      ['Operador de llenadora', 16],
      ['Operador de sopladora', 10],
      ['Operador de etiquetadora', 10],
      ['Operador de paletizadora', 8],
      ['Auxiliar de producción', 18],
      ['Supervisor de producción', 5],
      ['Jefe de producción', 1],
    ],
    descanso: 'rota',
    overtime: 0.3,
    turnos: [8, 16, 0],
  },
  {
    area: 'Mantenimiento',
    puestos: [
      ['Técnico mecánico', 8],
      ['Técnico electricista', 5],
      ['Técnico de utilidades', 3],
      ['Operador PTA', 2],
      ['Planificador de mantenimiento', 1],
      ['Jefe de mantenimiento', 1],
    ],
    descanso: 'rota',
    overtime: 0.34,
    turnos: [8, 16, 0],
  },
  {
    area: 'Calidad',
    puestos: [
      ['Analista de laboratorio', 6],
      ['Inspector de calidad', 5],
      ['Jefe de calidad', 1],
    ],
    descanso: [6],
    overtime: 0.2,
    turnos: [8, 16],
  },
  {
    area: 'Logística',
    puestos: [
      ['Montacarguista', 7],
      ['Almacenero', 4],
      ['Jefe de almacén', 1],
    ],
    descanso: [6],
    overtime: 0.3,
    turnos: [8, 16],
  },
  {
    area: 'Administración',
    puestos: [
      ['Asistente administrativo', 3],
      ['Analista de costos', 1],
      ['Analista de RR.HH.', 2],
      ['Gerente de planta', 1],
      ['Jefe de RR.HH.', 1],
    ],
    descanso: [5, 6],
    overtime: 0.08,
    turnos: [8],
  },
];

export const HR_AREAS = AREAS.map((a) => a.area);

interface Staff extends EmpleadoRef {
  index: number;
  def: AreaDef;
}

/** 120 people; names are fixed (not seed-dependent) so the reference data is stable. */
function buildStaff(): Staff[] {
  const staff: Staff[] = [];
  const used = new Set<string>();
  let index = 0;
  for (const def of AREAS) {
    for (const [puesto, count] of def.puestos) {
      for (let k = 0; k < count; k++) {
        let nombre = '';
        for (let attempt = 0; !nombre || used.has(nombre); attempt++) {
          const pick = (list: string[], salt: number) => list[hash(index, attempt, salt) % list.length] ?? '';
          nombre = `${pick(NOMBRES, 1)} ${pick(APELLIDOS, 2)} ${pick(APELLIDOS, 3)}`;
        }
        used.add(nombre);
        staff.push({
          index,
          def,
          codigo: `E${String(index + 1).padStart(4, '0')}`,
          nombre,
          area: def.area,
          puesto,
          // A few people left the company: kept for history, no longer scheduled.
          activo: hashUnit(index, 99) >= 0.035,
        });
        index++;
      }
    }
  }
  return staff;
}

const STAFF = buildStaff();

export const EMPLEADOS: EmpleadoRef[] = STAFF.map(({ codigo, nombre, area, puesto, activo }) => ({
  codigo,
  nombre,
  area,
  puesto,
  activo,
}));

/** Name of the head of an area, for the OBZ package owners. */
export function jefeDe(area: string): string {
  const jefe = STAFF.find(
    (s) => s.area === area && (s.puesto.startsWith('Jefe') || s.puesto.startsWith('Gerente')),
  );
  return jefe?.nombre ?? '';
}

export function activeHeadcount(area: string): number {
  return STAFF.filter((s) => s.area === area && s.activo).length;
}

const MOTIVOS = [
  'Cobertura de ausencia',
  'Alta demanda',
  'Mantenimiento programado',
  'Cambio de formato prolongado',
  'Inventario de almacén',
  'Capacitación',
];

export interface HrDay {
  asistencias: Asistencia[];
  horasExtra: HoraExtra[];
  valores: ValorDiario[];
}

const hhmm = (minutes: number) => {
  const m = ((Math.round(minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

const ORDINARY_HOURS = 8;

/**
 * Attendance and overtime of one production day. Absenteeism ≈ 6.5 % of scheduled hours
 * (vacations excluded), overtime ≈ 10 % of ordinary hours, DOBLE on weekdays, TRIPLE on Sundays and
 * holidays. `productionCu` feeds the productivity figure.
 */
export function hrDay(seed: number, index: number, fecha: string, productionCu: number): HrDay {
  const rng = new Rng(hash(seed, 0, index, STREAM.hr));
  const { weekday, year } = dateParts(index);
  const feriado = isFeriado(fecha);
  const dayOfYear = index - Math.round(Date.UTC(year, 0, 1) / 86_400_000);
  const asistencias: Asistencia[] = [];
  const horasExtra: HoraExtra[] = [];
  let scheduled = 0;
  let absent = 0;
  let present = 0;
  let overtime = 0;

  for (const person of STAFF) {
    if (!person.activo) continue;
    const { def } = person;
    const resting =
      def.descanso === 'rota'
        ? (person.index + Math.floor(index / 28)) % 7 === weekday
        : def.descanso.includes(weekday);
    if (resting || (feriado && def.area === 'Administración')) continue;
    // One 15-day vacation block a year, at a person-specific date.
    const vacationStart = hash(seed, person.index, year, 77) % 340;
    if (dayOfYear >= vacationStart && dayOfYear < vacationStart + 15) {
      asistencias.push({ codigo: person.codigo, estado: 'VACACIONES', entrada: null, salida: null });
      continue;
    }
    scheduled++;
    // Some people are absent more often than others.
    const proneness = 0.5 + hashUnit(seed, person.index, 13);
    if (rng.chance(0.065 * proneness)) {
      absent++;
      const kind = rng.next();
      const estado = kind < 0.45 ? 'FALTA' : kind < 0.8 ? 'INCAPACIDAD' : 'PERMISO';
      asistencias.push({ codigo: person.codigo, estado, entrada: null, salida: null });
      continue;
    }
    present++;
    // Crews rotate shift every week.
    const shiftStart = def.turnos[(person.index + Math.floor((index + 3) / 7)) % def.turnos.length] ?? 8;
    const startMin = shiftStart * 60;
    const lunch = def.area === 'Administración' ? 60 : 0;
    let extra = 0;
    if (rng.chance(def.overtime)) {
      extra = rng.int(2, 8) / 2;
      overtime += extra;
      horasExtra.push({
        codigo: person.codigo,
        horas: extra,
        tipo: weekday === 6 || feriado ? 'TRIPLE' : 'DOBLE',
        motivo: MOTIVOS[rng.int(0, MOTIVOS.length - 1)] ?? 'Alta demanda',
      });
    }
    asistencias.push({
      codigo: person.codigo,
      estado: 'PRESENTE',
      entrada: hhmm(startMin - rng.int(0, 15)),
      salida: hhmm(startMin + ORDINARY_HOURS * 60 + lunch + extra * 60 + rng.int(0, 10)),
    });
  }

  const scheduledHours = scheduled * ORDINARY_HOURS;
  const presentHours = present * ORDINARY_HOURS;
  const workedHours = presentHours + overtime;
  const valores: ValorDiario[] = [{ variable: 'Horas extra (h)', valor: overtime }];
  if (presentHours > 0) {
    valores.push({
      variable: 'Horas extra (%)',
      valor: round((overtime / presentHours) * 100, 2),
      numerador: overtime,
      denominador: presentHours,
    });
  }
  if (scheduledHours > 0) {
    valores.push(
      {
        variable: 'Ausentismo (%)',
        valor: round(((absent * ORDINARY_HOURS) / scheduledHours) * 100, 2),
        numerador: absent * ORDINARY_HOURS,
        denominador: scheduledHours,
      },
      {
        variable: 'Asistencia (%)',
        valor: round((presentHours / scheduledHours) * 100, 2),
        numerador: presentHours,
        denominador: scheduledHours,
      },
    );
  }
  if (workedHours > 0) {
    valores.push({
      variable: 'Productividad (CU/HH)',
      valor: round(productionCu / workedHours, 2),
      numerador: round(productionCu, 2),
      denominador: workedHours,
    });
  }
  return { asistencias, horasExtra, valores };
}
