import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

// ---------------------------------------------------------------- reference data

export const plantas = pgTable('plantas', {
  id: serial('id').primaryKey(),
  nombre: text('nombre').notNull().unique(),
});

/** A line named 'Planta' is the whole plant (excluded from production lines). */
export const lineas = pgTable(
  'lineas',
  {
    id: serial('id').primaryKey(),
    nombre: text('nombre').notNull(),
    numero: smallint('numero').notNull().unique(),
    plantaId: integer('planta_id')
      .notNull()
      .references(() => plantas.id),
    /** SAP suffix of the line's variables: '_561', '_562', … ('' for the plant). */
    sufijo: text('sufijo').notNull().default(''),
    /** A stop shorter than this (seconds) is a MICROPARO and needs no reason. */
    umbralMicroparoS: integer('umbral_microparo_s').notNull().default(120),
    /** Optimistic concurrency: +1 on every configuration write; a save naming an older version is refused (CONFLICT). */
    version: integer('version').notNull().default(1),
  },
  (t) => [check('lineas_umbral_microparo_check', sql`${t.umbralMicroparoS} between 10 and 3600`)],
);

export const productos = pgTable('productos', {
  id: serial('id').primaryKey(),
  descripcion: text('descripcion').notNull().unique(),
  imagePrefix: text('image_prefix').notNull(),
  imageColor: text('image_color').notNull(),
  /** Optimistic concurrency: +1 on every configuration write; a save naming an older version is refused (CONFLICT). */
  version: integer('version').notNull().default(1),
});

export const presentaciones = pgTable(
  'presentaciones',
  {
    id: serial('id').primaryKey(),
    volumen: numeric('volumen', { mode: 'number' }).notNull(),
    unidMedida: text('unid_medida').notNull(),
    /** Unit cases per pack (DOMAIN: N × litres / 5.678), computed when the row is written. */
    factor: numeric('factor', { mode: 'number' }).notNull(),
    /** Optimistic concurrency: +1 on every configuration write; a save naming an older version is refused (CONFLICT). */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('presentaciones_volumen_idx').on(t.volumen, t.unidMedida, t.factor)],
);

export const productoPresentaciones = pgTable(
  'producto_presentaciones',
  {
    id: serial('id').primaryKey(),
    productoId: integer('producto_id')
      .notNull()
      .references(() => productos.id),
    presentacionId: integer('presentacion_id')
      .notNull()
      .references(() => presentaciones.id),
    numBotellas: smallint('num_botellas').notNull(),
    /** Product code shown by the HMI of lines 1 and 2 (the PLC's "Formato"). */
    hmiLinea1Id: integer('hmi_linea1_id'),
    hmiLinea2Id: integer('hmi_linea2_id'),
    /** Lines 3 and 4 report their own product codes (not in SPEC; needed to read their formato). */
    hmiLinea3Id: integer('hmi_linea3_id'),
    hmiLinea4Id: integer('hmi_linea4_id'),
    /** Optimistic concurrency: +1 on every configuration write; a save naming an older version is refused (CONFLICT). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('pp_hmi1_idx').on(t.hmiLinea1Id),
    uniqueIndex('pp_hmi2_idx').on(t.hmiLinea2Id),
    uniqueIndex('pp_hmi3_idx').on(t.hmiLinea3Id),
    uniqueIndex('pp_hmi4_idx').on(t.hmiLinea4Id),
    uniqueIndex('pp_prod_pres_idx').on(t.productoId, t.presentacionId, t.numBotellas),
  ],
);

export const velocidadesNominales = pgTable(
  'velocidades_nominales',
  {
    id: serial('id').primaryKey(),
    productoPresentacionId: integer('producto_presentacion_id')
      .notNull()
      .references(() => productoPresentaciones.id),
    lineaId: integer('linea_id')
      .notNull()
      .references(() => lineas.id),
    velocidadPaquetesHora: doublePrecision('velocidad_paquetes_hora').notNull(),
    velocidadBotellasMinuto: doublePrecision('velocidad_botellas_minuto').notNull(),
    /** Optimistic concurrency: +1 on every configuration write; a save naming an older version is refused (CONFLICT). */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('vn_pp_linea_idx').on(t.productoPresentacionId, t.lineaId)],
);

/**
 * Which OPC UA node feeds a line's tag (campo: one of @planta/domain's LINE_TAGS). A line tag
 * without a row reads the default node (lineNodeId). Edited on /configuracion/lineas; the
 * collector reloads the mapping without a restart. Variables map through variables.opc_node_id.
 */
export const opcMapeos = pgTable(
  'opc_mapeos',
  {
    lineaId: integer('linea_id')
      .notNull()
      .references(() => lineas.id),
    campo: text('campo').notNull(),
    nodeId: text('node_id').notNull(),
    version: integer('version').notNull().default(1),
    actualizado: timestamp('actualizado', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lineaId, t.campo] }), uniqueIndex('opc_mapeos_node_idx').on(t.nodeId)],
);

// ---------------------------------------------------------------- variables and daily values

export const variables = pgTable(
  'variables',
  {
    id: serial('id').primaryKey(),
    nombre: text('nombre').notNull().unique(),
    /** 1 = active. */
    estado: smallint('estado').notNull().default(1),
    nivel: text('nivel', { enum: ['GLOBAL', 'INDIVIDUAL'] }).notNull(),
    minimo: doublePrecision('minimo'),
    maximo: doublePrecision('maximo'),
    lineaId: integer('linea_id').references(() => lineas.id),
    area: text('area').notNull(),
    unidad: text('unidad').notNull(),
    /** How mensual and anual derive from diario: SUMA (running sums), PROMEDIO (ratio of sums or mean), ULTIMO. */
    agregacion: text('agregacion', { enum: ['SUMA', 'PROMEDIO', 'ULTIMO'] }).notNull(),
    fuente: text('fuente', { enum: ['MANUAL', 'OPC', 'CALCULADA'] }).notNull(),
    opcNodeId: text('opc_node_id').unique(),
    decimales: smallint('decimales').notNull().default(2),
    /** Higher is better (production, yields) or lower is better (MTTR, consumption ratios): KPI colours. */
    mayorEsMejor: boolean('mayor_es_mejor').notNull().default(true),
    /** Optimistic concurrency: +1 on every configuration write; a save naming an older version is refused (CONFLICT). */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('variables_area_idx').on(t.area)],
);

/**
 * A variable's value on a production day. For ratio variables (agregacion PROMEDIO with counts),
 * numerador/denominador keep the day's raw sums so mensual/anual are ratios of sums.
 */
export const historicos = pgTable(
  'historicos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    variableId: integer('variable_id')
      .notNull()
      .references(() => variables.id),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    diario: doublePrecision('diario').notNull(),
    mensual: doublePrecision('mensual'),
    anual: doublePrecision('anual'),
    meta: doublePrecision('meta'),
    numerador: doublePrecision('numerador'),
    denominador: doublePrecision('denominador'),
    /** Entered by hand (configuration screens): derivations from readings or paros never overwrite it. */
    diarioManual: boolean('diario_manual').notNull().default(false),
    /** mensual / anual entered by hand: kept as entered when later days re-derive the running figures. */
    mensualManual: boolean('mensual_manual').notNull().default(false),
    anualManual: boolean('anual_manual').notNull().default(false),
    /** Optimistic concurrency: +1 on every configuration write; a save naming an older version is refused (CONFLICT). */
    version: integer('version').notNull().default(1),
    /** When diario or meta last changed (a trigger keeps it): the alarm evaluation reads what changed since its last pass. */
    cambiadoAt: timestamp('cambiado_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('historicos_variable_fecha_idx').on(t.variableId, t.fecha),
    index('historicos_fecha_idx').on(t.fecha),
    index('historicos_cambiado_idx').on(t.cambiadoAt),
  ],
);

export const metas = pgTable(
  'metas',
  {
    id: serial('id').primaryKey(),
    variableId: integer('variable_id')
      .notNull()
      .references(() => variables.id),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    valor: doublePrecision('valor').notNull(),
    /** Optimistic concurrency: +1 on every configuration write; a save naming an older version is refused (CONFLICT). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('metas_variable_fecha_idx').on(t.variableId, t.fecha),
    index('metas_fecha_idx').on(t.fecha),
  ],
);

/** Monthly plan of a variable: fecha is the first day of the month. */
export const planificaciones = pgTable(
  'planificaciones',
  {
    id: serial('id').primaryKey(),
    variableId: integer('variable_id')
      .notNull()
      .references(() => variables.id),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    negociado: doublePrecision('negociado').notNull(),
    aop: doublePrecision('aop').notNull(),
    /** Optimistic concurrency: +1 on every configuration write; a save naming an older version is refused (CONFLICT). */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('planificaciones_variable_fecha_idx').on(t.variableId, t.fecha)],
);

export const turnos = pgTable(
  'turnos',
  {
    id: serial('id').primaryKey(),
    lineaId: integer('linea_id')
      .notNull()
      .references(() => lineas.id),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    horasProductividad: doublePrecision('horas_productividad').notNull(),
    /** Optimistic concurrency: +1 on every configuration write; a save naming an older version is refused (CONFLICT). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('turnos_linea_fecha_idx').on(t.lineaId, t.fecha),
    check('turnos_horas_check', sql`${t.horasProductividad} >= 0 and ${t.horasProductividad} <= 24`),
  ],
);

// ---------------------------------------------------------------- readings (time series)

/**
 * One row per line and minute; counts are the minute's deltas of the PLC counters. `linea` is the
 * line's numero (the PLC's line number), not lineas.id.
 */
export const scadaLecturas = pgTable(
  'scada_lecturas',
  {
    linea: smallint('linea').notNull(),
    fecha: timestamp('fecha', { withTimezone: true }).notNull(),
    velocidad: doublePrecision('velocidad').notNull(),
    botellas: integer('botellas').notNull(),
    botellasLlenas: integer('botellas_llenas').notNull(),
    paquetes: integer('paquetes').notNull(),
    /** HMI product code; 0 = no product. */
    formato: integer('formato').notNull(),
  },
  // BRIN on time: rows arrive in time order, so a tiny index serves "all lines in a window" scans.
  (t) => [
    primaryKey({ columns: [t.linea, t.fecha] }),
    index('scada_lecturas_fecha_brin').using('brin', t.fecha),
  ],
);

/** Hourly rollup of scada_lecturas (kept by the same code path as the minute rows); linea = numero. */
export const scadaHora = pgTable(
  'scada_hora',
  {
    linea: smallint('linea').notNull(),
    fecha: timestamp('fecha', { withTimezone: true }).notNull(),
    botellas: integer('botellas').notNull(),
    botellasLlenas: integer('botellas_llenas').notNull(),
    paquetes: integer('paquetes').notNull(),
    minutosMarcha: smallint('minutos_marcha').notNull(),
    velocidadSuma: doublePrecision('velocidad_suma').notNull(),
    minutos: smallint('minutos').notNull(),
    formato: integer('formato').notNull(),
  },
  (t) => [primaryKey({ columns: [t.linea, t.fecha] }), index('scada_hora_fecha_idx').on(t.fecha)],
);

export const contadoresHora = pgTable(
  'contadores_hora',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lineaId: integer('linea_id')
      .notNull()
      .references(() => lineas.id),
    fecha: timestamp('fecha', { withTimezone: true }).notNull(),
    energia: doublePrecision('energia').notNull(),
    eficiencia: doublePrecision('eficiencia').notNull(),
    kpiEnergia: doublePrecision('kpi_energia').notNull(),
    formato: integer('formato').notNull(),
  },
  (t) => [
    uniqueIndex('contadores_hora_linea_fecha_idx').on(t.lineaId, t.fecha),
    index('contadores_hora_fecha_idx').on(t.fecha),
  ],
);

/** The narrow historian table: air, water, wastewater and any other OPC tag. */
export const lecturas = pgTable(
  'lecturas',
  {
    variableId: integer('variable_id').notNull(),
    fecha: timestamp('fecha', { withTimezone: true }).notNull(),
    valor: doublePrecision('valor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.variableId, t.fecha] }),
    index('lecturas_fecha_brin').using('brin', t.fecha),
  ],
);

const rollupColumns = {
  variableId: integer('variable_id').notNull(),
  suma: doublePrecision('suma').notNull(),
  minimo: doublePrecision('minimo').notNull(),
  maximo: doublePrecision('maximo').notNull(),
  conteo: integer('conteo').notNull(),
  ultimo: doublePrecision('ultimo').notNull(),
};

export const lecturasHora = pgTable(
  'lecturas_hora',
  { ...rollupColumns, fecha: timestamp('fecha', { withTimezone: true }).notNull() },
  (t) => [primaryKey({ columns: [t.variableId, t.fecha] }), index('lecturas_hora_fecha_idx').on(t.fecha)],
);

/** Daily rollup by production day (plant time). */
export const lecturasDia = pgTable(
  'lecturas_dia',
  { ...rollupColumns, fecha: date('fecha', { mode: 'string' }).notNull() },
  (t) => [primaryKey({ columns: [t.variableId, t.fecha] })],
);

// ---------------------------------------------------------------- maintenance and efficiency

/** The loss classes of a stop (@planta/domain's CLASES_PERDIDA; a test keeps both equal). */
export const CLASES_PERDIDA_SQL = [
  'PLANIFICADO',
  'FALLA',
  'CAMBIO_FORMATO',
  'MICROPARO',
  'VELOCIDAD',
  'CALIDAD',
  'ARRANQUE',
] as const;
const clasesPerdidaIn = sql.raw(CLASES_PERDIDA_SQL.map((c) => `'${c}'`).join(', '));

/** First level of the tree of stop reasons (Mecánica, Eléctrica…); names unique ignoring case. */
export const categoriasParo = pgTable(
  'categorias_paro',
  {
    id: serial('id').primaryKey(),
    nombre: text('nombre').notNull(),
    /** Optimistic concurrency: +1 on every configuration write; a save naming an older version is refused (CONFLICT). */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('categorias_paro_nombre_idx').on(sql`lower(${t.nombre})`)],
);

/**
 * A stop reason: its category, its loss class, the production lines it applies to (empty: every
 * line) and the PLC fault codes that select it by themselves (on a line a code selects one reason:
 * checked by the service, which serialises these writes).
 */
export const motivosParo = pgTable(
  'motivos_paro',
  {
    id: serial('id').primaryKey(),
    categoriaId: integer('categoria_id')
      .notNull()
      .references(() => categoriasParo.id),
    nombre: text('nombre').notNull(),
    clase: text('clase', { enum: CLASES_PERDIDA_SQL }).notNull(),
    lineaIds: integer('linea_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    codigosFalla: integer('codigos_falla')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    /** Optimistic concurrency: +1 on every configuration write; a save naming an older version is refused (CONFLICT). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('motivos_paro_categoria_nombre_idx').on(t.categoriaId, sql`lower(${t.nombre})`),
    check('motivos_paro_clase_check', sql`${t.clase} in (${clasesPerdidaIn})`),
  ],
);

/**
 * The plant's shifts, tiling the production day (08:00 → 08:00 plant time) in the order of numero.
 * Saved as a whole: every row holds the set's version.
 */
export const turnosHorario = pgTable('turnos_horario', {
  numero: smallint('numero').primaryKey(),
  nombre: text('nombre').notNull(),
  inicio: time('inicio').notNull(),
  fin: time('fin').notNull(),
  version: integer('version').notNull().default(1),
});

export const paros = pgTable(
  'paros',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lineaId: integer('linea_id')
      .notNull()
      .references(() => lineas.id),
    inicio: timestamp('inicio', { withTimezone: true }).notNull(),
    /** Null while the stop lasts (a stop the collector opened and has not seen end yet). */
    fin: timestamp('fin', { withTimezone: true }),
    equipo: text('equipo').notNull(),
    causa: text('causa').notNull(),
    tipo: text('tipo', { enum: ['FALLA', 'MICROPARO', 'CAMBIO_FORMATO', 'CIP', 'PLANIFICADO'] }).notNull(),
    /** Where it came from: the collector reading the PLC, a person, the demo history. */
    origen: text('origen', { enum: ['PLC', 'MANUAL', 'DEMO'] })
      .notNull()
      .default('MANUAL'),
    /** The reason given; null: none yet. A reason with stops is not deleted. */
    motivoId: integer('motivo_id').references(() => motivosParo.id),
    /** Its loss class, set with its reason; null: that of its tipo (CIP → PLANIFICADO). */
    clase: text('clase', { enum: CLASES_PERDIDA_SQL }),
    comentario: text('comentario'),
    /** The PLC's fault code when the stop began with one. */
    codigoFalla: integer('codigo_falla'),
    /** Who gave its reason (an operator or an admin); null with a reason: its fault code or the demo. */
    motivoUsuarioId: integer('motivo_usuario_id').references(() => users.id),
    /** When its reason was last given or changed. */
    motivoEn: timestamp('motivo_en', { withTimezone: true }),
    /** Optimistic concurrency: +1 on every configuration write; a save naming an older version is refused (CONFLICT). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('paros_linea_inicio_idx').on(t.lineaId, t.inicio),
    index('paros_inicio_idx').on(t.inicio),
    // The stops still open (the collector adopts them after a restart; the operators' list).
    index('paros_abiertos_idx')
      .on(t.lineaId)
      .where(sql`fin is null`),
    // A reason's delete looks for its stops (and the foreign key checks them) without a full scan.
    index('paros_motivo_idx')
      .on(t.motivoId)
      .where(sql`motivo_id is not null`),
    check('paros_fin_check', sql`${t.fin} > ${t.inicio}`),
    check('paros_origen_check', sql`${t.origen} in ('PLC', 'MANUAL', 'DEMO')`),
    check('paros_clase_check', sql`${t.clase} in (${clasesPerdidaIn})`),
  ],
);

/**
 * The production lines an operator (role operador) works on: the stops they see on /paros and give
 * reasons to, and the lines they may open on /fabrica/lineas. Assigning replaces the set.
 */
export const operadorLineas = pgTable(
  'operador_lineas',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lineaId: integer('linea_id')
      .notNull()
      .references(() => lineas.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lineaId] })],
);

/** ETA, paid and SAP efficiency of a line on a production day, with the sums they come from. */
export const eficiencias = pgTable(
  'eficiencias',
  {
    lineaId: integer('linea_id')
      .notNull()
      .references(() => lineas.id),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    producidoCu: doublePrecision('producido_cu').notNull(),
    capacidadMarchaCu: doublePrecision('capacidad_marcha_cu').notNull(),
    capacidadPagadaCu: doublePrecision('capacidad_pagada_cu').notNull(),
    sap: doublePrecision('sap'),
    // The day's time model (minutes) and the nominal output of planned time (OEE's denominator),
    // so the paid-efficiency detail reads what the figures came from. Null on rows derived before.
    minutosPagados: doublePrecision('minutos_pagados'),
    minutosPlanificados: doublePrecision('minutos_planificados'),
    minutosMarcha: doublePrecision('minutos_marcha'),
    capacidadOperacionCu: doublePrecision('capacidad_operacion_cu'),
    // Total output (bottles filled, CU): splits OEE's speed loss from its quality loss (/fabrica/perdidas).
    totalCu: doublePrecision('total_cu'),
  },
  (t) => [primaryKey({ columns: [t.lineaId, t.fecha] })],
);

// ---------------------------------------------------------------- zero waste

export const zwClasificaciones = pgTable('zw_clasificaciones', {
  id: serial('id').primaryKey(),
  descripcion: text('descripcion').notNull().unique(),
  aprovechable: boolean('aprovechable').notNull(),
  /** Optimistic concurrency: +1 on every configuration write; a save naming an older version is refused (CONFLICT). */
  version: integer('version').notNull().default(1),
});

/** Kilograms of one classification in one month (mes = first day of the month). */
export const zwRegistros = pgTable(
  'zw_registros',
  {
    id: serial('id').primaryKey(),
    mes: date('mes', { mode: 'string' }).notNull(),
    clasificacionId: integer('clasificacion_id')
      .notNull()
      .references(() => zwClasificaciones.id),
    kg: doublePrecision('kg').notNull(),
    /** Optimistic concurrency: +1 on every configuration write; a save naming an older version is refused (CONFLICT). */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('zw_registros_mes_clas_idx').on(t.mes, t.clasificacionId)],
);

export const zwProyecciones = pgTable(
  'zw_proyecciones',
  {
    id: serial('id').primaryKey(),
    anio: smallint('anio').notNull(),
    clasificacionId: integer('clasificacion_id')
      .notNull()
      .references(() => zwClasificaciones.id),
    aprovechables: doublePrecision('aprovechables').notNull(),
    noAprovechables: doublePrecision('no_aprovechables').notNull(),
    zeroWaste: doublePrecision('zero_waste').notNull(),
    /** Optimistic concurrency: +1 on every configuration write; a save naming an older version is refused (CONFLICT). */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('zw_proyecciones_anio_clas_idx').on(t.anio, t.clasificacionId)],
);

// ---------------------------------------------------------------- human resources

export const empleados = pgTable('empleados', {
  id: serial('id').primaryKey(),
  codigo: text('codigo').notNull().unique(),
  nombre: text('nombre').notNull(),
  area: text('area').notNull(),
  puesto: text('puesto').notNull(),
  activo: boolean('activo').notNull().default(true),
});

export const asistencias = pgTable(
  'asistencias',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    empleadoId: integer('empleado_id')
      .notNull()
      .references(() => empleados.id),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    estado: text('estado', { enum: ['PRESENTE', 'FALTA', 'VACACIONES', 'INCAPACIDAD', 'PERMISO'] }).notNull(),
    entrada: time('entrada'),
    salida: time('salida'),
  },
  (t) => [
    uniqueIndex('asistencias_empleado_fecha_idx').on(t.empleadoId, t.fecha),
    index('asistencias_fecha_idx').on(t.fecha),
  ],
);

export const horasExtra = pgTable(
  'horas_extra',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    empleadoId: integer('empleado_id')
      .notNull()
      .references(() => empleados.id),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    horas: doublePrecision('horas').notNull(),
    tipo: text('tipo', { enum: ['DOBLE', 'TRIPLE'] }).notNull(),
    motivo: text('motivo').notNull(),
  },
  (t) => [
    uniqueIndex('horas_extra_empleado_fecha_tipo_idx').on(t.empleadoId, t.fecha, t.tipo),
    index('horas_extra_fecha_idx').on(t.fecha),
  ],
);

/** Overtime budget of an area for a month (mes = first day). */
export const presupuestosHorasExtra = pgTable(
  'presupuestos_horas_extra',
  {
    area: text('area').notNull(),
    mes: date('mes', { mode: 'string' }).notNull(),
    horas: doublePrecision('horas').notNull(),
  },
  (t) => [primaryKey({ columns: [t.area, t.mes] })],
);

// ---------------------------------------------------------------- OBZ (zero-based budget)

export const obzPaquetes = pgTable('obz_paquetes', {
  id: serial('id').primaryKey(),
  nombre: text('nombre').notNull().unique(),
  area: text('area').notNull(),
  responsable: text('responsable').notNull(),
});

export const obzMontos = pgTable(
  'obz_montos',
  {
    paqueteId: integer('paquete_id')
      .notNull()
      .references(() => obzPaquetes.id),
    mes: date('mes', { mode: 'string' }).notNull(),
    presupuesto: doublePrecision('presupuesto').notNull(),
    real: doublePrecision('real'),
  },
  (t) => [primaryKey({ columns: [t.paqueteId, t.mes] })],
);

// ---------------------------------------------------------------- notifications

export const reglasNotificacion = pgTable('reglas_notificacion', {
  id: serial('id').primaryKey(),
  nombre: text('nombre').notNull().default(''),
  /** DIARIO: a variable's daily value; VIVO: a line's live speed, minute by minute; PAROS: a line's stops. */
  fuente: text('fuente', { enum: ['DIARIO', 'VIVO', 'PAROS'] })
    .notNull()
    .default('DIARIO'),
  variableId: integer('variable_id').references(() => variables.id),
  lineaId: integer('linea_id').references(() => lineas.id),
  condicion: text('condicion', {
    enum: [
      'FUERA_DE_RANGO',
      'BAJO_META',
      'SOBRE_META',
      'UMBRAL_BAJO',
      'UMBRAL_SOBRE',
      'PARO_SIN_MOTIVO',
      'MICROPAROS_HORA',
    ],
  }).notNull(),
  umbral: doublePrecision('umbral'),
  duracionMin: integer('duracion_min').notNull().default(0),
  histeresis: doublePrecision('histeresis').notNull().default(0),
  severidad: text('severidad', { enum: ['INFO', 'AVISO', 'CRITICA'] })
    .notNull()
    .default('AVISO'),
  /** Legacy single role (kept readable); roles_destino is the list used. */
  rolDestino: text('rol_destino'),
  rolesDestino: text('roles_destino')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Legacy single user (kept readable); usuarios_destino is the list used. */
  usuarioDestinoId: integer('usuario_destino_id').references(() => users.id),
  usuariosDestino: integer('usuarios_destino')
    .array()
    .notNull()
    .default(sql`'{}'::int[]`),
  canalApp: boolean('canal_app').notNull().default(true),
  canalEmail: boolean('canal_email').notNull().default(false),
  activa: boolean('activa').notNull().default(true),
  version: integer('version').notNull().default(1),
  /**
   * When the rule was last saved (created or edited): it alarms on daily values that change after
   * this instant only; the days already written are what its 30-day preview shows.
   */
  vigenteDesde: timestamp('vigente_desde', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One occurrence of a rule's condition. At most one open (ACTIVA or RECONOCIDA) alarm per rule and
 * key (the production day for DIARIO rules, '' for VIVO): the unique index makes the opening atomic,
 * so evaluating twice (two servers, a restart) never notifies twice.
 */
export const alarmas = pgTable(
  'alarmas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reglaId: integer('regla_id').references(() => reglasNotificacion.id, { onDelete: 'set null' }),
    reglaNombre: text('regla_nombre').notNull(),
    severidad: text('severidad').notNull(),
    estado: text('estado', { enum: ['ACTIVA', 'RECONOCIDA', 'NORMALIZADA'] }).notNull(),
    clave: text('clave').notNull(),
    origen: text('origen').notNull(),
    area: text('area'),
    lineaId: integer('linea_id'),
    unidad: text('unidad'),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    inicio: timestamp('inicio', { withTimezone: true }).notNull(),
    valor: doublePrecision('valor').notNull(),
    limite: doublePrecision('limite').notNull(),
    enlace: text('enlace').notNull(),
    reconocidaPor: integer('reconocida_por').references(() => users.id, { onDelete: 'set null' }),
    reconocidaAt: timestamp('reconocida_at', { withTimezone: true }),
    comentario: text('comentario'),
    normalizadaAt: timestamp('normalizada_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alarmas_abierta_idx')
      .on(t.reglaId, t.clave)
      .where(sql`estado <> 'NORMALIZADA'`),
    index('alarmas_inicio_idx').on(t.inicio),
  ],
);

export const notificaciones = pgTable(
  'notificaciones',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reglaId: integer('regla_id').references(() => reglasNotificacion.id, { onDelete: 'set null' }),
    alarmaId: bigint('alarma_id', { mode: 'number' }).references(() => alarmas.id, { onDelete: 'set null' }),
    severidad: text('severidad'),
    enlace: text('enlace'),
    titulo: text('titulo').notNull(),
    mensaje: text('mensaje').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    leidaAt: timestamp('leida_at', { withTimezone: true }),
  },
  (t) => [
    index('notificaciones_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('notificaciones_alarma_user_idx').on(t.alarmaId, t.userId),
  ],
);

/**
 * The e-mail outbox: a message is written here in the transaction that decides it, then sent
 * (SMTP_URL) with retries and backoff; after the last retry it stays FALLIDO, visible to admins.
 */
export const enviosCorreo = pgTable(
  'envios_correo',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    destinatario: text('destinatario').notNull(),
    asunto: text('asunto').notNull(),
    texto: text('texto').notNull(),
    html: text('html'),
    /** Attachments as [{ filename, contentType, path }] under DATA_DIR (scheduled reports). */
    adjuntos: jsonb('adjuntos').$type<{ filename: string; contentType: string; path: string }[]>(),
    /** Why it was sent (e.g. 'alarma:12'), one message per recipient and reason. */
    motivo: text('motivo').notNull(),
    estado: text('estado', { enum: ['PENDIENTE', 'ENVIADO', 'FALLIDO'] })
      .notNull()
      .default('PENDIENTE'),
    intentos: integer('intentos').notNull().default(0),
    proximoIntento: timestamp('proximo_intento', { withTimezone: true }).defaultNow(),
    ultimoError: text('ultimo_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    enviadoAt: timestamp('enviado_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('envios_correo_motivo_idx').on(t.motivo, t.destinatario),
    index('envios_correo_pendiente_idx').on(t.estado, t.proximoIntento),
  ],
);

/**
 * A screen's PDF report e-mailed on a schedule (plant time): daily at a time after the production
 * day closes, weekly on a weekday, monthly on a day of the month.
 */
export const reportesProgramados = pgTable('reportes_programados', {
  id: serial('id').primaryKey(),
  nombre: text('nombre').notNull(),
  /** The screen's route, e.g. '/fabrica'. */
  ruta: text('ruta').notNull(),
  /** TURNO: at each shift's end (turnos_horario), for the screens whose PDF reads one shift. */
  periodicidad: text('periodicidad', { enum: ['DIARIA', 'SEMANAL', 'MENSUAL', 'TURNO'] }).notNull(),
  /** 'HH:MM', plant time; null for TURNO (its shifts' ends say when). */
  hora: text('hora'),
  /** SEMANAL: 1 (Monday) … 7 (Sunday). */
  diaSemana: smallint('dia_semana'),
  /** MENSUAL: 1 … 28. */
  diaMes: smallint('dia_mes'),
  /** The line (its numero, as the screen's URL has it) the report is about; null: the plant. */
  linea: smallint('linea'),
  destinatarios: text('destinatarios').array().notNull(),
  activo: boolean('activo').notNull().default(true),
  /** Whose permissions the report is made with: whoever saved it last (an admin; named in its PDF). */
  creadoPor: integer('creado_por').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

/** The run log: one row per schedule and slot (unique: a slot runs once, across servers and restarts). */
export const ejecucionesReporte = pgTable(
  'ejecuciones_reporte',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    programadoId: integer('programado_id').references(() => reportesProgramados.id, { onDelete: 'cascade' }),
    /** The scheduled instant this run is for (null: sent by hand). */
    programadaPara: timestamp('programada_para', { withTimezone: true }),
    estado: text('estado', { enum: ['EN_PROCESO', 'ENVIADO', 'ERROR'] }).notNull(),
    archivo: text('archivo'),
    destinatarios: integer('destinatarios').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    terminadaAt: timestamp('terminada_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ejecuciones_reporte_slot_idx').on(t.programadoId, t.programadaPara),
    index('ejecuciones_reporte_creada_idx').on(t.createdAt),
  ],
);

// ---------------------------------------------------------------- demo data bookkeeping

/** Key/value facts the server keeps about itself (e.g. how far the demo history reaches). */
export const sistema = pgTable('sistema', {
  clave: text('clave').primaryKey(),
  valor: text('valor').notNull(),
  actualizado: timestamp('actualizado', { withTimezone: true }).notNull().defaultNow(),
});
