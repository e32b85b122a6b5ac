import { keepPreviousData } from '@tanstack/react-query';
import { useQuery } from '../../../lib/consultas.ts';
import type { FormatoTabla } from '../../../components/export/export-button.tsx';
import { gql } from '../../../lib/graphql-client.ts';
import {
  ExportarHorasExtraDocument,
  HorasExtraDetalleDocument,
  type HorasExtraDetalleQuery,
  HorasExtraEmpleadosDocument,
  type HorasExtraEmpleadosQuery,
  HorasExtraResumenDocument,
  type HorasExtraResumenQuery,
  HorasExtraSemanalDocument,
  type HorasExtraSemanalQuery,
} from './horas-extra.generated.ts';

export type HorasExtraResumen = HorasExtraResumenQuery['horasExtraResumen'];
export type HorasExtraSemana = HorasExtraSemanalQuery['horasExtraSemanal'][number];
export type HorasExtraEmpleado = HorasExtraEmpleadosQuery['horasExtraEmpleados'][number];
export type HoraExtra = HorasExtraDetalleQuery['horasExtraDetalle'][number];

/** Every query of the screen starts with this key (an import invalidates them all). */
export const HORAS_EXTRA_KEY = ['horasExtra'] as const;

/** The screen's filters: a range of dates (both inclusive) and one area or all (null). */
export interface ConsultaHorasExtra {
  desde: string;
  hasta: string;
  area: string | null;
}

/** How many employees the top list shows. */
export const TOP_EMPLEADOS = 10;

const variables = (c: ConsultaHorasExtra) => ({ desde: c.desde, hasta: c.hasta, area: c.area });
const clave = (nombre: string, c: ConsultaHorasExtra | undefined) =>
  [...HORAS_EXTRA_KEY, nombre, c?.desde, c?.hasta, c?.area ?? null] as const;

/** Overtime of the range against ordinary hours and the budget; disabled while `c` is undefined. */
export function useHorasExtraResumen(c: ConsultaHorasExtra | undefined) {
  return useQuery<HorasExtraResumen>({
    queryKey: clave('resumen', c),
    queryFn: ({ signal }) =>
      gql(HorasExtraResumenDocument, variables(c!), { signal }).then((r) => r.horasExtraResumen),
    enabled: c !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** Overtime per ISO week and area. */
export function useHorasExtraSemanal(c: ConsultaHorasExtra | undefined) {
  return useQuery<HorasExtraSemana[]>({
    queryKey: clave('semanal', c),
    queryFn: ({ signal }) =>
      gql(HorasExtraSemanalDocument, variables(c!), { signal }).then((r) => r.horasExtraSemanal),
    enabled: c !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** The employees with the most overtime in the range (TOP_EMPLEADOS). */
export function useHorasExtraEmpleados(c: ConsultaHorasExtra | undefined) {
  return useQuery<HorasExtraEmpleado[]>({
    queryKey: clave('empleados', c),
    queryFn: ({ signal }) =>
      gql(HorasExtraEmpleadosDocument, { ...variables(c!), limite: TOP_EMPLEADOS }, { signal }).then(
        (r) => r.horasExtraEmpleados,
      ),
    enabled: c !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** Every overtime record of the range, by date. */
export function useHorasExtraDetalle(c: ConsultaHorasExtra | undefined) {
  return useQuery<HoraExtra[]>({
    queryKey: clave('detalle', c),
    queryFn: ({ signal }) =>
      gql(HorasExtraDetalleDocument, variables(c!), { signal }).then((r) => r.horasExtraDetalle),
    enabled: c !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** Starts the screen's export (weeks by area, top employees, detail) and returns its id. */
export function exportarHorasExtra(c: ConsultaHorasExtra, formato: FormatoTabla): Promise<{ id: string }> {
  return gql(ExportarHorasExtraDocument, { input: { ...variables(c), formato } }).then(
    (r) => r.exportarHorasExtra,
  );
}
