import { parseDayRange } from '../../time-range.ts';

export const MAX_PERDIDAS_DIAS = 366;

import type { PerdidasRepository } from './perdidas.repository.ts';

export class PerdidasService {
  constructor(
    private readonly repo: PerdidasRepository,
    private readonly tz: string,
  ) {}

  async perdidasOee(args: Record<string, unknown>) {
    const { desde, hasta } = parseDayRange(args.desde, args.hasta, MAX_PERDIDAS_DIAS - 1);
    return {
      linea_id: null,
      desde,
      hasta,
      turno: null,
      tiempo_planificado: 0,
      paros_planificados: 0,
      tiempo_operativo: 0,
      tiempo_neto: 0,
      tiempo_productivo: 0,
      disponibilidad: null,
      rendimiento: null,
      calidad: null,
      oee: null,
      perdidas: [],
      pareto: [],
      planificados: [],
      principales: [],
      cambios_formato: [],
      mtbf: null,
      mttr: null,
      sin_motivo_pct: null,
      lineas_tiempo: [],
    };
  }
}
