import { finishedProduct, type KpiColor, PRODUCTION_HOUR_ORDER } from '@planta/domain';
import { hourlySlots } from '../plant-hours.ts';

/** One hour of a line's counters (`scadaLinea` with hourly buckets): sums, mean speed, main formato. */
export interface LecturaHora {
  fecha: string;
  /** Mean bottles per minute over the hour's minutes (stops included). */
  velocidad: number;
  botellas: number;
  botellas_llenas: number;
  paquetes: number;
  /** HMI code of the product that ran most of the hour; 0 = no product. */
  formato: number;
}

/** What the hourly figures need of a product presentation. */
export interface PresentacionBasica {
  num_botellas: number;
  velocidad_nominal: { velocidad_botellas_minuto: number } | null;
}

/**
 * Product presentations of a line by HMI code (formato): `null` when the code is unknown to the
 * catalogue, missing from the map while it loads.
 */
export type PresentacionesPorFormato = ReadonlyMap<number, PresentacionBasica | null>;

/** A slot of the production day (8…23, 0…7): the reading or null (a gap), with derived figures. */
export interface HoraProduccion {
  hora: number;
  lectura: LecturaHora | null;
  /** Bottles per pack × packs (SPEC §9); 0 with no product; null while its presentation loads or in a gap. */
  productoTerminado: number | null;
  /** Nominal speed (bpm) of the hour's product on this line; null with no product or unknown. */
  nominal: number | null;
}

/**
 * Finished product of an hour = bottles per pack of its product × packs. An hour without product
 * (formato 0) or with a code the catalogue does not know counts 0, as the server's daily total
 * does; null while the presentation is still loading.
 */
export function productoTerminadoHora(
  lectura: Pick<LecturaHora, 'formato' | 'paquetes'>,
  presentaciones: PresentacionesPorFormato,
): number | null {
  if (lectura.formato === 0) return 0;
  if (!presentaciones.has(lectura.formato)) return null;
  const presentacion = presentaciones.get(lectura.formato);
  return presentacion ? finishedProduct(presentacion.num_botellas, lectura.paquetes) : 0;
}

/** Nominal bottles per minute of a formato on the line; null for no product or unknown. */
export function nominalDe(formato: number, presentaciones: PresentacionesPorFormato): number | null {
  if (formato === 0) return null;
  return presentaciones.get(formato)?.velocidad_nominal?.velocidad_botellas_minuto ?? null;
}

/** The 24 hours of a production day, in production order, with gaps kept and finished product. */
export function horasDelDia(
  lecturas: readonly LecturaHora[],
  timeZone: string,
  presentaciones: PresentacionesPorFormato,
): HoraProduccion[] {
  const slots = hourlySlots(lecturas, timeZone);
  return PRODUCTION_HOUR_ORDER.map((hora, i) => {
    const lectura = slots[i] ?? null;
    return {
      hora,
      lectura,
      productoTerminado: lectura ? productoTerminadoHora(lectura, presentaciones) : null,
      nominal: lectura ? nominalDe(lectura.formato, presentaciones) : null,
    };
  });
}

export interface TotalesHoras {
  botellas: number;
  botellas_llenas: number;
  paquetes: number;
  /** Null while a presentation the day needs is loading. */
  productoTerminado: number | null;
  /** Hours with a reading. */
  horas: number;
}

/** Sums of the hours with a reading (raw counts are summed, never averaged). */
export function totalesHoras(horas: readonly HoraProduccion[]): TotalesHoras {
  const totals: TotalesHoras = {
    botellas: 0,
    botellas_llenas: 0,
    paquetes: 0,
    productoTerminado: 0,
    horas: 0,
  };
  for (const h of horas) {
    if (!h.lectura) continue;
    totals.horas++;
    totals.botellas += h.lectura.botellas;
    totals.botellas_llenas += h.lectura.botellas_llenas;
    totals.paquetes += h.lectura.paquetes;
    totals.productoTerminado =
      totals.productoTerminado === null || h.productoTerminado === null
        ? null
        : totals.productoTerminado + h.productoTerminado;
  }
  return totals;
}

export interface ProductoDelDia {
  formato: number;
  /** Hours in which it was the main product. */
  horas: number;
  paquetes: number;
  productoTerminado: number | null;
}

/** The products run in the day (by formato, in order of first appearance), with their packs. */
export function productosDelDia(horas: readonly HoraProduccion[]): ProductoDelDia[] {
  const byFormato = new Map<number, ProductoDelDia>();
  for (const h of horas) {
    if (!h.lectura || h.lectura.formato === 0) continue;
    const item = byFormato.get(h.lectura.formato) ?? {
      formato: h.lectura.formato,
      horas: 0,
      paquetes: 0,
      productoTerminado: 0,
    };
    item.horas++;
    item.paquetes += h.lectura.paquetes;
    item.productoTerminado =
      item.productoTerminado === null || h.productoTerminado === null
        ? null
        : item.productoTerminado + h.productoTerminado;
    byFormato.set(h.lectura.formato, item);
  }
  return [...byFormato.values()];
}

/** The distinct product codes (≠ 0) of a set of readings, sorted: the presentations to load. */
export function formatosDe(
  lecturas: readonly { formato: number }[],
  ...extra: (number | null | undefined)[]
): number[] {
  const set = new Set<number>();
  for (const l of lecturas) if (l.formato !== 0) set.add(l.formato);
  for (const f of extra) if (f) set.add(f);
  return [...set].sort((a, b) => a - b);
}

/**
 * The product presentation the line shows: the live formato while the day is in progress and the
 * line has a product now; else (no live value, a past day, or no product on the line now) the
 * last product that ran in the day; 0 when none did.
 */
export function formatoEnCurso(
  horas: readonly HoraProduccion[],
  vivo: { formato: number } | null | undefined,
): { formato: number; origen: 'vivo' | 'dia' } {
  if (vivo && vivo.formato !== 0) return { formato: vivo.formato, origen: 'vivo' };
  for (let i = horas.length - 1; i >= 0; i--) {
    const formato = horas[i]?.lectura?.formato ?? 0;
    if (formato !== 0) return { formato, origen: 'dia' };
  }
  return { formato: 0, origen: 'dia' };
}

/**
 * The day's nominal speed when several products ran, to compare with its mean running speed
 * (bottles ÷ running minutes): each product's nominal weighted by the time it ran. The running
 * minutes of an hour are estimated as its bottles ÷ its nominal, so the result is
 * Σ bottles ÷ Σ (bottles ÷ nominal) — exact when the line keeps the same share of nominal speed
 * across products. (Weighting by bottles instead would favour the fast small bottles and make a
 * line that also ran big bottles look slow.)
 */
export function nominalPonderada(horas: readonly HoraProduccion[]): number | null {
  let botellas = 0;
  let minutosNominales = 0;
  for (const h of horas) {
    if (!h.lectura || h.nominal === null || h.nominal <= 0 || h.lectura.botellas <= 0) continue;
    botellas += h.lectura.botellas;
    minutosNominales += h.lectura.botellas / h.nominal;
  }
  return minutosNominales > 0 ? botellas / minutosNominales : null;
}

/** Real speed as a percentage of the nominal; null without a positive nominal or a real value. */
export function porcentajeNominal(
  real: number | null | undefined,
  nominal: number | null | undefined,
): number | null {
  if (real == null || nominal == null || !Number.isFinite(real) || !Number.isFinite(nominal) || nominal <= 0)
    return null;
  return (real / nominal) * 100;
}

/**
 * Speed against nominal (*estimate*; OEE literature puts world-class performance near 95 %):
 * ≥ 90 % of the nominal green, ≥ 75 % amber, below red; 'default' without a nominal.
 */
export const VELOCIDAD_UMBRALES = { bueno: 90, aceptable: 75 } as const;

export function velocidadColor(
  real: number | null | undefined,
  nominal: number | null | undefined,
): KpiColor {
  const pct = porcentajeNominal(real, nominal);
  if (pct === null) return 'default';
  if (pct >= VELOCIDAD_UMBRALES.bueno) return 'success';
  return pct >= VELOCIDAD_UMBRALES.aceptable ? 'warning' : 'error';
}

/** Rejected bottles (counted but not filled) as a share of the counted ones, %. */
export function rechazoPorcentaje(botellas: number, llenas: number): number | null {
  return botellas > 0 ? ((botellas - llenas) / botellas) * 100 : null;
}
