import { factorCu, UNIT_CASE_LITRES } from '@planta/domain';
import { z } from 'zod';
import { badInput, conflict } from '../../errors.ts';
import { id, parseId, parseInput, requiredText } from '../../validation.ts';
import { type Autor, escribirConfiguracion, type Unicidad } from '../audit/escritura.ts';
import type { ClientInfo, Viewer } from '../auth/auth.service.ts';
import { requireAdmin } from '../auth/guards.ts';
import { numero, strictInput } from '../../service-helpers.ts';
import {
  type CatalogoRepository,
  type Entidad,
  type LineaConfigRecord,
  type PresentacionRecord,
  type ProductoPresentacionRecord,
  type ProductoRecord,
  type Usos,
  type VelocidadRecord,
} from './catalogo.repository.ts';
import { PLANT_LINE_NAME } from './lineas.repository.ts';

/** Litres in one unit case (DOMAIN "Volume"). */
const litresOf = (volumen: number, unidMedida: 'ml' | 'L') =>
  unidMedida === 'ml' ? volumen / 1000 : volumen;

// ---------------------------------------------------------------- input schemas

const version = z
  .number({ error: 'El campo "version" debe ser un número entero' })
  .int('El campo "version" debe ser un número entero')
  .nullish();

const entero = (field: string, min: number, max: number) =>
  numero(field)
    .int(`El campo "${field}" debe ser un número entero`)
    .min(min, `El campo "${field}" debe estar entre ${min} y ${max}`)
    .max(max, `El campo "${field}" debe estar entre ${min} y ${max}`);

const enteroOpcional = (field: string, min: number, max: number) =>
  z
    .number({ error: `El campo "${field}" debe ser un número entero` })
    .int(`El campo "${field}" debe ser un número entero`)
    .min(min, `El campo "${field}" debe estar entre ${min} y ${max}`)
    .max(max, `El campo "${field}" debe estar entre ${min} y ${max}`)
    .nullish()
    .transform((v) => v ?? null);

const positivo = (field: string, max: number) =>
  numero(field)
    .refine(Number.isFinite, `El campo "${field}" debe ser un número`)
    .refine((v) => v > 0, `El campo "${field}" debe ser mayor que 0`)
    .refine((v) => v <= max, `El campo "${field}" no puede ser mayor que ${max.toLocaleString('es-PE')}`);

const lineaSchema = strictInput({
  nombre: requiredText('nombre', 60).refine(
    (v) => v.toLocaleLowerCase('es') !== PLANT_LINE_NAME.toLocaleLowerCase('es'),
    `El campo "nombre" no puede ser «${PLANT_LINE_NAME}»: ese nombre representa a toda la planta, no a una línea de producción`,
  ),
  numero: entero('numero', 1, 99),
  sufijo: z
    .string({ error: 'El campo "sufijo" debe ser un texto' })
    .trim()
    .max(20, 'El campo "sufijo" admite como máximo 20 caracteres')
    .regex(/^[A-Za-z0-9_-]*$/, 'El campo "sufijo" solo admite letras, números, "_" y "-" (p. ej. _561)')
    .nullish()
    .transform((v) => v ?? ''),
  version,
});

const productoSchema = strictInput({
  descripcion: requiredText('descripcion', 120),
  image_prefix: requiredText('image_prefix', 60).regex(
    /^[a-z0-9][a-z0-9-]*$/,
    'El campo "image_prefix" solo admite minúsculas, números y guiones (p. ej. cola-original)',
  ),
  image_color: z
    .string({ error: 'El campo "image_color" es obligatorio' })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'El campo "image_color" debe ser un color #RRGGBB (p. ej. #c62828)')
    .transform((v) => v.toLowerCase()),
  version,
});

const presentacionSchema = strictInput({
  volumen: positivo('volumen', 100_000),
  unid_medida: z.enum(['ml', 'L'], { error: 'El campo "unid_medida" debe ser ml o L' }),
  botellas_paquete: entero('botellas_paquete', 1, 500),
  version,
}).refine((v) => litresOf(v.volumen, v.unid_medida) <= 50, {
  message: 'El campo "volumen" no puede superar 50 L por envase',
  path: ['volumen'],
});

const hmi = (n: number) => enteroOpcional(`hmi_linea${n}_id`, 1, 32_767);
const productoPresentacionSchema = strictInput({
  producto_id: id('producto_id'),
  presentacion_id: id('presentacion_id'),
  num_botellas: entero('num_botellas', 1, 500),
  hmi_linea1_id: hmi(1),
  hmi_linea2_id: hmi(2),
  hmi_linea3_id: hmi(3),
  hmi_linea4_id: hmi(4),
  version,
});

const velocidadSchema = strictInput({
  producto_presentacion_id: id('producto_presentacion_id'),
  linea_id: id('linea_id'),
  velocidad_paquetes_hora: positivo('velocidad_paquetes_hora', 1_000_000),
  version,
});

const deleteSchema = z.object({ version });

// ---------------------------------------------------------------- derived values

/** Bottles per pack of a presentation, from its factor (CU per pack = N × litres / 5.678). */
export const botellasPaquete = (p: Pick<PresentacionRecord, 'factor' | 'volumen' | 'unid_medida'>) =>
  Math.round((p.factor * UNIT_CASE_LITRES) / litresOf(p.volumen, p.unid_medida === 'L' ? 'L' : 'ml'));

/** DOMAIN: bpm = bph / 60 and packs/h = bph / N, so bpm = packs/h × N / 60. */
export const botellasMinuto = (paquetesHora: number, numBotellas: number) =>
  (paquetesHora * numBotellas) / 60;

const TABLAS: Record<string, string> = {
  lineas: 'líneas',
  variables: 'variables',
  turnos: 'turnos',
  paros: 'paros',
  eficiencias: 'eficiencias',
  contadores_hora: 'contadores por hora',
  velocidades_nominales: 'velocidades nominales',
  producto_presentaciones: 'productos por presentación',
  opc_mapeos: 'mapeos OPC UA',
  scada_lecturas: 'lecturas de la línea',
  planificaciones: 'planificaciones',
  motivos_paro: 'motivos de paro',
  operador_lineas: 'operadores asignados',
};

const ETIQUETA: Record<Entidad, string> = {
  lineas: 'la línea',
  productos: 'el producto',
  presentaciones: 'la presentación',
  producto_presentaciones: 'el producto por presentación',
  velocidades_nominales: 'la velocidad nominal',
};

const NO_EXISTE: Record<Entidad, string> = {
  lineas: 'La línea no existe',
  productos: 'El producto no existe',
  presentaciones: 'La presentación no existe',
  producto_presentaciones: 'El producto por presentación no existe',
  velocidades_nominales: 'La velocidad nominal no existe',
};

export function enUsoMensaje(entidad: Entidad, usos: Usos): string {
  const partes = usos.map((u) => `${u.filas.toLocaleString('es-PE')} en ${TABLAS[u.tabla] ?? u.tabla}`);
  return `No se puede eliminar ${ETIQUETA[entidad]}: está en uso (${partes.join(', ')}).`;
}

export type PresentacionDto = PresentacionRecord & { botellas_paquete: number };
export type ProductoPresentacionDto = ProductoPresentacionRecord & {
  producto: ProductoRecord;
  presentacion: PresentacionDto;
};
export type VelocidadDto = VelocidadRecord & {
  producto_presentacion: ProductoPresentacionDto;
  linea: LineaConfigRecord;
};

const presentacionDto = (p: PresentacionRecord): PresentacionDto => ({
  ...p,
  botellas_paquete: botellasPaquete(p),
});

/** Lines, products, presentations, product presentations and nominal speeds (admin writes). */
export class CatalogoService {
  constructor(private readonly repo: CatalogoRepository) {}

  // ------------------------------------------------------------ queries (any logged-in user)

  lineas(): Promise<LineaConfigRecord[]> {
    return this.repo.list('lineas');
  }

  productos(): Promise<ProductoRecord[]> {
    return this.repo.list('productos');
  }

  async presentaciones(): Promise<PresentacionDto[]> {
    return (await this.repo.list<PresentacionRecord>('presentaciones')).map(presentacionDto);
  }

  async productoPresentaciones(): Promise<ProductoPresentacionDto[]> {
    return this.conDetallePP(await this.repo.list('producto_presentaciones'));
  }

  async velocidades(): Promise<VelocidadDto[]> {
    return this.conDetalleVelocidad(await this.repo.list('velocidades_nominales'));
  }

  /** Product presentations with their product and presentation (small tables: one read each). */
  async conDetallePP(rows: ProductoPresentacionRecord[]): Promise<ProductoPresentacionDto[]> {
    const productos = new Map((await this.repo.list<ProductoRecord>('productos')).map((p) => [p.id, p]));
    const presentaciones = new Map(
      (await this.repo.list<PresentacionRecord>('presentaciones')).map((p) => [p.id, presentacionDto(p)]),
    );
    return rows.map((row) => ({
      ...row,
      producto: productos.get(row.producto_id)!,
      presentacion: presentaciones.get(row.presentacion_id)!,
    }));
  }

  async conDetalleVelocidad(rows: VelocidadRecord[]): Promise<VelocidadDto[]> {
    const pps = new Map(
      (await this.conDetallePP(await this.repo.list('producto_presentaciones'))).map((p) => [p.id, p]),
    );
    const lineas = new Map((await this.repo.list<LineaConfigRecord>('lineas')).map((l) => [l.id, l]));
    return rows.map((row) => ({
      ...row,
      producto_presentacion: pps.get(row.producto_presentacion_id)!,
      linea: lineas.get(row.linea_id)!,
    }));
  }

  // ------------------------------------------------------------ shared write path

  /**
   * Creates (`rowId` null) or updates a record through the configuration write path (lock,
   * version, checks, uniqueness, write, audit); `aplicar` writes and gives the record's id.
   */
  private guardar<T extends { version: number }>(
    autor: Autor,
    entidad: Entidad,
    rowId: number | null,
    version: number | null | undefined,
    paso: {
      validar?: (repo: CatalogoRepository) => Promise<void>;
      unico: (repo: CatalogoRepository) => Unicidad;
      aplicar: (repo: CatalogoRepository) => Promise<number>;
    },
  ): Promise<T> {
    return this.repo.transaction(async (repo) => {
      const { despues } = await escribirConfiguracion<T, T>(repo.db, {
        autor,
        entidad,
        bloquear: rowId === null ? undefined : () => this.bloqueada<T>(repo, entidad, rowId),
        noExiste: NO_EXISTE[entidad],
        version,
        validar: paso.validar && (() => paso.validar!(repo)),
        unico: paso.unico(repo),
        aplicar: async () => {
          const savedId = await paso.aplicar(repo);
          return { id: savedId, despues: (await repo.find<T>(entidad, savedId)) ?? null };
        },
      });
      return despues!;
    });
  }

  /** The record locked for update (never the plant's own line). */
  private async bloqueada<T>(repo: CatalogoRepository, entidad: Entidad, rowId: number) {
    const row = await repo.find<T>(entidad, rowId, true);
    if (entidad === 'lineas' && (row as LineaConfigRecord | undefined)?.nombre === PLANT_LINE_NAME) {
      return undefined;
    }
    return row;
  }

  async eliminar(viewer: Viewer, entidad: Entidad, rawId: unknown, rawVersion: unknown, client?: ClientInfo) {
    requireAdmin(viewer);
    const rowId = parseId(rawId);
    const { version: expected } = parseInput(deleteSchema, { version: rawVersion });
    await this.repo.transaction((repo) =>
      escribirConfiguracion(repo.db, {
        autor: { viewer, client },
        entidad,
        bloquear: () => this.bloqueada<{ version: number }>(repo, entidad, rowId),
        noExiste: NO_EXISTE[entidad],
        version: expected,
        validar: async () => {
          const usos = await repo.usos(entidad, rowId);
          if (usos.length > 0) throw conflict(enUsoMensaje(entidad, usos));
        },
        aplicar: async () => {
          await repo.delete(entidad, rowId);
          return { id: rowId, despues: null };
        },
      }),
    );
    return String(rowId);
  }

  // ------------------------------------------------------------ lines

  async guardarLinea(
    viewer: Viewer,
    rawId: unknown | undefined,
    input: unknown,
    client?: ClientInfo,
  ): Promise<LineaConfigRecord> {
    requireAdmin(viewer);
    const rowId = rawId === undefined ? null : parseId(rawId);
    const data = parseInput(lineaSchema, input);
    const values = { nombre: data.nombre, numero: data.numero, sufijo: data.sufijo };
    return this.guardar<LineaConfigRecord>({ viewer, client }, 'lineas', rowId, data.version, {
      unico: (repo) => ({
        mensaje: `Ya existe una línea con el número ${data.numero}`,
        campo: 'numero',
        ocupado: () => repo.numeroEnUso(data.numero, rowId),
      }),
      aplicar: async (repo) => {
        if (rowId !== null) {
          await repo.updateLinea(rowId, values);
          return rowId;
        }
        const plantaId = await repo.plantaId();
        if (plantaId === undefined) throw badInput('No hay una planta registrada a la que agregar la línea');
        return repo.insertLinea({ ...values, plantaId });
      },
    });
  }

  // ------------------------------------------------------------ products

  async guardarProducto(
    viewer: Viewer,
    rawId: unknown | undefined,
    input: unknown,
    client?: ClientInfo,
  ): Promise<ProductoRecord> {
    requireAdmin(viewer);
    const rowId = rawId === undefined ? null : parseId(rawId);
    const data = parseInput(productoSchema, input);
    const values = {
      descripcion: data.descripcion,
      image_prefix: data.image_prefix,
      image_color: data.image_color,
    };
    return this.guardar<ProductoRecord>({ viewer, client }, 'productos', rowId, data.version, {
      unico: (repo) => ({
        mensaje: `Ya existe un producto con la descripción «${data.descripcion}»`,
        campo: 'descripcion',
        ocupado: () => repo.descripcionEnUso(data.descripcion, rowId),
      }),
      aplicar: async (repo) => {
        if (rowId === null) return repo.insertProducto(values);
        await repo.updateProducto(rowId, values);
        return rowId;
      },
    });
  }

  // ------------------------------------------------------------ presentations (factor computed)

  async guardarPresentacion(
    viewer: Viewer,
    rawId: unknown | undefined,
    input: unknown,
    client?: ClientInfo,
  ): Promise<PresentacionDto> {
    requireAdmin(viewer);
    const rowId = rawId === undefined ? null : parseId(rawId);
    const data = parseInput(presentacionSchema, input);
    const values = {
      volumen: data.volumen,
      unid_medida: data.unid_medida,
      factor: factorCu(data.botellas_paquete, data.volumen, data.unid_medida),
    };
    const saved = await this.guardar<PresentacionRecord>(
      { viewer, client },
      'presentaciones',
      rowId,
      data.version,
      {
        unico: (repo) => ({
          mensaje: `Ya existe la presentación ${data.volumen.toLocaleString('es-PE')} ${data.unid_medida} × ${data.botellas_paquete}`,
          campo: 'volumen',
          ocupado: () => repo.presentacionEnUso(values, rowId),
        }),
        aplicar: async (repo) => {
          if (rowId === null) return repo.insertPresentacion(values);
          const usadas = (await repo.list<ProductoPresentacionRecord>('producto_presentaciones')).filter(
            (pp) => pp.presentacion_id === rowId && pp.num_botellas !== data.botellas_paquete,
          );
          if (usadas.length > 0) {
            throw conflict(
              `El campo "botellas_paquete" no puede cambiar: ${usadas.length} producto(s) por presentación usan esta presentación con ${usadas[0]!.num_botellas} botellas por paquete`,
              'botellas_paquete',
            );
          }
          await repo.updatePresentacion(rowId, values);
          return rowId;
        },
      },
    );
    return presentacionDto(saved);
  }

  // ------------------------------------------------------------ product presentations

  async guardarProductoPresentacion(
    viewer: Viewer,
    rawId: unknown | undefined,
    input: unknown,
    client?: ClientInfo,
  ): Promise<ProductoPresentacionRecord> {
    requireAdmin(viewer);
    const rowId = rawId === undefined ? null : parseId(rawId);
    const data = parseInput(productoPresentacionSchema, input);
    const { version: expected, ...values } = data;
    return this.guardar<ProductoPresentacionRecord>(
      { viewer, client },
      'producto_presentaciones',
      rowId,
      expected,
      {
        validar: async (repo) => {
          if (!(await repo.find('productos', values.producto_id))) {
            throw badInput('El campo "producto_id" no corresponde a un producto existente', 'producto_id');
          }
          const presentacion = await repo.find<PresentacionRecord>('presentaciones', values.presentacion_id);
          if (!presentacion) {
            throw badInput(
              'El campo "presentacion_id" no corresponde a una presentación existente',
              'presentacion_id',
            );
          }
          const n = botellasPaquete(presentacion);
          if (values.num_botellas !== n) {
            throw badInput(
              `El campo "num_botellas" debe coincidir con las botellas por paquete de la presentación (${n})`,
              'num_botellas',
            );
          }
          for (const col of [1, 2, 3, 4] as const) {
            const codigo = values[`hmi_linea${col}_id`];
            if (codigo === null) continue;
            if (await repo.hmiEnUso(col, codigo, rowId)) {
              throw conflict(
                `El código HMI ${codigo} de la línea ${col} ya está asignado a otro producto por presentación`,
                `hmi_linea${col}_id`,
              );
            }
          }
        },
        unico: (repo) => ({
          mensaje: 'Ya existe ese producto con esa presentación y ese número de botellas',
          campo: 'producto_id',
          ocupado: () => repo.productoPresentacionEnUso(values, rowId),
        }),
        aplicar: async (repo) => {
          if (rowId === null) return repo.insertProductoPresentacion(values);
          await repo.updateProductoPresentacion(rowId, values);
          await repo.rederiveSpeeds(rowId, values.num_botellas);
          return rowId;
        },
      },
    );
  }

  // ------------------------------------------------------------ nominal speeds

  async guardarVelocidad(
    viewer: Viewer,
    rawId: unknown | undefined,
    input: unknown,
    client?: ClientInfo,
  ): Promise<VelocidadRecord> {
    requireAdmin(viewer);
    const rowId = rawId === undefined ? null : parseId(rawId);
    const data = parseInput(velocidadSchema, input);
    // Known once the product presentation is read (its bottles per pack give the bottles per minute).
    let values: Omit<VelocidadRecord, 'id' | 'version'> | undefined;
    return this.guardar<VelocidadRecord>({ viewer, client }, 'velocidades_nominales', rowId, data.version, {
      validar: async (repo) => {
        const pp = await repo.find<ProductoPresentacionRecord>(
          'producto_presentaciones',
          data.producto_presentacion_id,
        );
        if (!pp) {
          throw badInput(
            'El campo "producto_presentacion_id" no corresponde a un producto por presentación existente',
            'producto_presentacion_id',
          );
        }
        const linea = await repo.find<LineaConfigRecord>('lineas', data.linea_id);
        if (!linea || linea.nombre === PLANT_LINE_NAME) {
          throw badInput('El campo "linea_id" no corresponde a una línea de producción', 'linea_id');
        }
        values = {
          producto_presentacion_id: data.producto_presentacion_id,
          linea_id: data.linea_id,
          velocidad_paquetes_hora: data.velocidad_paquetes_hora,
          velocidad_botellas_minuto: botellasMinuto(data.velocidad_paquetes_hora, pp.num_botellas),
        };
      },
      unico: (repo) => ({
        mensaje: 'Ya existe una velocidad nominal de ese producto por presentación en esa línea',
        campo: 'linea_id',
        ocupado: () => repo.velocidadEnUso(values!, rowId),
      }),
      aplicar: async (repo) => {
        if (rowId === null) return repo.insertVelocidad(values!);
        await repo.updateVelocidad(rowId, values!);
        return rowId;
      },
    });
  }
}
