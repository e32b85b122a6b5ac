import { addDays, productionDay, productionDayRange, round2 } from '@planta/domain';
import { z } from 'zod';
import { badInput } from '../../errors.ts';
import { parseInput } from '../../validation.ts';
import type {
  DiaLinea,
  EficienciaPagadaRepository,
  ParosLinea,
  Sums,
} from './eficiencia-pagada.repository.ts';

/** Figures of a span (day, month or year to date), each a ratio of raw sums × 100. */
export interface Periodo {
  pagada: number | null;
  sap: number | null;
  /** Paid efficiency minus SAP in percentage points, over the days that have a SAP figure. */
  brecha_pp: number | null;
  oee: number | null;
  eta: number | null;
  producido_cu: number;
  capacidad_pagada_cu: number;
  /** Share of the paid capacity whose days have a SAP figure (%): SAP and the gap cover only that. */
  cobertura_sap: number | null;
  dias: number;
}

export interface Detalle {
  horas_pagadas: number | null;
  minutos_planificados: number | null;
  minutos_marcha: number | null;
  minutos_cambio_formato: number;
  minutos_cip: number;
  minutos_paro_planificado: number;
  minutos_falla: number;
  minutos_microparo: number;
  producido_cu: number;
  capacidad_pagada_cu: number;
  capacidad_marcha_cu: number;
  velocidad_nominal_cu_h: number | null;
}

export interface DiaSerie {
  fecha: string;
  pagada: number | null;
  sap: number | null;
}

export interface EficienciaPagadaLinea {
  numero: number;
  nombre: string;
  dia: Periodo;
  mes: Periodo;
  anio: Periodo;
  detalle: Detalle | null;
  dias: DiaSerie[];
}

export interface EficienciaPagada {
  fecha: string;
  lineas: EficienciaPagadaLinea[];
  planta: Omit<EficienciaPagadaLinea, 'numero' | 'nombre'>;
}

const pct = (num: number, den: number): number | null => (den > 0 ? (num / den) * 100 : null);
const r2 = (v: number | null): number | null => (v === null ? null : round2(v));

/**
 * A span's figures from its raw sums (never a mean of daily percentages). `sapDia` is SAP's figure
 * of a single line and day, shown as entered even when the day had no paid capacity to weigh it by.
 */
export function periodo(s: Sums, sapDia: number | null = null): Periodo {
  const sap = s.capacidadPagadaSapCu > 0 ? pct(s.sapCu, s.capacidadPagadaSapCu) : sapDia;
  const pagadaSap = pct(s.producidoSapCu, s.capacidadPagadaSapCu);
  return {
    pagada: r2(pct(s.producidoCu, s.capacidadPagadaCu)),
    sap: r2(sap),
    brecha_pp: sap === null || pagadaSap === null ? null : round2(pagadaSap - sap),
    oee: r2(s.capacidadOperacionCu === null ? null : pct(s.producidoOperacionCu, s.capacidadOperacionCu)),
    eta: r2(pct(s.producidoCu, s.capacidadMarchaCu)),
    producido_cu: round2(s.producidoCu),
    capacidad_pagada_cu: round2(s.capacidadPagadaCu),
    cobertura_sap: r2(pct(s.capacidadPagadaSapCu, s.capacidadPagadaCu)),
    dias: Number(s.dias),
  };
}

const emptySums = (): Sums => ({
  producidoCu: 0,
  capacidadMarchaCu: 0,
  capacidadPagadaCu: 0,
  capacidadOperacionCu: null,
  producidoOperacionCu: 0,
  capacidadPagadaOperacionCu: 0,
  sapCu: 0,
  capacidadPagadaSapCu: 0,
  producidoSapCu: 0,
  dias: 0,
});

/** Σ over lines (the plant): every field summed; a null capacity stays null only if all are. */
export function addSums(a: Sums, b: Sums): Sums {
  return {
    producidoCu: a.producidoCu + b.producidoCu,
    capacidadMarchaCu: a.capacidadMarchaCu + b.capacidadMarchaCu,
    capacidadPagadaCu: a.capacidadPagadaCu + b.capacidadPagadaCu,
    capacidadOperacionCu:
      a.capacidadOperacionCu === null && b.capacidadOperacionCu === null
        ? null
        : (a.capacidadOperacionCu ?? 0) + (b.capacidadOperacionCu ?? 0),
    producidoOperacionCu: a.producidoOperacionCu + b.producidoOperacionCu,
    capacidadPagadaOperacionCu: a.capacidadPagadaOperacionCu + b.capacidadPagadaOperacionCu,
    sapCu: a.sapCu + b.sapCu,
    capacidadPagadaSapCu: a.capacidadPagadaSapCu + b.capacidadPagadaSapCu,
    producidoSapCu: a.producidoSapCu + b.producidoSapCu,
    dias: Math.max(Number(a.dias), Number(b.dias)),
  };
}

const sumsOfDia = (d: DiaLinea): Sums => ({
  producidoCu: d.producidoCu,
  capacidadMarchaCu: d.capacidadMarchaCu,
  capacidadPagadaCu: d.capacidadPagadaCu,
  capacidadOperacionCu: d.capacidadOperacionCu,
  producidoOperacionCu: d.capacidadOperacionCu === null ? 0 : d.producidoCu,
  capacidadPagadaOperacionCu: d.capacidadOperacionCu === null ? 0 : d.capacidadPagadaCu,
  sapCu: d.sap === null ? 0 : (d.sap / 100) * d.capacidadPagadaCu,
  capacidadPagadaSapCu: d.sap === null ? 0 : d.capacidadPagadaCu,
  producidoSapCu: d.sap === null ? 0 : d.producidoCu,
  dias: 1,
});

function detalle(dias: DiaLinea[], paros: ParosLinea[]): Detalle | null {
  if (dias.length === 0) return null;
  const sum = (f: (d: DiaLinea) => number | null) =>
    dias.some((d) => f(d) === null) ? null : dias.reduce((a, d) => a + (f(d) ?? 0), 0);
  const sumParo = (f: (p: ParosLinea) => number) => round2(paros.reduce((a, p) => a + f(p), 0));
  const minutosPagados = sum((d) => d.minutosPagados);
  const capacidadPagada = dias.reduce((a, d) => a + d.capacidadPagadaCu, 0);
  return {
    horas_pagadas: minutosPagados === null ? null : round2(minutosPagados / 60),
    minutos_planificados: r2(sum((d) => d.minutosPlanificados)),
    minutos_marcha: r2(sum((d) => d.minutosMarcha)),
    minutos_cambio_formato: sumParo((p) => p.cambioFormato),
    minutos_cip: sumParo((p) => p.cip),
    minutos_paro_planificado: sumParo((p) => p.planificado),
    minutos_falla: sumParo((p) => p.falla),
    minutos_microparo: sumParo((p) => p.microparo),
    producido_cu: round2(dias.reduce((a, d) => a + d.producidoCu, 0)),
    capacidad_pagada_cu: round2(capacidadPagada),
    capacidad_marcha_cu: round2(dias.reduce((a, d) => a + d.capacidadMarchaCu, 0)),
    velocidad_nominal_cu_h:
      minutosPagados === null || minutosPagados <= 0 ? null : round2(capacidadPagada / (minutosPagados / 60)),
  };
}

function serie(dias: DiaLinea[], desde: string, hasta: string): DiaSerie[] {
  const out: DiaSerie[] = [];
  for (let fecha = desde; fecha <= hasta; fecha = addDays(fecha, 1)) {
    const rows = dias.filter((d) => d.fecha === fecha);
    const s = rows.map(sumsOfDia).reduce(addSums, emptySums());
    const p = periodo(s, rows.length === 1 ? rows[0]!.sap : null);
    out.push({ fecha, pagada: rows.length ? p.pagada : null, sap: rows.length ? p.sap : null });
  }
  return out;
}

const fechaSchema = (field: string) =>
  z
    .string({ error: `El campo "${field}" es obligatorio` })
    .refine(
      (v) => v >= '2000-01-01' && v <= '2100-12-31',
      `El campo "${field}" debe estar entre 2000 y 2100`,
    );

const sapSchema = z.object({
  linea: z
    .number({ error: 'El campo "linea" debe ser un número de línea' })
    .int('El campo "linea" debe ser un número de línea')
    .min(1, 'El campo "linea" debe ser un número de línea entre 1 y 99')
    .max(99, 'El campo "linea" debe ser un número de línea entre 1 y 99'),
  fecha: fechaSchema('fecha'),
  valor: z
    .number({ error: 'El campo "valor" debe ser un número' })
    .refine(Number.isFinite, 'El campo "valor" debe ser un número')
    .min(0, 'El campo "valor" (eficiencia SAP) debe estar entre 0 y 100 %')
    .max(100, 'El campo "valor" (eficiencia SAP) debe estar entre 0 y 100 %'),
});

export class EficienciaPagadaService {
  constructor(
    private readonly repo: EficienciaPagadaRepository,
    private readonly plantTz: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Per line and the plant (Σ over lines): the day, month and year to date, the day's detail, the month's days. */
  async consultar(input: unknown): Promise<EficienciaPagada> {
    const { fecha } = parseInput(z.object({ fecha: fechaSchema('fecha') }), input);
    const mesDesde = `${fecha.slice(0, 7)}-01`;
    const anioDesde = `${fecha.slice(0, 4)}-01-01`;
    const { start, end } = productionDayRange(fecha, this.plantTz);
    const [sums, dias, paros] = await Promise.all([
      this.repo.sums(fecha, mesDesde, anioDesde),
      this.repo.dias(mesDesde, fecha),
      this.repo.paros(start, end),
    ]);
    const lineas = sums.map((l): EficienciaPagadaLinea => {
      const propios = dias.filter((d) => d.numero === l.numero);
      return {
        numero: l.numero,
        nombre: l.nombre,
        dia: periodo(l.dia, propios.find((d) => d.fecha === fecha)?.sap ?? null),
        mes: periodo(l.mes),
        anio: periodo(l.anio),
        detalle: detalle(
          propios.filter((d) => d.fecha === fecha),
          paros.filter((p) => p.numero === l.numero),
        ),
        dias: serie(propios, mesDesde, fecha),
      };
    });
    const numeros = new Set(sums.map((l) => l.numero));
    const total = (pick: (l: (typeof sums)[number]) => Sums) => sums.map(pick).reduce(addSums, emptySums());
    return {
      fecha,
      lineas,
      planta: {
        dia: periodo(total((l) => l.dia)),
        mes: periodo(total((l) => l.mes)),
        anio: periodo(total((l) => l.anio)),
        detalle: detalle(
          dias.filter((d) => d.fecha === fecha && numeros.has(d.numero)),
          paros.filter((p) => numeros.has(p.numero)),
        ),
        dias: serie(
          dias.filter((d) => numeros.has(d.numero)),
          mesDesde,
          fecha,
        ),
      },
    };
  }

  /** SAP's figure for a line and day (admin, checked by the resolver): validated, audited, upserted. */
  async registrarSap(input: unknown, actor: { id: number; ip: string | null }): Promise<DiaSerie> {
    const data = parseInput(sapSchema, input);
    if (data.fecha > productionDay(this.now(), this.plantTz)) {
      throw badInput('El campo "fecha" no puede ser posterior al día de producción en curso', 'fecha');
    }
    const written = await this.repo.registrarSap({
      numero: data.linea,
      fecha: data.fecha,
      valor: data.valor,
      actorId: actor.id,
      ip: actor.ip,
    });
    if (!written)
      throw badInput(
        `El campo "linea" no corresponde a ninguna línea de producción (${data.linea})`,
        'linea',
      );
    const resumen = await this.consultar({ fecha: data.fecha });
    const linea = resumen.lineas.find((l) => l.numero === data.linea);
    return { fecha: data.fecha, pagada: linea?.dia.pagada ?? null, sap: linea?.dia.sap ?? null };
  }
}
