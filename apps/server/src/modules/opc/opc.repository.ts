import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { OPC_MAPEO_VERSION_KEY } from '../../collector/collector.ts';
import { PLANT_LINE_NAME } from '../lineas/lineas.repository.ts';

export interface LineaOpc {
  id: number;
  numero: number;
  nombre: string;
}

export interface MapeoRow {
  linea_id: number;
  campo: string;
  node_id: string;
  version: number;
}

export interface VariableOpc {
  id: number;
  nombre: string;
  area: string;
  unidad: string;
  fuente: string;
  opc_node_id: string | null;
  version: number;
}

/** The only place with the tag mapping's queries (opc_mapeos, variables.opc_node_id, sistema). */
export class OpcRepository {
  constructor(readonly db: Db) {}

  transaction<T>(fn: (repo: OpcRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new OpcRepository(tx as unknown as Db)));
  }

  private async rows<T>(query: SQL): Promise<T[]> {
    return ((await this.db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  lineas(): Promise<LineaOpc[]> {
    return this.rows(
      sql`select id, numero::int as numero, nombre from lineas where nombre <> ${PLANT_LINE_NAME} order by numero`,
    );
  }

  /** A production line, locked for update (serialises the mapping writes of one line). */
  async lockLinea(id: number): Promise<LineaOpc | undefined> {
    const [row] = await this.rows<LineaOpc>(
      sql`select id, numero::int as numero, nombre from lineas where id = ${id} and nombre <> ${PLANT_LINE_NAME} for update`,
    );
    return row;
  }

  mapeos(): Promise<MapeoRow[]> {
    return this.rows(sql`select linea_id, campo, node_id, version from opc_mapeos`);
  }

  async mapeo(lineaId: number, campo: string): Promise<MapeoRow | undefined> {
    const [row] = await this.rows<MapeoRow>(
      sql`select linea_id, campo, node_id, version from opc_mapeos where linea_id = ${lineaId} and campo = ${campo} for update`,
    );
    return row;
  }

  async upsertMapeo(lineaId: number, campo: string, nodeId: string): Promise<void> {
    await this.db.execute(
      sql`insert into opc_mapeos (linea_id, campo, node_id) values (${lineaId}, ${campo}, ${nodeId})
          on conflict (linea_id, campo) do update set node_id = excluded.node_id,
            version = opc_mapeos.version + 1, actualizado = now()`,
    );
  }

  async deleteMapeo(lineaId: number, campo: string): Promise<void> {
    await this.db.execute(sql`delete from opc_mapeos where linea_id = ${lineaId} and campo = ${campo}`);
  }

  variables(): Promise<VariableOpc[]> {
    return this.rows(
      sql`select id, nombre, area, unidad, fuente, opc_node_id, version from variables where estado = 1 order by area, nombre`,
    );
  }

  async variable(id: number, lock = false): Promise<VariableOpc | undefined> {
    const [row] = await this.rows<VariableOpc>(
      sql`select id, nombre, area, unidad, fuente, opc_node_id, version from variables where id = ${id} and estado = 1
          ${lock ? sql`for update` : sql``}`,
    );
    return row;
  }

  /** The variable (other than `exceptId`) that reads a node, if any. */
  async variableDeNodo(
    nodeId: string,
    exceptId: number | null,
  ): Promise<{ id: number; nombre: string } | undefined> {
    const [row] = await this.rows<{ id: number; nombre: string }>(
      sql`select id, nombre from variables where opc_node_id = ${nodeId} and id <> ${exceptId ?? 0}`,
    );
    return row;
  }

  async setVariableNode(id: number, nodeId: string | null): Promise<void> {
    await this.db.execute(
      sql`update variables set opc_node_id = ${nodeId}, version = version + 1 where id = ${id}`,
    );
  }

  /** Marks a mapping change: every collector compares this key every minute and reloads on a change. */
  async bumpVersion(): Promise<void> {
    const valor = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    await this.db.execute(
      sql`insert into sistema (clave, valor) values (${OPC_MAPEO_VERSION_KEY}, ${valor})
          on conflict (clave) do update set valor = excluded.valor, actualizado = now()`,
    );
  }
}
