import {
  MAX_CATEGORIAS_PARO,
  MAX_CODIGO_FALLA,
  MAX_CODIGOS_POR_MOTIVO,
  MAX_MOTIVOS_PARO,
  VALORES_CLASE_PERDIDA,
} from '@planta/domain';
import { z } from 'zod';
import { badInput, conflict } from '../../errors.ts';
import { id, parseId, parseInput, requiredText } from '../../validation.ts';
import { type Autor, escribirConfiguracion, nombreUnico, type Unicidad } from '../audit/escritura.ts';
import type { ClientInfo, Viewer } from '../auth/auth.service.ts';
import { requireAdmin } from '../auth/guards.ts';
import { type MotivoParoDto, type MotivoParoRecord, toMotivoParoDto } from './motivos-paro.dto.ts';
import type {
  CategoriaRecord,
  LineaProduccion,
  MotivosParoRepository,
  MotivoValues,
  UmbralRecord,
} from './motivos-paro.repository.ts';

/** Longest category name. */
export const MAX_NOMBRE_CATEGORIA = 60;
/** Longest reason name. */
export const MAX_NOMBRE_MOTIVO = 80;
/** Micro-stop threshold range, seconds. */
export const MIN_UMBRAL_MICROPARO = 10;
export const MAX_UMBRAL_MICROPARO = 3600;
/** Most lines a reason may name (a plant has a handful). */
const MAX_LINEAS_POR_MOTIVO = 100;

const version = z
  .number({ error: 'El campo "version" debe ser un número entero' })
  .int('El campo "version" debe ser un número entero')
  .min(1, 'El campo "version" debe ser un número entero positivo')
  .max(2_147_483_647, 'El campo "version" no es válido')
  .nullish();

const categoriaSchema = z.strictObject({
  nombre: requiredText('nombre', MAX_NOMBRE_CATEGORIA),
  version,
});

const lineaId = id('linea_ids');

/** Production line ids, each once, ascending; omitted: none (every line). Errors name "linea_ids". */
const lineaIds = z
  .array(z.unknown(), { error: 'El campo "linea_ids" debe ser una lista de líneas' })
  .max(MAX_LINEAS_POR_MOTIVO, `El campo "linea_ids" admite como máximo ${MAX_LINEAS_POR_MOTIVO} líneas`)
  .nullish()
  .transform((valores, ctx) => {
    const ids = new Set<number>();
    for (const valor of valores ?? []) {
      const leido = lineaId.safeParse(valor);
      if (!leido.success) {
        ctx.addIssue({
          code: 'custom',
          message: 'El campo "linea_ids" debe ser una lista de identificadores de línea',
        });
        return z.NEVER;
      }
      ids.add(leido.data);
    }
    return [...ids].sort((a, b) => a - b);
  });

/** Fault codes 1–65535, at most 50, none repeated; stored ascending. Errors name "codigos_falla". */
const codigosFalla = z
  .array(z.unknown(), { error: 'El campo "codigos_falla" debe ser una lista de códigos' })
  .max(
    MAX_CODIGOS_POR_MOTIVO,
    `El campo "codigos_falla" admite como máximo ${MAX_CODIGOS_POR_MOTIVO} códigos`,
  )
  .nullish()
  .transform((valores, ctx) => {
    const codigos = new Set<number>();
    for (const valor of valores ?? []) {
      if (typeof valor !== 'number' || !Number.isInteger(valor) || valor < 1 || valor > MAX_CODIGO_FALLA) {
        const texto = typeof valor === 'number' ? String(valor) : 'un valor que no es un número entero';
        ctx.addIssue({
          code: 'custom',
          message: `El campo "codigos_falla" admite códigos enteros de 1 a ${MAX_CODIGO_FALLA}: ${texto} no lo es`,
        });
        return z.NEVER;
      }
      if (codigos.has(valor)) {
        ctx.addIssue({ code: 'custom', message: `El campo "codigos_falla" repite el código ${valor}` });
        return z.NEVER;
      }
      codigos.add(valor);
    }
    return [...codigos].sort((a, b) => a - b);
  });

const motivoSchema = z.strictObject({
  categoria_id: id('categoria_id'),
  nombre: requiredText('nombre', MAX_NOMBRE_MOTIVO),
  clase: z.enum(VALORES_CLASE_PERDIDA, {
    error: `El campo "clase" debe ser ${VALORES_CLASE_PERDIDA.slice(0, -1).join(', ')} o ${VALORES_CLASE_PERDIDA.at(-1)}`,
  }),
  linea_ids: lineaIds,
  codigos_falla: codigosFalla,
  version,
});

const umbralSchema = z.object({
  linea_id: id('linea_id'),
  segundos: z
    .number({ error: 'El campo "segundos" debe ser un número entero' })
    .int('El campo "segundos" debe ser un número entero de segundos')
    .min(
      MIN_UMBRAL_MICROPARO,
      `El campo "segundos" debe estar entre ${MIN_UMBRAL_MICROPARO} y ${MAX_UMBRAL_MICROPARO}`,
    )
    .max(
      MAX_UMBRAL_MICROPARO,
      `El campo "segundos" debe estar entre ${MIN_UMBRAL_MICROPARO} y ${MAX_UMBRAL_MICROPARO}`,
    ),
  version,
});

const versionSchema = z.object({ version });

/** Names in Spanish alphabetical order, ignoring case and accents. */
const orden = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

export function toUmbralDto(row: UmbralRecord) {
  return {
    linea_id: row.lineaId,
    linea: row.linea,
    linea_nombre: row.lineaNombre,
    segundos: row.segundos,
    version: row.version,
  };
}

export type UmbralDto = ReturnType<typeof toUmbralDto>;
export type CategoriaDto = CategoriaRecord & { motivos: MotivoParoDto[] };

/** What the audit keeps of a threshold: the line's row as it changed. */
const umbralAudit = (row: UmbralRecord) => ({
  id: row.lineaId,
  numero: row.linea,
  nombre: row.lineaNombre,
  umbral_microparo_s: row.segundos,
  version: row.version,
});

const CATEGORIA_CAMBIADA = 'La categoría de paros no existe (otro usuario pudo eliminarla)';
const MOTIVO_CAMBIADO = 'El motivo de paro no existe (otro usuario pudo eliminarlo)';

/**
 * The tree of stop reasons (categories → reasons, each of a loss class, optionally limited to some
 * lines and selected by PLC fault codes) and each production line's micro-stop threshold. Reads:
 * any logged-in user (the operator picks a reason); writes: admin, through the configuration write
 * path (audited, version-checked), one at a time.
 */
export class MotivosParoService {
  constructor(private readonly repo: MotivosParoRepository) {}

  // ------------------------------------------------------------ reads

  /** Categories by name, each with its reasons by name. */
  async categorias(): Promise<CategoriaDto[]> {
    const [categorias, motivos] = await Promise.all([this.repo.categorias(), this.repo.motivos()]);
    return categorias
      .sort((a, b) => orden.compare(a.nombre, b.nombre))
      .map((categoria) => this.conMotivos(categoria, motivos));
  }

  /** Every reason by category and name; with `linea_id`, those that apply to that line. */
  async motivos(lineaIdArg: unknown): Promise<MotivoParoDto[]> {
    const linea = lineaIdArg === null || lineaIdArg === undefined ? null : parseId(lineaIdArg, 'linea_id');
    return ordenar(await this.repo.motivos(linea)).map(toMotivoParoDto);
  }

  async umbrales(): Promise<UmbralDto[]> {
    return (await this.repo.umbrales()).map(toUmbralDto);
  }

  private conMotivos(categoria: CategoriaRecord, motivos: readonly MotivoParoRecord[]): CategoriaDto {
    return {
      ...categoria,
      motivos: ordenar(motivos.filter((m) => m.categoriaId === categoria.id)).map(toMotivoParoDto),
    };
  }

  private async categoriaCompleta(repo: MotivosParoRepository, categoria: CategoriaRecord) {
    return this.conMotivos(categoria, await repo.motivosDe([categoria.id]));
  }

  // ------------------------------------------------------------ categories

  /** A category's name is unique ignoring case: the CONFLICT names the other one. */
  private nombreCategoriaUnico(
    repo: MotivosParoRepository,
    nombre: string,
    exceptId: number | null,
  ): Unicidad {
    return nombreUnico(
      'nombre',
      nombre,
      (n) => `Ya existe la categoría «${n}»`,
      async () => (await repo.findCategoriaPorNombre(nombre, exceptId))?.nombre,
    );
  }

  async createCategoria(viewer: Viewer, client: ClientInfo | null, input: unknown): Promise<CategoriaDto> {
    requireAdmin(viewer);
    const data = parseInput(categoriaSchema, input);
    return this.enArbol(async (repo) => {
      const { despues } = await escribirConfiguracion<CategoriaRecord, CategoriaRecord>(repo.handle, {
        autor: { viewer, client },
        entidad: 'categorias_paro',
        validar: async () => {
          if ((await repo.tamanoArbol()).categorias >= MAX_CATEGORIAS_PARO) {
            throw badInput(
              `El árbol de motivos admite como máximo ${MAX_CATEGORIAS_PARO} categorías: elimine o reúna alguna antes`,
              'nombre',
            );
          }
        },
        unico: this.nombreCategoriaUnico(repo, data.nombre, null),
        aplicar: async () => {
          const creada = await repo.insertCategoria(data.nombre);
          return { id: creada.id, despues: creada };
        },
      });
      return { ...despues!, motivos: [] };
    });
  }

  async updateCategoria(
    viewer: Viewer,
    client: ClientInfo | null,
    idArg: unknown,
    input: unknown,
  ): Promise<CategoriaDto> {
    requireAdmin(viewer);
    const categoriaId = parseId(idArg);
    const data = parseInput(categoriaSchema, input);
    return this.enArbol(async (repo) => {
      const { despues } = await escribirConfiguracion<CategoriaRecord, CategoriaRecord>(repo.handle, {
        autor: { viewer, client },
        entidad: 'categorias_paro',
        bloquear: () => repo.findCategoria(categoriaId, true),
        noExiste: CATEGORIA_CAMBIADA,
        version: data.version,
        unico: this.nombreCategoriaUnico(repo, data.nombre, categoriaId),
        aplicar: async () => ({
          id: categoriaId,
          despues: await repo.updateCategoria(categoriaId, data.nombre),
        }),
      });
      return this.categoriaCompleta(repo, despues!);
    });
  }

  /** Deletes a category only while it holds no reasons. */
  async deleteCategoria(
    viewer: Viewer,
    client: ClientInfo | null,
    idArg: unknown,
    versionArg: unknown,
  ): Promise<CategoriaDto> {
    requireAdmin(viewer);
    const categoriaId = parseId(idArg);
    const { version: expected } = parseInput(versionSchema, { version: versionArg ?? null });
    return this.enArbol(async (repo) => {
      const { antes } = await escribirConfiguracion<CategoriaRecord, CategoriaRecord>(repo.handle, {
        autor: { viewer, client },
        entidad: 'categorias_paro',
        bloquear: () => repo.findCategoria(categoriaId, true),
        noExiste: CATEGORIA_CAMBIADA,
        version: expected,
        validar: async (actual) => {
          if ((await repo.motivosEnCategoria(categoriaId)) > 0) {
            throw conflict(
              `La categoría «${actual!.nombre}» tiene motivos: elimínelos o muévalos antes`,
              'id',
            );
          }
        },
        aplicar: async () => {
          await repo.deleteCategoria(categoriaId);
          return { id: categoriaId, despues: null };
        },
      });
      return { ...antes!, motivos: [] };
    });
  }

  // ------------------------------------------------------------ reasons

  async createMotivo(viewer: Viewer, client: ClientInfo | null, input: unknown): Promise<MotivoParoDto> {
    requireAdmin(viewer);
    const data = parseInput(motivoSchema, input);
    return this.enArbol((repo) => this.escribirMotivo(repo, { viewer, client }, null, data));
  }

  async updateMotivo(
    viewer: Viewer,
    client: ClientInfo | null,
    idArg: unknown,
    input: unknown,
  ): Promise<MotivoParoDto> {
    requireAdmin(viewer);
    const motivoId = parseId(idArg);
    const data = parseInput(motivoSchema, input);
    return this.enArbol((repo) => this.escribirMotivo(repo, { viewer, client }, motivoId, data));
  }

  /** Deletes a reason only while no paro has been given it. */
  async deleteMotivo(
    viewer: Viewer,
    client: ClientInfo | null,
    idArg: unknown,
    versionArg: unknown,
  ): Promise<MotivoParoDto> {
    requireAdmin(viewer);
    const motivoId = parseId(idArg);
    const { version: expected } = parseInput(versionSchema, { version: versionArg ?? null });
    return this.enArbol(async (repo) => {
      const { antes } = await escribirConfiguracion<MotivoParoDto, MotivoParoDto>(repo.handle, {
        autor: { viewer, client },
        entidad: 'motivos_paro',
        bloquear: async () => {
          const motivo = await repo.findMotivo(motivoId, true);
          return motivo && toMotivoParoDto(motivo);
        },
        noExiste: MOTIVO_CAMBIADO,
        version: expected,
        validar: async (actual) => {
          const n = await repo.parosConMotivo(motivoId);
          if (n > 0) {
            throw conflict(
              `El motivo «${actual!.nombre}» está asignado a ${n === 1 ? '1 paro' : `${n.toLocaleString('es-PE')} paros`}`,
              'id',
            );
          }
        },
        aplicar: async () => {
          await repo.deleteMotivo(motivoId);
          return { id: motivoId, despues: null };
        },
      });
      return antes!;
    });
  }

  /** A reason's create (`motivoId` null) or update, with every rule that needs the database. */
  private async escribirMotivo(
    repo: MotivosParoRepository,
    autor: Autor,
    motivoId: number | null,
    data: z.infer<typeof motivoSchema>,
  ): Promise<MotivoParoDto> {
    const values: MotivoValues = {
      categoriaId: data.categoria_id,
      nombre: data.nombre,
      clase: data.clase,
      lineaIds: data.linea_ids,
      codigosFalla: data.codigos_falla,
    };
    let categoria: CategoriaRecord | undefined;
    const { despues } = await escribirConfiguracion<MotivoParoDto, MotivoParoDto>(repo.handle, {
      autor,
      entidad: 'motivos_paro',
      ...(motivoId !== null && {
        bloquear: async () => {
          const motivo = await repo.findMotivo(motivoId, true);
          return motivo && toMotivoParoDto(motivo);
        },
        noExiste: MOTIVO_CAMBIADO,
        version: data.version,
      }),
      validar: async () => {
        if (motivoId === null && (await repo.tamanoArbol()).motivos >= MAX_MOTIVOS_PARO) {
          throw badInput(
            `El árbol de motivos admite como máximo ${MAX_MOTIVOS_PARO} motivos: elimine o reúna alguno antes`,
            'nombre',
          );
        }
        categoria = await repo.findCategoria(values.categoriaId);
        if (!categoria) {
          throw badInput('El campo "categoria_id" no es una categoría de paros existente', 'categoria_id');
        }
        const lineas = await repo.lineasProduccion();
        const otra = values.lineaIds.find((l) => !lineas.some((linea) => linea.id === l));
        if (otra !== undefined) {
          throw badInput(
            `El campo "linea_ids" incluye ${otra}, que no es una línea de producción`,
            'linea_ids',
          );
        }
        await this.codigosLibres(repo, motivoId, values, lineas);
      },
      unico: {
        mensaje: `Ya existe el motivo «${values.nombre}» en esa categoría`,
        campo: 'nombre',
        ocupado: async () => {
          const otro = await repo.findMotivoPorNombre(values.categoriaId, values.nombre, motivoId);
          return otro ? `Ya existe el motivo «${otro.nombre}» en la categoría «${otro.categoria}»` : false;
        },
      },
      aplicar: async () => {
        const guardado = motivoId ?? (await repo.insertMotivo(values));
        if (motivoId !== null) await repo.updateMotivo(motivoId, values);
        const motivo = await repo.findMotivo(guardado);
        if (!motivo) throw new Error('motivos_paro row vanished after its write');
        return { id: guardado, despues: toMotivoParoDto(motivo) };
      },
    });
    return despues!;
  }

  /**
   * On a line a fault code selects one reason: another reason holding one of these codes must apply
   * to other lines (both with lines, none shared). No lines means every line.
   */
  private async codigosLibres(
    repo: MotivosParoRepository,
    motivoId: number | null,
    values: MotivoValues,
    lineas: readonly LineaProduccion[],
  ): Promise<void> {
    for (const otro of await repo.conCodigos(values.codigosFalla, motivoId)) {
      const compartidas =
        values.lineaIds.length === 0
          ? otro.lineaIds
          : otro.lineaIds.length === 0
            ? values.lineaIds
            : values.lineaIds.filter((l) => otro.lineaIds.includes(l));
      const todas = values.lineaIds.length === 0 && otro.lineaIds.length === 0;
      if (!todas && compartidas.length === 0) continue;
      const codigo = values.codigosFalla.find((c) => otro.codigosFalla.includes(c))!;
      const nombres = compartidas.map(
        (l) => lineas.find((linea) => linea.id === l)?.nombre ?? `la línea ${l}`,
      );
      const donde = todas ? 'todas las líneas' : nombres.join(', ');
      throw conflict(
        `El código de falla ${codigo} ya selecciona el motivo «${otro.nombre}» (${otro.categoria}) en ${donde}: en una línea, un código selecciona un solo motivo`,
        'codigos_falla',
      );
    }
  }

  // ------------------------------------------------------------ micro-stop thresholds

  /** Sets a production line's threshold; the line's version is the one checked and bumped. */
  async actualizarUmbral(
    viewer: Viewer,
    client: ClientInfo | null,
    args: { linea_id?: unknown; segundos?: unknown; version?: unknown },
  ): Promise<UmbralDto> {
    requireAdmin(viewer);
    const data = parseInput(umbralSchema, {
      linea_id: args.linea_id,
      segundos: args.segundos,
      version: args.version ?? null,
    });
    return this.repo.transaction(async (repo) => {
      if (!(await repo.findUmbral(data.linea_id))) {
        throw badInput('El campo "linea_id" no es una línea de producción', 'linea_id');
      }
      const { despues } = await escribirConfiguracion<UmbralRecord, UmbralRecord>(repo.handle, {
        autor: { viewer, client },
        entidad: 'lineas',
        bloquear: () => repo.findUmbral(data.linea_id, true),
        noExiste: 'La línea no existe (otro usuario pudo eliminarla)',
        version: data.version,
        sinCambio: (actual) => actual.segundos === data.segundos,
        aplicar: async () => ({
          id: data.linea_id,
          despues: await repo.updateUmbral(data.linea_id, data.segundos),
        }),
        vista: umbralAudit,
      });
      return toUmbralDto(despues!);
    });
  }

  /** A write of the tree: in a transaction, after the other writers of the tree. */
  private enArbol<T>(fn: (repo: MotivosParoRepository) => Promise<T>): Promise<T> {
    return this.repo.transaction(async (repo) => {
      await repo.lockArbol();
      return fn(repo);
    });
  }
}

/** Reasons by category name, then by name. */
function ordenar(motivos: MotivoParoRecord[]): MotivoParoRecord[] {
  return motivos.sort((a, b) => orden.compare(a.categoria, b.categoria) || orden.compare(a.nombre, b.nombre));
}
