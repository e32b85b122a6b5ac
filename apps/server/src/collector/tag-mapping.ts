import { LINE_TAGS, type LineTag, lineNodeId } from '@planta/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/tipos.ts';

/** The `sistema` key whose value changes on every mapping change (other servers compare it every minute). */
export const OPC_MAPEO_VERSION_KEY = 'opc_mapeo_version';

/** A mapping of a line tag to another node than lineNodeId's default. */
export interface LineTagMapping {
  linea: number;
  campo: LineTag;
  nodeId: string;
}

/** An active variable read from the plant, and how its minute is aggregated. */
export interface VariableTag {
  id: number;
  nodeId: string;
  agregacion: 'SUMA' | 'PROMEDIO' | 'ULTIMO';
}

/** The line of a node named after it (`…Linea2.Energia`), if any. */
const lineaDelNodo = (nodeId: string): number | undefined => {
  const match = /Linea(\d+)\./.exec(nodeId);
  return match ? Number(match[1]) : undefined;
};

/**
 * What the collector reads, from the database: the lines and the node of each of their tags (the
 * tag mapping of /configuracion/lineas, else lineNodeId's default), and every active variable with
 * an OPC node id. `load` swaps everything in at once.
 */
export class TagMapping {
  lines: number[] = [];
  variables: VariableTag[] = [];
  /** The node of each line tag (the mapping, else lineNodeId's default), and back. */
  private lineNodes = new Map<string, string>();
  private nodeLines = new Map<string, number>();
  private nodeTags = new Map<string, { linea: number; tag: LineTag }>();
  private version: string | null = null;

  constructor(private readonly database: Database) {}

  async load(): Promise<void> {
    const db = this.database.db;
    const version = (await db.execute(
      sql`select valor from sistema where clave = ${OPC_MAPEO_VERSION_KEY}`,
    )) as unknown as { rows: { valor: string }[] };
    const lines = (await db.execute(
      sql`select numero from lineas where numero > 0 order by numero`,
    )) as unknown as {
      rows: { numero: number }[];
    };
    const mapped = (await db.execute(
      sql`select l.numero as linea, m.campo, m.node_id as "nodeId" from opc_mapeos m join lineas l on l.id = m.linea_id`,
    )) as unknown as { rows: LineTagMapping[] };
    const vars = (await db.execute(
      sql`select id, opc_node_id as "nodeId", agregacion from variables where estado = 1 and opc_node_id is not null order by id`,
    )) as unknown as { rows: VariableTag[] };
    // Everything read first, then swapped in at once: a minute closing meanwhile sees one mapping.
    const lineNodes = new Map<string, string>();
    const nodeLines = new Map<string, number>();
    const nodeTags = new Map<string, { linea: number; tag: LineTag }>();
    const numeros = lines.rows.map((r) => Number(r.numero));
    for (const linea of numeros) {
      for (const tag of LINE_TAGS) {
        const nodeId =
          mapped.rows.find((m) => Number(m.linea) === linea && m.campo === tag)?.nodeId ??
          lineNodeId(linea, tag);
        lineNodes.set(`${linea}:${tag}`, nodeId);
        nodeLines.set(nodeId, linea);
        nodeTags.set(nodeId, { linea, tag });
      }
    }
    this.version = version.rows[0]?.valor ?? null;
    this.lines = numeros;
    this.lineNodes = lineNodes;
    this.nodeLines = nodeLines;
    this.nodeTags = nodeTags;
    this.variables = vars.rows;
  }

  /** Whether another server changed the mapping since it was loaded (the `sistema` key). */
  async changed(): Promise<boolean> {
    const result = (await this.database.db.execute(
      sql`select valor from sistema where clave = ${OPC_MAPEO_VERSION_KEY}`,
    )) as unknown as { rows: { valor: string }[] };
    const current = result.rows[0]?.valor ?? null;
    return current !== this.version;
  }

  /** The node that feeds a line's tag (its mapping, else the default). */
  nodeOf(linea: number, tag: LineTag): string {
    return this.lineNodes.get(`${linea}:${tag}`) ?? lineNodeId(linea, tag);
  }

  /** The line tag a node feeds, if it feeds one. */
  tagOf(nodeId: string): { linea: number; tag: LineTag } | undefined {
    return this.nodeTags.get(nodeId);
  }

  /** Every node to monitor: each line's tags and each variable's node. */
  nodeIds(): string[] {
    return [
      ...new Set([
        ...this.lines.flatMap((l) => LINE_TAGS.map((tag) => this.nodeOf(l, tag))),
        ...this.variables.map((v) => v.nodeId),
      ]),
    ];
  }

  /**
   * The line a node reports for: one of its tags, or another tag of its PLC named after it (its
   * energy or air counters); undefined for a node of no line collected.
   */
  lineOf(nodeId: string): number | undefined {
    const linea = this.nodeLines.get(nodeId) ?? lineaDelNodo(nodeId);
    return linea !== undefined && this.lines.includes(linea) ? linea : undefined;
  }
}
