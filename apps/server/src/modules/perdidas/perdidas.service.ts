import { addDays, MAX_TURNOS_HORARIO, productionDayRange, turnosDelDia } from '@planta/domain';
import { z } from 'zod';
import { badInput } from '../../errors.ts';
import { parseDayRange } from '../../time-range.ts';
import { id, parseInput } from '../../validation.ts';
import { toParoDto } from '../paros/paros.service.ts';
import {
  type Cascada,
  cascadasDelDia,
  CLAVES_PARO,
  type ClaveParo,
  type ClavePerdida,
  figuras,
  PERDIDAS,
  type TramoDia,
} from './perdidas.calculo.ts';
import type {
  CambioFormatoFila,
  DiaLinea,
  MinutosClave,
  PerdidasRepository,
  PesoTramo,
  Tramo,
} from './perdidas.repository.ts';

/** Longest range, production days (both ends included). */
export const MAX_PERDIDAS_DIAS = 366;
/** Reasons the Pareto shows before folding the rest into 'Otros'. */
export const MAX_PARETO = 15;
export const MAX_PRINCIPALES = 10;
export const SIN_MOTIVO = 'Sin motivo';
export const OTROS = 'Otros';

const argsSchema = z.object({
  linea_id: id('linea_id').nullish(),
  turno: z
    .number({ error: 'El campo "turno" debe ser un número de turno' })
    .int('El campo "turno" debe ser un número de turno')
    .min(1, `El campo "turno" debe estar entre 1 y ${MAX_TURNOS_HORARIO}`)
    .max(MAX_TURNOS_HORARIO, `El campo "turno" debe estar entre 1 y ${MAX_TURNOS_HORARIO}`)
    .nullish(),
});

export interface ParetoMotivoDto {
  motivo: string;
  categoria: string | null;
  clase: string;
  minutos: number;
  paros: number;
}

const ETIQUETA_SIN_REASON_MICRO = 'Microparos';
const ETIQUETA_PLANIFICADO = 'Paro planificado';

const clavePara = (linea: number, fecha: string) => `${linea}|${fecha}`;

/**
 * The OEE of a line or the plant over production days, explained (issue 33 item 5,
 * /fabrica/perdidas). The rules of the waterfall live in perdidas.calculo.ts; this sums them:
 * each line-day's (or line-day-shift's) minutes are valued at that line-day's nominal rate
 * (nominal CU of planned time / planned minutes), summed, and given back in minutes at the mean
 * rate of the whole line-days read, so the OEE of several line-days is Σ good / Σ nominal planned
 * (what /fabrica shows for the plant, a month), a single line-day's minutes are its own, and the
 * shifts of a range add up to the range. Stop counts and Pareto minutes are the stop rows' own.
 */
export class PerdidasService {
  constructor(
    private readonly repo: PerdidasRepository,
    private readonly tz: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The validated arguments: a production line, a range of ≤ 366 days, an existing shift. */
  async parse(args: Record<string, unknown>) {
    const { desde, hasta } = parseDayRange(args.desde, args.hasta, MAX_PERDIDAS_DIAS - 1);
    const { linea_id, turno } = parseInput(argsSchema, {
      linea_id: args.linea_id ?? null,
      turno: args.turno ?? null,
    });
    const [lineas, turnos] = await Promise.all([this.repo.lineas(), this.repo.turnos()]);
    if (linea_id != null && !lineas.some((l) => l.id === linea_id)) {
      throw badInput('El campo "linea_id" no es una línea de producción', 'linea_id');
    }
    if (turno != null && !turnos.some((t) => t.numero === turno)) {
      throw badInput(`El campo "turno" nombra un turno que no existe (${turno})`, 'turno');
    }
    return { desde, hasta, lineaId: linea_id ?? null, turno: turno ?? null, lineas, turnos };
  }

  async perdidasOee(args: Record<string, unknown>) {
    const { desde, hasta, lineaId, turno, lineas, turnos } = await this.parse(args);
    const ahora = this.now();
    // Every day's spans: the day, or each of its shifts (the chosen one's share needs the others).
    const todos: Tramo[] = [];
    // A day ends where the next one starts: each day's range gives its own start and the next's,
    // so every other day's range is resolved (time-zone look-ups are most of this loop).
    const inicios: Date[] = [];
    if (turno === null) {
      const ultimo = addDays(hasta, 1);
      for (let fecha = desde; fecha <= ultimo; fecha = addDays(fecha, 2)) {
        const r = productionDayRange(fecha, this.tz);
        inicios.push(r.start, r.end);
      }
    }
    for (let fecha = desde, i = 0; fecha <= hasta; fecha = addDays(fecha, 1), i++) {
      const dia = turno === null ? { inicio: inicios[i]!, fin: inicios[i + 1]! } : null;
      const spans =
        dia !== null
          ? [{ numero: 0, ...dia }]
          : turnosDelDia(fecha, turnos, this.tz).map((t) => ({
              numero: t.numero,
              inicio: t.desde,
              fin: t.hasta,
            }));
      for (const s of spans) {
        const fin = new Date(Math.min(s.fin.getTime(), ahora));
        if (fin.getTime() > s.inicio.getTime()) todos.push({ fecha, turno: s.numero, inicio: s.inicio, fin });
      }
    }
    const elegidos = turno === null ? todos : todos.filter((t) => t.turno === turno);
    // The stop rows are read and cut once, in one statement (PerdidasRepository.paros).
    const [dias, resumen, pesos] = await Promise.all([
      this.repo.diasLinea(desde, hasta, lineaId),
      this.repo.paros(todos, turno, lineaId, MAX_PRINCIPALES),
      turno === null ? Promise.resolve([]) : this.repo.pesos(todos, lineaId),
    ]);
    const { claves: minutos, motivos, fallas, cambios } = resumen;
    const principales = await this.repo.principales(resumen.principales);

    const cascada = sumarCascadas(dias, todos, minutos, pesos, turno);
    const planificado = cascada.planificado;
    const perdidas = PERDIDAS.map((p) => ({ ...p, minutos: cascada.perdidas[p.clase] }));

    const noPlan = motivos.filter((m) => m.clave !== 'PLANIFICADO');
    const minutosNoPlan = noPlan.reduce((a, m) => a + m.minutos, 0);
    const sinMotivo = noPlan.filter((m) => m.clave === 'SIN_MOTIVO').reduce((a, m) => a + m.minutos, 0);
    const elegido = (m: MinutosClave) => turno === null || m.turno === turno;
    const minutosFalla = minutos.filter(elegido).reduce((a, m) => a + m.minutosFalla, 0);

    return {
      linea_id: lineaId,
      desde,
      hasta,
      turno,
      tiempo_planificado: planificado,
      paros_planificados: motivos.filter((m) => m.clave === 'PLANIFICADO').reduce((a, m) => a + m.minutos, 0),
      ...figuras(planificado, cascada.perdidas),
      perdidas,
      pareto: pareto(noPlan),
      planificados: ordenar(
        motivos
          .filter((m) => m.clave === 'PLANIFICADO')
          .map((m) => ({
            motivo: m.motivo ?? ETIQUETA_PLANIFICADO,
            categoria: m.categoria,
            clase: 'PLANIFICADO',
            minutos: m.minutos,
            paros: m.paros,
          })),
      ),
      principales: principales.map((p) => toParoDto(p, ahora)),
      cambios_formato: cambiosFormato(cambios),
      mttr: fallas > 0 ? minutosFalla / fallas : null,
      mtbf: fallas > 0 ? (cascada.marcha + minutosFalla) / fallas : null,
      sin_motivo_pct: minutosNoPlan > 0 ? (sinMotivo / minutosNoPlan) * 100 : null,
      lineas_tiempo: desde === hasta ? await this.lineasTiempo(elegidos[0], lineaId, lineas, dias) : [],
    };
  }

  /**
   * Each line's timeline over the day (or shift): its stops coloured by key, and between them
   * MARCHA on a line that ran that day (one that did not run shows its stops only).
   */
  private async lineasTiempo(
    tramo: Tramo | undefined,
    lineaId: number | null,
    lineas: readonly { id: number; numero: number; nombre: string }[],
    dias: readonly DiaLinea[],
  ) {
    if (!tramo) return [];
    const paros = await this.repo.parosDelTramo(tramo.inicio, tramo.fin, lineaId);
    const corrio = new Set(dias.filter((d) => d.marcha > 0).map((d) => d.lineaId));
    return lineas
      .filter((l) => lineaId === null || l.id === lineaId)
      .map((l) => {
        const tramos: {
          inicio: string;
          fin: string;
          estado: string;
          paro_id: number | null;
          motivo: string | null;
          motivo_por: string | null;
        }[] = [];
        let cursor = tramo.inicio.getTime();
        const marcha = (hasta: number) => {
          if (corrio.has(l.id) && hasta > cursor) {
            tramos.push({
              inicio: new Date(cursor).toISOString(),
              fin: new Date(hasta).toISOString(),
              estado: 'MARCHA',
              paro_id: null,
              motivo: null,
              motivo_por: null,
            });
          }
        };
        for (const p of paros.filter((x) => x.lineaId === l.id)) {
          const inicio = Math.max(new Date(p.inicio).getTime(), cursor);
          const fin = new Date(p.fin).getTime();
          if (fin <= inicio) continue;
          marcha(inicio);
          tramos.push({
            inicio: new Date(inicio).toISOString(),
            fin: new Date(fin).toISOString(),
            estado: p.clave,
            paro_id: p.id,
            motivo: p.motivo,
            motivo_por: p.motivoPor,
          });
          cursor = fin;
        }
        marcha(tramo.fin.getTime());
        return { linea_id: l.id, linea: l.numero, linea_nombre: l.nombre, tramos };
      });
  }
}

/**
 * The waterfall of the line-days read (the chosen shift's part of each when `turno`), each
 * line-day's minutes valued at its nominal rate and given back at the mean rate of all of them.
 */
export function sumarCascadas(
  dias: readonly DiaLinea[],
  tramos: readonly Tramo[],
  minutos: readonly MinutosClave[],
  pesos: readonly PesoTramo[],
  turno: number | null,
): Cascada {
  const turnosDe = new Map<string, number[]>();
  for (const t of tramos) {
    const lista = turnosDe.get(t.fecha) ?? [];
    lista.push(t.turno);
    turnosDe.set(t.fecha, lista);
  }
  const parosDe = new Map<string, Map<number, Partial<Record<ClaveParo, number>>>>();
  for (const m of minutos) {
    if (!(CLAVES_PARO as readonly string[]).includes(m.clave)) continue;
    const k = clavePara(m.lineaId, m.fecha);
    const porTurno = parosDe.get(k) ?? new Map<number, Partial<Record<ClaveParo, number>>>();
    const p = porTurno.get(m.turno) ?? {};
    p[m.clave as ClaveParo] = (p[m.clave as ClaveParo] ?? 0) + m.minutos;
    porTurno.set(m.turno, p);
    parosDe.set(k, porTurno);
  }
  const pesoDe = new Map<string, PesoTramo>();
  for (const p of pesos) pesoDe.set(`${p.lineaId}|${p.fecha}|${p.turno}`, p);

  const cu = { planificado: 0, marcha: 0, perdidas: {} as Record<ClavePerdida, number> };
  for (const p of PERDIDAS) cu.perdidas[p.clase] = 0;
  let minutosDias = 0;
  let nominalDias = 0;
  const porDia: { tasa: number; cascada: Cascada }[] = [];
  for (const d of dias) {
    minutosDias += d.planificados;
    nominalDias += d.nominalPlanificadoCu;
    const turnos = turnosDe.get(d.fecha) ?? [];
    if (turnos.length === 0) continue;
    const paros = parosDe.get(clavePara(d.lineaId, d.fecha));
    const spans: TramoDia[] = turnos.map((t) => {
      const w = pesoDe.get(`${d.lineaId}|${d.fecha}|${t}`);
      return {
        paros: paros?.get(t) ?? {},
        minutos: w?.minutos ?? 0,
        marcha: w?.marcha ?? 0,
        buenoCu: w?.buenoCu ?? 0,
        totalCu: w?.totalCu ?? 0,
        nominalCu: w?.nominalCu ?? 0,
      };
    });
    const cascadas = cascadasDelDia(d, spans);
    const j = turno === null ? 0 : turnos.indexOf(turno);
    if (j < 0) continue;
    const tasa = d.planificados > 0 ? d.nominalPlanificadoCu / d.planificados : 0;
    porDia.push({ tasa, cascada: cascadas[j]! });
  }
  // Without any nominal rate (no speeds configured) the minutes add up as they are.
  const sinTasa = nominalDias <= 0;
  const factor = sinTasa ? 1 : minutosDias / nominalDias;
  for (const { tasa, cascada } of porDia) {
    const v = sinTasa ? 1 : tasa * factor;
    cu.planificado += cascada.planificado * v;
    // Run time is counted in plain minutes (MTBF's operating time).
    cu.marcha += cascada.marcha;
    for (const p of PERDIDAS) cu.perdidas[p.clase] += cascada.perdidas[p.clase] * v;
  }
  return cu;
}

/** Unplanned stops by reason, most minutes first; 'Sin motivo' always its own bar; past 15, 'Otros'. */
function pareto(
  filas: readonly {
    motivoId: number | null;
    motivo: string | null;
    categoria: string | null;
    clave: string;
    minutos: number;
    paros: number;
  }[],
): ParetoMotivoDto[] {
  const barras = new Map<string, ParetoMotivoDto>();
  for (const f of filas) {
    const sin = f.clave === 'SIN_MOTIVO';
    const key = sin ? 'SIN' : `${f.motivoId ?? 'nulo'}|${f.clave}`;
    const b = barras.get(key) ?? {
      motivo: sin ? SIN_MOTIVO : (f.motivo ?? ETIQUETA_SIN_REASON_MICRO),
      categoria: sin ? null : f.categoria,
      clase: f.clave,
      minutos: 0,
      paros: 0,
    };
    b.minutos += f.minutos;
    b.paros += f.paros;
    barras.set(key, b);
  }
  const todas = ordenar([...barras.values()]);
  const sin = todas.find((b) => b.motivo === SIN_MOTIVO && b.clase === 'SIN_MOTIVO');
  const otras = todas.filter((b) => b !== sin);
  const cupo = MAX_PARETO - (sin ? 1 : 0);
  const mostradas = ordenar([...otras.slice(0, cupo), ...(sin ? [sin] : [])]);
  const resto = otras.slice(cupo);
  if (resto.length === 0) return mostradas;
  const clases = new Set(resto.map((b) => b.clase));
  return [
    ...mostradas,
    {
      motivo: OTROS,
      categoria: null,
      clase: clases.size === 1 ? [...clases][0]! : 'VARIOS',
      minutos: resto.reduce((a, b) => a + b.minutos, 0),
      paros: resto.reduce((a, b) => a + b.paros, 0),
    },
  ];
}

const ordenar = <T extends { minutos: number; paros: number; motivo: string }>(xs: T[]): T[] =>
  xs.sort((a, b) => b.minutos - a.minutos || b.paros - a.paros || a.motivo.localeCompare(b.motivo, 'es'));

function cambiosFormato(filas: readonly CambioFormatoFila[]) {
  const pares = new Map<string, { desde: string; hasta: string; cambios: number; minutos: number }>();
  for (const f of filas) {
    const desde = f.desde ?? 'Desconocido';
    const hasta = f.hasta ?? 'Desconocido';
    const k = `${desde}\u0000${hasta}`;
    const p = pares.get(k) ?? { desde, hasta, cambios: 0, minutos: 0 };
    p.cambios += f.cambios;
    p.minutos += f.minutos;
    pares.set(k, p);
  }
  return [...pares.values()].sort((a, b) => b.minutos - a.minutos || b.cambios - a.cambios);
}
