import {
  addDays,
  claseDeTipoParo,
  ETIQUETAS_CLASE_PERDIDA,
  productionDay,
  productionDayRange,
  type TurnoDelDia,
  turnosDelDia,
} from '@planta/domain';
import { z } from 'zod';
import { parseInput } from '../../validation.ts';
import type { Viewer } from '../auth/auth.service.ts';
import type { ColumnaExport, ExportacionesService } from '../exportaciones/exportaciones.service.ts';
import type { OrigenParo, ParoRecord, Tramo, TurnoRecord } from '../paros/paros.repository.ts';
import type { ParosService } from '../paros/paros.service.ts';
import type { PerdidasService } from './perdidas.service.ts';

// /fabrica/perdidas' "Exportar" (issue 33 item 5): every stop of the screen's period as a table.
// The period, line and shift are checked by perdidasOee's own rules (PerdidasService.parse), so
// the export answers the same Spanish refusals as the screen; the stops are read through the
// paros module a page at a time while the file is written.

export const INFORME_PAROS = 'Paros de línea';

const formatoSchema = z.object({
  formato: z.enum(['XLSX', 'CSV'], { error: 'El campo "formato" debe ser XLSX o CSV' }).nullish(),
});

export const ORIGEN_PARO: Readonly<Record<OrigenParo, string>> = {
  PLC: 'PLC',
  MANUAL: 'Manual',
  DEMO: 'Demostración',
};

export const COLUMNAS_PAROS: ColumnaExport[] = [
  { clave: 'linea', titulo: 'Línea', tipo: 'texto' },
  { clave: 'inicio', titulo: 'Inicio', tipo: 'fecha_hora' },
  { clave: 'fin', titulo: 'Fin', tipo: 'fecha_hora', vacio: 'En curso' },
  { clave: 'minutos', titulo: 'Minutos', unidad: 'min', tipo: 'numero', decimales: 1, resumen: 'suma' },
  { clave: 'clase', titulo: 'Clase', tipo: 'texto' },
  { clave: 'categoria', titulo: 'Categoría', tipo: 'texto' },
  { clave: 'motivo', titulo: 'Motivo', tipo: 'texto' },
  { clave: 'comentario', titulo: 'Comentario', tipo: 'texto' },
  { clave: 'origen', titulo: 'Origen', tipo: 'texto' },
  { clave: 'dado_por', titulo: 'Dado por', tipo: 'texto' },
  { clave: 'codigo_falla', titulo: 'Código de falla', tipo: 'numero', decimales: 0 },
  { clave: 'turno', titulo: 'Turno', tipo: 'texto' },
];

/**
 * Who gave a stop its reason: the person's name; 'PLC' when its mapped fault code did (a PLC stop
 * classified by nobody); nothing otherwise (no reason yet, the demo history).
 */
export function dadoPor(
  p: Pick<ParoRecord, 'motivo' | 'motivoPor' | 'origen' | 'codigoFalla'>,
): string | null {
  if (p.motivoPor) return p.motivoPor;
  return p.motivo && p.origen === 'PLC' && p.codigoFalla !== null ? 'PLC' : null;
}

/** The shift an instant falls in, its day's shifts computed once for the run of stops in it. */
function turnoDeInstantes(turnos: readonly TurnoRecord[], tz: string) {
  let dia: TurnoDelDia[] = [];
  const en = (t: number) => dia.find((d) => d.desde.getTime() <= t && t < d.hasta.getTime());
  return (instante: Date): TurnoDelDia | undefined => {
    const t = instante.getTime();
    let hallado = en(t);
    if (!hallado) {
      dia = turnosDelDia(productionDay(instante, tz), turnos, tz);
      hallado = en(t) ?? dia.at(-1);
    }
    return hallado;
  };
}

/** One row of the sheet. */
export function filaParo(p: ParoRecord, ahora: number, turno: TurnoDelDia | undefined) {
  return {
    linea: p.lineaNombre,
    inicio: p.inicio,
    fin: p.fin,
    minutos: ((p.fin?.getTime() ?? Math.max(ahora, p.inicio.getTime())) - p.inicio.getTime()) / 60_000,
    clase: ETIQUETAS_CLASE_PERDIDA[p.clase ?? claseDeTipoParo(p.tipo)],
    categoria: p.motivo?.categoria ?? null,
    motivo: p.motivo?.nombre ?? null,
    comentario: p.comentario,
    origen: ORIGEN_PARO[p.origen],
    dado_por: dadoPor(p),
    codigo_falla: p.codigoFalla,
    turno: turno?.nombre ?? null,
  };
}

/**
 * exportarParos: the stops that start within production days desde..hasta (≤ 366), of a line
 * (linea_id) or the plant, optionally within shift `turno` of each day, oldest first, one row each
 * (an open stop: Fin 'En curso', its minutes until now).
 */
export async function exportarParos(
  deps: { perdidas: PerdidasService; paros: ParosService; exportaciones: ExportacionesService },
  tz: string,
  ahora: number,
  viewer: Viewer,
  rawInput: unknown,
) {
  const input =
    rawInput !== null && typeof rawInput === 'object' ? (rawInput as Record<string, unknown>) : {};
  const { formato } = parseInput(formatoSchema, { formato: input.formato });
  const { desde, hasta, lineaId, turno, lineas, turnos } = await deps.perdidas.parse({
    linea_id: input.linea_id,
    desde: input.desde,
    hasta: input.hasta,
    turno: input.turno,
  });
  const linea = lineas.find((l) => l.id === lineaId);
  const periodo = { desde: productionDayRange(desde, tz).start, hasta: productionDayRange(hasta, tz).end };
  const tramos: Tramo[] = [];
  if (turno === null) tramos.push(periodo);
  else {
    for (let fecha = desde; fecha <= hasta; fecha = addDays(fecha, 1)) {
      const t = turnosDelDia(fecha, turnos, tz).find((x) => x.numero === turno);
      if (t) tramos.push({ desde: t.desde, hasta: t.hasta });
    }
  }
  const turnoDe = turnoDeInstantes(turnos, tz);
  async function* filas() {
    for await (const p of deps.paros.recorrer(tramos, lineaId)) yield filaParo(p, ahora, turnoDe(p.inicio));
  }
  return deps.exportaciones.iniciar(viewer, {
    informe: INFORME_PAROS,
    archivo: `paros_${desde}_${hasta}${linea ? `_linea-${linea.numero}` : ''}${turno !== null ? `_turno-${turno}` : ''}`,
    formato: formato ?? 'XLSX',
    parametros: {
      desde: periodo.desde.toISOString(),
      hasta: periodo.hasta.toISOString(),
      ...(linea ? { linea: linea.numero } : {}),
      ...(turno !== null ? { turno } : {}),
    },
    hojas: async () => [
      {
        nombre: 'Paros',
        columnas: COLUMNAS_PAROS,
        filas: filas(),
        totalFilas: await deps.paros.contar(tramos, lineaId),
      },
    ],
  });
}
