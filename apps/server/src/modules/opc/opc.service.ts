import { LINE_TAGS, lineNodeId } from '@planta/domain';
import { z } from 'zod';
import { OpcNodoInexistente, OpcSinConexion } from '../../collector/collector.ts';
import { AppError, badInput, notFound } from '../../errors.ts';
import { id, parseInput } from '../../validation.ts';
import { escribirConfiguracion } from '../audit/escritura.ts';
import type { ClientInfo, Viewer } from '../auth/auth.service.ts';
import { requireAdmin } from '../auth/guards.ts';
import { strictInput } from '../../service-helpers.ts';
import type { LineaOpc, MapeoRow, OpcRepository, VariableOpc } from './opc.repository.ts';
import type { NavegadorOpc, PuertaOpc } from './opc-puerta.ts';

export const SIN_CONEXION = 'Sin conexión con el servidor OPC UA';

const nodeIdSchema = (field: string) =>
  z
    .string({ error: `El campo "${field}" debe ser un texto` })
    .trim()
    .max(500, `El campo "${field}" admite como máximo 500 caracteres`)
    .nullish()
    .transform((v) => (v ? v : null));

const version = z
  .number({ error: 'El campo "version" debe ser un número entero' })
  .int('El campo "version" debe ser un número entero')
  .nullish();

const mapeoLineaSchema = strictInput({
  linea_id: id('linea_id'),
  campo: z.enum(LINE_TAGS, { error: `El campo "campo" debe ser uno de: ${LINE_TAGS.join(', ')}` }),
  node_id: nodeIdSchema('node_id'),
  version,
});

const mapeoVariableSchema = strictInput({
  variable_id: id('variable_id'),
  node_id: nodeIdSchema('node_id'),
  version,
});

const browseSchema = z.object({ node_id: nodeIdSchema('node_id') });
const valorSchema = z.object({
  node_id: z
    .string({ error: 'El campo "node_id" es obligatorio' })
    .trim()
    .min(1, 'El campo "node_id" es obligatorio')
    .max(500, 'El campo "node_id" admite como máximo 500 caracteres'),
});

export interface MapeoLineaDto {
  id: string;
  linea_id: number;
  linea_numero: number;
  linea_nombre: string;
  campo: string;
  node_id: string;
  por_defecto: boolean;
  version: number;
}

export interface OpcValorDto {
  node_id: string;
  node_class: string | null;
  data_type: string | null;
  numerico: boolean;
  valor: string | null;
  estado: string;
  fecha: Date | null;
}

/**
 * NOT_FOUND (no session with the plant server here), not SERVICE_UNAVAILABLE: this server answers
 * fine, and a 503 would make the web shell report a server failure on every value poll.
 */
const sinConexion = () => new AppError('NOT_FOUND', SIN_CONEXION);

function mapeoDto(linea: LineaOpc, campo: string, row: MapeoRow | undefined): MapeoLineaDto {
  return {
    id: `${linea.id}:${campo}`,
    linea_id: linea.id,
    linea_numero: linea.numero,
    linea_nombre: linea.nombre,
    campo,
    node_id: row?.node_id ?? lineNodeId(linea.numero, campo as (typeof LINE_TAGS)[number]),
    por_defecto: !row,
    version: row?.version ?? 0,
  };
}

function texto(valor: unknown): string | null {
  if (valor === null || valor === undefined) return null;
  if (typeof valor === 'number') return String(valor);
  if (valor instanceof Date) return valor.toISOString();
  if (typeof valor === 'object') return JSON.stringify(valor).slice(0, 500);
  return String(valor).slice(0, 500);
}

/** The OPC UA tag browser (read-only) and the tag mapping of lines and variables (admin). */
export class OpcService {
  constructor(
    private readonly repo: OpcRepository,
    private readonly puerta: PuertaOpc,
  ) {}

  private navegador(): NavegadorOpc {
    const colector = this.puerta.colector;
    if (!colector) throw sinConexion();
    return colector;
  }

  private async conColector<T>(fn: (nav: NavegadorOpc) => Promise<T>): Promise<T> {
    try {
      return await fn(this.navegador());
    } catch (error) {
      if (error instanceof OpcSinConexion) throw sinConexion();
      if (error instanceof OpcNodoInexistente) {
        throw badInput(`El nodo ${error.nodeId} no existe en el servidor OPC UA`, 'node_id');
      }
      if (error instanceof AppError) throw error;
      // A session that broke in the middle of a request: the same answer as no session.
      throw sinConexion();
    }
  }

  async nodos(viewer: Viewer, args: unknown) {
    requireAdmin(viewer);
    const { node_id } = parseInput(browseSchema, args);
    return this.conColector((nav) => nav.browseNode(node_id));
  }

  async valor(viewer: Viewer, args: unknown): Promise<OpcValorDto> {
    requireAdmin(viewer);
    const { node_id } = parseInput(valorSchema, args);
    const lectura = await this.conColector((nav) => nav.readNode(node_id));
    if (!lectura.existe) throw badInput(`El nodo ${node_id} no existe en el servidor OPC UA`, 'node_id');
    return {
      node_id,
      node_class: lectura.node_class,
      data_type: lectura.data_type,
      numerico: lectura.numerico,
      valor: texto(lectura.valor),
      estado: lectura.estado,
      fecha: lectura.fecha,
    };
  }

  async mapeosLineas(viewer: Viewer): Promise<MapeoLineaDto[]> {
    requireAdmin(viewer);
    const [lineas, rows] = [await this.repo.lineas(), await this.repo.mapeos()];
    return lineas.flatMap((linea) =>
      LINE_TAGS.map((campo) =>
        mapeoDto(
          linea,
          campo,
          rows.find((r) => r.linea_id === linea.id && r.campo === campo),
        ),
      ),
    );
  }

  async mapeosVariables(viewer: Viewer): Promise<VariableOpc[]> {
    requireAdmin(viewer);
    return this.repo.variables();
  }

  /** Refuses a node the server does not have, that is not a Variable or not numeric. */
  private async validarNodo(nodeId: string): Promise<void> {
    const lectura = await this.conColector((nav) => nav.readNode(nodeId));
    if (!lectura.existe) throw badInput(`El nodo ${nodeId} no existe en el servidor OPC UA`, 'node_id');
    if (lectura.node_class !== 'Variable') {
      throw badInput(
        `El nodo ${nodeId} no es una variable (es de clase ${lectura.node_class ?? 'desconocida'}): elija un nodo con valor`,
        'node_id',
      );
    }
    if (!lectura.numerico) {
      throw badInput(
        `El nodo ${nodeId} no es numérico (tipo ${lectura.data_type ?? 'desconocido'}): solo se pueden mapear valores numéricos`,
        'node_id',
      );
    }
  }

  /** Who else reads a node: another line tag (mapped or by default) or a variable. */
  private async usoDeNodo(
    repo: OpcRepository,
    nodeId: string,
    except: { lineaId?: number; campo?: string; variableId?: number },
  ): Promise<string | null> {
    const lineas = await repo.lineas();
    const rows = await repo.mapeos();
    for (const linea of lineas) {
      for (const campo of LINE_TAGS) {
        if (linea.id === except.lineaId && campo === except.campo) continue;
        const efectivo = mapeoDto(
          linea,
          campo,
          rows.find((r) => r.linea_id === linea.id && r.campo === campo),
        );
        if (efectivo.node_id === nodeId) return `${linea.nombre} · ${campo}`;
      }
    }
    const variable = await repo.variableDeNodo(nodeId, except.variableId ?? null);
    return variable ? `la variable «${variable.nombre}»` : null;
  }

  private async avisarColector(): Promise<void> {
    await this.puerta.colector?.reloadMapping().catch(() => {});
  }

  async mapearLinea(viewer: Viewer, input: unknown, client?: ClientInfo): Promise<MapeoLineaDto> {
    requireAdmin(viewer);
    const data = parseInput(mapeoLineaSchema, input);
    if (data.node_id) await this.validarNodo(data.node_id);
    const result = await this.repo.transaction(async (repo) => {
      // The line's row is the lock: its tags' mapping rows may not exist yet.
      const linea = await repo.lockLinea(data.linea_id);
      if (!linea) throw notFound('La línea no existe');
      const porDefecto = lineNodeId(linea.numero, data.campo);
      const nodeId = data.node_id ?? porDefecto;
      const { despues } = await escribirConfiguracion(repo.db, {
        autor: { viewer, client },
        entidad: 'opc_mapeos',
        bloquear: async () => mapeoDto(linea, data.campo, await repo.mapeo(linea.id, data.campo)),
        version: data.version,
        unico: {
          mensaje: 'Otro administrador asignó ese nodo o esa etiqueta al mismo tiempo',
          campo: 'node_id',
          ocupado: () => this.nodoUsado(repo, nodeId, { lineaId: linea.id, campo: data.campo }),
        },
        aplicar: async (antes) => {
          if (nodeId === porDefecto) await repo.deleteMapeo(linea.id, data.campo);
          else await repo.upsertMapeo(linea.id, data.campo, nodeId);
          await repo.bumpVersion();
          return {
            id: antes!.id,
            despues: mapeoDto(linea, data.campo, await repo.mapeo(linea.id, data.campo)),
          };
        },
        operacion: (antes, despues) =>
          antes!.por_defecto ? 'crear' : despues!.por_defecto ? 'eliminar' : 'modificar',
      });
      return despues!;
    });
    await this.avisarColector();
    return result;
  }

  async mapearVariable(viewer: Viewer, input: unknown, client?: ClientInfo): Promise<VariableOpc> {
    requireAdmin(viewer);
    const data = parseInput(mapeoVariableSchema, input);
    if (data.node_id) await this.validarNodo(data.node_id);
    const result = await this.repo.transaction(async (repo) => {
      const { node_id: nodeId, variable_id: variableId } = data;
      const { despues } = await escribirConfiguracion(repo.db, {
        autor: { viewer, client },
        entidad: 'variables',
        bloquear: () => repo.variable(variableId, true),
        noExiste: 'La variable no existe o no está activa',
        version: data.version,
        unico: {
          mensaje: 'Otro administrador asignó ese nodo al mismo tiempo',
          campo: 'node_id',
          ocupado: async () => !!nodeId && this.nodoUsado(repo, nodeId, { variableId }),
        },
        aplicar: async () => {
          await repo.setVariableNode(variableId, nodeId);
          await repo.bumpVersion();
          return { id: variableId, despues: (await repo.variable(variableId))! };
        },
      });
      return despues!;
    });
    await this.avisarColector();
    return result;
  }

  /** `El nodo … ya está asignado a …` when another tag or variable reads the node, else false. */
  private async nodoUsado(
    repo: OpcRepository,
    nodeId: string,
    except: Parameters<OpcService['usoDeNodo']>[2],
  ): Promise<string | false> {
    const usado = await this.usoDeNodo(repo, nodeId, except);
    return usado ? `El nodo ${nodeId} ya está asignado a ${usado}` : false;
  }
}
