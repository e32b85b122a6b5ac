import { addDays, productionDaysBetween, round2 } from '@planta/domain';

/** Days of the ETA chart: the 30 days ending on the chosen date. */
export const DIAS_ETA = 30;

/** A day of the REST series (`/api/pta/historicos/eta` and `/eta/lineas`). */
export interface EtaDia {
  fecha: string;
  linea?: number | null;
  eta: number | null;
  pagada: number | null;
  sap: number | null;
}

/** The ETA chart's range: DIAS_ETA days ending on `fecha`. */
export function rangoEta(fecha: string): { desde: string; hasta: string } {
  return { desde: addDays(fecha, -(DIAS_ETA - 1)), hasta: fecha };
}

/** A day of the chart: the plant's ETA and the chosen line's ETA, paid and SAP efficiency. */
export interface DiaEficiencia {
  fecha: string;
  etaPlanta: number | null;
  eta: number | null;
  pagada: number | null;
  sap: number | null;
}

const r2 = (v: number | null | undefined) => (v == null || !Number.isFinite(v) ? null : round2(v));

/**
 * Every day from `desde` to `hasta` (days without data kept, as gaps) with the plant's series
 * (datosEta) and the line's (datosEtaLinea) side by side, values rounded to 2 decimals.
 */
export function diasEficiencia(
  desde: string,
  hasta: string,
  planta: readonly EtaDia[] | undefined,
  linea: readonly EtaDia[] | undefined,
): DiaEficiencia[] {
  const p = new Map((planta ?? []).map((d) => [d.fecha, d]));
  const l = new Map((linea ?? []).map((d) => [d.fecha, d]));
  return productionDaysBetween(desde, hasta).map((fecha) => ({
    fecha,
    etaPlanta: r2(p.get(fecha)?.eta),
    eta: r2(l.get(fecha)?.eta),
    pagada: r2(l.get(fecha)?.pagada),
    sap: r2(l.get(fecha)?.sap),
  }));
}

/** The selection that opens the paid-efficiency view (SPEC §3 {linea, pagada, sap, fecha}). */
export interface SeleccionEficiencia {
  linea: number;
  pagada: number | null;
  sap: number | null;
  fecha: string;
}

/** The selection of a line's day; null for a day without the line's data. */
export function seleccionDe(linea: number, dia: DiaEficiencia | undefined): SeleccionEficiencia | null {
  if (!dia || (dia.eta === null && dia.pagada === null && dia.sap === null)) return null;
  return { linea, pagada: dia.pagada, sap: dia.sap, fecha: dia.fecha };
}

/** Paid efficiency minus SAP's, in percentage points (2 decimals); null when either is missing. */
export function brechaPp(pagada: number | null, sap: number | null): number | null {
  return pagada === null || sap === null ? null : round2(pagada - sap);
}

/** The paid-efficiency screen for a selection: `/eficiencia_pagada?linea=1&fecha=2026-11-21`. */
export function enlaceEficienciaPagada(s: Pick<SeleccionEficiencia, 'linea' | 'fecha'>): string {
  return `/eficiencia_pagada?${new URLSearchParams({ linea: String(s.linea), fecha: s.fecha }).toString()}`;
}
