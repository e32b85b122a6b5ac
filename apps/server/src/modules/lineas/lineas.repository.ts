import { asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lineas, plantas } from '../../db/schema/index.ts';

/** The line that stands for the whole plant; it is not a production line. */
export const PLANT_LINE_NAME = 'Planta';

export interface PlantaRecord {
  id: number;
  nombre: string;
}

export interface LineaRecord {
  id: number;
  nombre: string;
  numero: number;
  planta: PlantaRecord;
}

// ---------------------------------------------------------------- shared selections
// Other repositories (variables, turnos, planificaciones) join a line and its plant with these.

export const lineaColumns = { id: lineas.id, nombre: lineas.nombre, numero: lineas.numero };
export const plantaColumns = { id: plantas.id, nombre: plantas.nombre };

export type LineaRow = { id: number; nombre: string; numero: number } | null;

export function toLinea(linea: LineaRow, planta: PlantaRecord | null): LineaRecord | null {
  if (!linea) return null;
  // lineas.planta_id is NOT NULL with a foreign key, so a joined line always has its plant.
  if (!planta) throw new Error(`la línea ${linea.id} no tiene planta`);
  return { ...linea, planta };
}

export function mustLinea(linea: LineaRow, planta: PlantaRecord | null): LineaRecord {
  const found = toLinea(linea, planta);
  if (!found) throw new Error('fila sin línea');
  return found;
}

// ---------------------------------------------------------------- repository

/** The only place that builds queries for lineas (and their plantas). */
export class LineasRepository {
  constructor(private readonly db: Db) {}

  /** Production lines: every line except the one standing for the whole plant. */
  async listLineas(): Promise<LineaRecord[]> {
    const rows = await this.db
      .select({ linea: lineaColumns, planta: plantaColumns })
      .from(lineas)
      .innerJoin(plantas, eq(plantas.id, lineas.plantaId))
      .where(ne(lineas.nombre, PLANT_LINE_NAME))
      .orderBy(asc(lineas.numero));
    return rows.map((row) => mustLinea(row.linea, row.planta));
  }

  async findLinea(id: number): Promise<LineaRecord | undefined> {
    const [row] = await this.db
      .select({ linea: lineaColumns, planta: plantaColumns })
      .from(lineas)
      .innerJoin(plantas, eq(plantas.id, lineas.plantaId))
      .where(eq(lineas.id, id));
    return row && mustLinea(row.linea, row.planta);
  }
}
