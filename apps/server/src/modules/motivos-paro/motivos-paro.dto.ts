import type { ClasePerdida } from '@planta/domain';

/** A stop reason as read with its category's name (the paros module joins it the same way). */
export interface MotivoParoRecord {
  id: number;
  nombre: string;
  categoriaId: number;
  categoria: string;
  clase: ClasePerdida;
  lineaIds: number[];
  codigosFalla: number[];
  version: number;
}

/** The GraphQL MotivoParo (and what the audit keeps before/after); Paro.motivo embeds it. */
export function toMotivoParoDto(row: MotivoParoRecord) {
  return {
    id: row.id,
    nombre: row.nombre,
    categoria_id: row.categoriaId,
    categoria: row.categoria,
    clase: row.clase,
    linea_ids: row.lineaIds,
    codigos_falla: row.codigosFalla,
    version: row.version,
  };
}

export type MotivoParoDto = ReturnType<typeof toMotivoParoDto>;
