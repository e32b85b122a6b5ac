/**
 * Wastewater (PTA) rules, pure (DOMAIN "Wastewater"):
 * - load (kg/d) = Q (m³/d) × C (mg/L) / 1000;
 * - removal % = (C_in − C_out) / C_in × 100 for a day; over a period the ratio of the sums
 *   Σ Q_in × (C_in − C_out) / Σ Q_in × C_in (the load removed over the load received), which for a
 *   single day is exactly the concentration formula;
 * - the load removed is Q_in × (C_in − C_out) / 1000 (the concentration drop over the flow treated);
 *   the load discharged is Q_out × C_out / 1000;
 * - period figures (energy per m³, sludge per kg DQO removed) are ratios of sums over the days that
 *   have both terms, never means of daily ratios.
 */

/** The PTA variables the screens know by role (names as in the plant model). */
export const PTA = {
  afluente: 'Caudal afluente (m³)',
  efluente: 'Caudal efluente (m³)',
  dqoEntrada: 'DQO entrada (mg/L)',
  dqoSalida: 'DQO salida (mg/L)',
  dboEntrada: 'DBO₅ entrada (mg/L)',
  dboSalida: 'DBO₅ salida (mg/L)',
  sstEntrada: 'SST entrada (mg/L)',
  sstSalida: 'SST salida (mg/L)',
  phEntrada: 'pH entrada',
  phSalida: 'pH salida',
  temperatura: 'Temperatura entrada (°C)',
  od: 'OD reactor (mg/L)',
  sslm: 'SSLM reactor (mg/L)',
  grasas: 'Grasas y aceites salida (mg/L)',
  lodos: 'Lodos generados (kg/d)',
  energia: 'Energía PTA (kWh)',
  remocionDqo: 'Remoción DQO (%)',
  cargaOrganica: 'Carga orgánica (kg DQO/d)',
} as const;

/**
 * Calculated PTA variables the screens recompute from their inputs (so one figure never shows two
 * values); 'Remoción DQO (%)' still gives the removal limit (its minimo).
 */
export const PTA_CALCULADAS: readonly string[] = [PTA.remocionDqo, PTA.cargaOrganica];

/** Display order of the parameters (other PTA variables follow by name). */
export const PTA_ORDEN: readonly string[] = [
  PTA.afluente,
  PTA.efluente,
  PTA.dqoEntrada,
  PTA.dqoSalida,
  PTA.dboEntrada,
  PTA.dboSalida,
  PTA.sstEntrada,
  PTA.sstSalida,
  PTA.phEntrada,
  PTA.phSalida,
  PTA.temperatura,
  PTA.grasas,
  PTA.od,
  PTA.sslm,
  PTA.lodos,
  PTA.energia,
];

/** The pollutants whose load and removal are followed: inlet and outlet concentration variables. */
export const CONTAMINANTES = [
  { clave: 'DQO', nombre: 'DQO', entrada: PTA.dqoEntrada, salida: PTA.dqoSalida },
  { clave: 'DBO5', nombre: 'DBO₅', entrada: PTA.dboEntrada, salida: PTA.dboSalida },
  { clave: 'SST', nombre: 'SST', entrada: PTA.sstEntrada, salida: PTA.sstSalida },
] as const;

export type EstadoLimite = 'CUMPLE' | 'NO_CUMPLE' | 'SIN_LIMITE' | 'SIN_DATO';

/** A value against its limits: no value → SIN_DATO; no limit → SIN_LIMITE; else inside [min, max]. */
export function estadoLimite(
  valor: number | null | undefined,
  minimo: number | null | undefined,
  maximo: number | null | undefined,
): EstadoLimite {
  if (valor === null || valor === undefined || !Number.isFinite(valor)) return 'SIN_DATO';
  const hasMin = minimo !== null && minimo !== undefined;
  const hasMax = maximo !== null && maximo !== undefined;
  if (!hasMin && !hasMax) return 'SIN_LIMITE';
  if (hasMin && valor < minimo) return 'NO_CUMPLE';
  if (hasMax && valor > maximo) return 'NO_CUMPLE';
  return 'CUMPLE';
}

const num = (v: number | null | undefined): v is number =>
  v !== null && v !== undefined && Number.isFinite(v);

/** kg/d = Q (m³/d) × C (mg/L) / 1000; null without either. */
export function carga(q: number | null | undefined, c: number | null | undefined): number | null {
  return num(q) && num(c) ? (q * c) / 1000 : null;
}

/** (C_in − C_out) / C_in × 100; null without either or with C_in ≤ 0. */
export function remocion(
  entrada: number | null | undefined,
  salida: number | null | undefined,
): number | null {
  return num(entrada) && num(salida) && entrada > 0 ? ((entrada - salida) / entrada) * 100 : null;
}

/** One day's raw values of the PTA variables, by variable name (absent: no historico). */
export type DiaPta = ReadonlyMap<string, number>;

export interface CargaPeriodo {
  clave: string;
  nombre: string;
  /** Σ Q_in × C_in / 1000 over the days with both. */
  cargaEntradaKg: number | null;
  /** Σ Q_out × C_out / 1000 over the days with both. */
  cargaSalidaKg: number | null;
  /** Σ Q_in × (C_in − C_out) / 1000 over the days with the three. */
  cargaRemovidaKg: number | null;
  /** Σ removed / Σ inlet load of the same days × 100. */
  remocionPct: number | null;
  /** Days with the three (Q_in, C_in, C_out). */
  dias: number;
}

export interface TotalesPta {
  /** Days with an inflow value. */
  dias: number;
  afluenteM3: number | null;
  efluenteM3: number | null;
  cargas: CargaPeriodo[];
  lodosKg: number | null;
  /** Σ sludge / Σ DQO removed, over the days with both. */
  lodosPorKgDqo: number | null;
  energiaKwh: number | null;
  /** Σ energy / Σ inflow, over the days with both. */
  energiaKwhM3: number | null;
}

/** A sum that stays null when no term exists (a period with no data is "—", never 0). */
class Suma {
  total = 0;
  n = 0;
  add(v: number | null | undefined): void {
    if (num(v)) {
      this.total += v;
      this.n += 1;
    }
  }
  get value(): number | null {
    return this.n === 0 ? null : this.total;
  }
}

const ratio = (a: Suma, b: Suma, factor = 1): number | null =>
  a.n === 0 || b.n === 0 || b.total === 0 ? null : (a.total / b.total) * factor;

/** The period's totals from its days' raw values: sums, and ratios of sums. */
export function totalesPta(dias: readonly DiaPta[]): TotalesPta {
  const afluente = new Suma();
  const efluente = new Suma();
  const lodos = new Suma();
  const energia = new Suma();
  const energiaConQ = new Suma();
  const qConEnergia = new Suma();
  const lodosConDqo = new Suma();
  const dqoConLodos = new Suma();
  const porContaminante = CONTAMINANTES.map(() => ({
    entrada: new Suma(),
    salida: new Suma(),
    removida: new Suma(),
    entradaConSalida: new Suma(),
  }));
  for (const dia of dias) {
    const qIn = dia.get(PTA.afluente);
    const qOut = dia.get(PTA.efluente);
    afluente.add(qIn);
    efluente.add(qOut);
    lodos.add(dia.get(PTA.lodos));
    energia.add(dia.get(PTA.energia));
    if (num(qIn) && num(dia.get(PTA.energia))) {
      energiaConQ.add(dia.get(PTA.energia));
      qConEnergia.add(qIn);
    }
    CONTAMINANTES.forEach((c, i) => {
      const s = porContaminante[i]!;
      const cin = dia.get(c.entrada);
      const cout = dia.get(c.salida);
      s.entrada.add(carga(qIn, cin));
      s.salida.add(carga(qOut, cout));
      if (num(qIn) && num(cin) && num(cout)) {
        s.removida.add((qIn * (cin - cout)) / 1000);
        s.entradaConSalida.add((qIn * cin) / 1000);
        if (c.clave === 'DQO' && num(dia.get(PTA.lodos))) {
          lodosConDqo.add(dia.get(PTA.lodos));
          dqoConLodos.add((qIn * (cin - cout)) / 1000);
        }
      }
    });
  }
  return {
    dias: afluente.n,
    afluenteM3: afluente.value,
    efluenteM3: efluente.value,
    cargas: CONTAMINANTES.map((c, i) => {
      const s = porContaminante[i]!;
      return {
        clave: c.clave,
        nombre: c.nombre,
        cargaEntradaKg: s.entrada.value,
        cargaSalidaKg: s.salida.value,
        cargaRemovidaKg: s.removida.value,
        remocionPct: ratio(s.removida, s.entradaConSalida, 100),
        dias: s.removida.n,
      };
    }),
    lodosKg: lodos.value,
    lodosPorKgDqo: ratio(lodosConDqo, dqoConLodos),
    energiaKwh: energia.value,
    energiaKwhM3: ratio(energiaConQ, qConEnergia),
  };
}
