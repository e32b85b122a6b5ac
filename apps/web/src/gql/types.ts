export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** A calendar date, YYYY-MM-DD, in plant time. */
  Date: { input: string; output: string; }
  /** An instant, ISO-8601 with offset. */
  DateTime: { input: string; output: string; }
};

/** How a variable's mensual and anual derive from diario. */
export type AgregacionVariable =
  /** Ratio of sums when the days carry numerador/denominador, else the mean. */
  | 'PROMEDIO'
  /** Month-to-date and year-to-date sums. */
  | 'SUMA'
  /** The day's own value. */
  | 'ULTIMO';

/** How the counters report groups the hours: by hour, by shift or by production day (plant time). */
export type AgrupacionContadores =
  | 'DIA'
  | 'HORA'
  | 'TURNO';

export type AgruparParos =
  | 'CAUSA'
  | 'EQUIPO';

export type AsignarMotivoParoInput = {
  /** Optional, at most 500 characters. */
  comentario?: InputMaybe<Scalars['String']['input']>;
  motivo_id: Scalars['ID']['input'];
  paro_id: Scalars['ID']['input'];
  version: Scalars['Int']['input'];
};

export type CategoriaParoInput = {
  nombre: Scalars['String']['input'];
  /** Update only: the version read; a different stored version is a CONFLICT (omitted: last write wins). */
  version?: InputMaybe<Scalars['Int']['input']>;
};

/**
 * The loss class of a stop reason (DOMAIN "Stops and losses": ISO 22400-2 and Nakajima's six big
 * losses). PLANIFICADO (CIP, planned maintenance, no orders, breaks) leaves planned busy time; FALLA
 * and CAMBIO_FORMATO cost availability, MICROPARO and VELOCIDAD performance, CALIDAD and ARRANQUE
 * quality.
 */
export type ClasePerdida =
  | 'ARRANQUE'
  | 'CALIDAD'
  | 'CAMBIO_FORMATO'
  | 'FALLA'
  | 'MICROPARO'
  | 'PLANIFICADO'
  | 'VELOCIDAD';

export type ClasificacionInput = {
  aprovechable: Scalars['Boolean']['input'];
  /** Unique (case-insensitive), at most 120 characters. */
  descripcion: Scalars['String']['input'];
};

export type ClasificacionUpdateInput = {
  aprovechable: Scalars['Boolean']['input'];
  descripcion: Scalars['String']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
};

/**
 * A day's value entered by hand: diario becomes manual (diario_manual), derivations from readings
 * never overwrite it.
 */
export type CreateHistoricoInput = {
  /** Derived from diario when not given; when given it is kept as entered (anual_manual) whatever is written later. */
  anual?: InputMaybe<Scalars['Float']['input']>;
  diario: Scalars['Float']['input'];
  fecha: Scalars['Date']['input'];
  /** Derived from diario when not given; when given it is kept as entered (mensual_manual) whatever is written later. */
  mensual?: InputMaybe<Scalars['Float']['input']>;
  meta?: InputMaybe<Scalars['Float']['input']>;
  variable_id: Scalars['ID']['input'];
};

export type CreateUserInput = {
  deleted_at?: InputMaybe<Scalars['DateTime']['input']>;
  email?: InputMaybe<Scalars['String']['input']>;
  name: Scalars['String']['input'];
  password: Scalars['String']['input'];
  username: Scalars['String']['input'];
};

/** A variable's editable fields (configuration). Its OPC node id is set on the lineas/OPC screen. */
export type CreateVariableInput = {
  agregacion: AgregacionVariable;
  area: Scalars['String']['input'];
  /** 0 to 6. */
  decimales: Scalars['Int']['input'];
  /** MANUAL when not given. */
  fuente?: InputMaybe<FuenteVariable>;
  linea_id?: InputMaybe<Scalars['ID']['input']>;
  /** At least minimo when both are given. */
  maximo?: InputMaybe<Scalars['Float']['input']>;
  /** True when not given. */
  mayor_es_mejor?: InputMaybe<Scalars['Boolean']['input']>;
  minimo?: InputMaybe<Scalars['Float']['input']>;
  /** INDIVIDUAL requires linea_id. */
  nivel: NivelVariable;
  /** Unique (case-insensitive): CONFLICT 'Ya existe una variable con ese nombre'. */
  nombre: Scalars['String']['input'];
  unidad: Scalars['String']['input'];
};

export type DividirParoInput = {
  /** An instant strictly inside the stop (after inicio + 1 s, before fin or now when open). */
  en: Scalars['DateTime']['input'];
  paro_id: Scalars['ID']['input'];
  version: Scalars['Int']['input'];
};

export type EstadoAsistencia =
  | 'FALTA'
  | 'INCAPACIDAD'
  | 'PERMISO'
  | 'PRESENTE'
  | 'VACACIONES';

export type EstadoExportacion =
  | 'EN_PROCESO'
  | 'ERROR'
  | 'LISTA';

/** A value against its configured limits (the variable's minimo/maximo). */
export type EstadoLimitePta =
  /** Within [minimo, maximo]. */
  | 'CUMPLE'
  /** Below minimo or above maximo. */
  | 'NO_CUMPLE'
  /** No value that day. */
  | 'SIN_DATO'
  /** The variable has no limit configured. */
  | 'SIN_LIMITE';

export type ExportarAsistenciaInput = {
  area?: InputMaybe<Scalars['String']['input']>;
  /** The trend's range. */
  desde: Scalars['Date']['input'];
  /** The day of the areas table and the absent list. */
  fecha: Scalars['Date']['input'];
  formato?: InputMaybe<FormatoExportacion>;
  hasta: Scalars['Date']['input'];
};

export type ExportarHorasExtraInput = {
  area?: InputMaybe<Scalars['String']['input']>;
  desde: Scalars['Date']['input'];
  formato?: InputMaybe<FormatoExportacion>;
  hasta: Scalars['Date']['input'];
};

export type ExportarParosInput = {
  /** Production days (≤ 366). */
  desde: Scalars['Date']['input'];
  formato?: InputMaybe<FormatoExportacion>;
  hasta: Scalars['Date']['input'];
  /** The line (null: every line). */
  linea_id?: InputMaybe<Scalars['ID']['input']>;
  /** Only the stops that start in this shift (turnosHorario.numero) of each day. */
  turno?: InputMaybe<Scalars['Int']['input']>;
};

export type ExportarReporteContadoresInput = {
  agrupacion: AgrupacionContadores;
  desde: Scalars['Date']['input'];
  formato?: InputMaybe<FormatoExportacion>;
  hasta: Scalars['Date']['input'];
  lineas?: InputMaybe<Array<Scalars['Int']['input']>>;
};

export type ExportarReporteInput = {
  desde: Scalars['DateTime']['input'];
  formato?: InputMaybe<FormatoExportacion>;
  hasta: Scalars['DateTime']['input'];
  /** '1m', '15 minutos', '1 hora', '1 día'… */
  intervalo: Scalars['String']['input'];
  /** Variable names to include (all of the report's when empty). */
  variables?: InputMaybe<Array<Scalars['String']['input']>>;
};

export type ExportarReporteScadaInput = {
  desde: Scalars['DateTime']['input'];
  formato?: InputMaybe<FormatoExportacion>;
  hasta: Scalars['DateTime']['input'];
  intervalo: IntervaloScada;
  variables: Array<Scalars['ID']['input']>;
};

export type FormatoExportacion =
  | 'CSV'
  | 'PDF'
  | 'XLSX';

export type FuenteVariable =
  | 'CALCULADA'
  | 'MANUAL'
  | 'OPC';

/** Bucket of the SCADA variables report. */
export type IntervaloScada =
  | 'DIA'
  | 'HORA'
  | 'MINUTO'
  | 'QUINCE_MINUTOS';

export type LineaInput = {
  nombre: Scalars['String']['input'];
  numero: Scalars['Int']['input'];
  sufijo?: InputMaybe<Scalars['String']['input']>;
  /** The version read (the web always sends it): an older one is refused with CONFLICT. */
  version?: InputMaybe<Scalars['Int']['input']>;
};

export type LoginInput = {
  password: Scalars['String']['input'];
  username: Scalars['String']['input'];
};

export type MapeoLineaInput = {
  campo: Scalars['String']['input'];
  linea_id: Scalars['ID']['input'];
  /** Null or empty: back to the tag's default node. */
  node_id?: InputMaybe<Scalars['String']['input']>;
  version?: InputMaybe<Scalars['Int']['input']>;
};

export type MapeoVariableInput = {
  /** Null or empty: the variable is no longer read from the plant. */
  node_id?: InputMaybe<Scalars['String']['input']>;
  variable_id: Scalars['ID']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
};

export type MotivoParoInput = {
  categoria_id: Scalars['ID']['input'];
  clase: ClasePerdida;
  /** Omitted or empty: none. At most 50, each 1–65535, no repeats. */
  codigos_falla?: InputMaybe<Array<Scalars['Int']['input']>>;
  /** Production lines (not the plant); omitted or empty: every line. */
  linea_ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  nombre: Scalars['String']['input'];
  /** Update only: the version read. */
  version?: InputMaybe<Scalars['Int']['input']>;
};

export type MttrMttfManualInput = {
  /** Production day (08:00 → 08:00), not in the future. */
  fecha: Scalars['Date']['input'];
  linea_id: Scalars['ID']['input'];
  /** Minutes, 0–1440. */
  mttf: Scalars['Float']['input'];
  /** Minutes, 0–1440. */
  mttr: Scalars['Float']['input'];
  /** Required semantics as elsewhere: omitted on create; on update the version read. */
  version?: InputMaybe<Scalars['Int']['input']>;
};

export type NivelVariable =
  | 'GLOBAL'
  | 'INDIVIDUAL';

export type ObzMontoInput = {
  /** Any day of the month; stored as the month's first day. */
  mes: Scalars['Date']['input'];
  paquete_id: Scalars['ID']['input'];
  presupuesto: Scalars['Float']['input'];
  /** Actual spend; null (or omitted) while the month has none. */
  real?: InputMaybe<Scalars['Float']['input']>;
};

/** Where a stop came from: the collector reading the PLC, a person on /configuracion/mttr-mttf, the demo history. */
export type OrigenParo =
  | 'DEMO'
  | 'MANUAL'
  | 'PLC';

/** The screen's query parameters for its PDF report (as in its URL; each screen uses the ones it shows). */
export type ParametrosReporte = {
  /** Reporte de Contadores: the grouping (HORA, TURNO, DIA), the line numbers ('1,2') and the charted figure. */
  agrupacion?: InputMaybe<Scalars['String']['input']>;
  anio?: InputMaybe<Scalars['String']['input']>;
  /** The HR screens' area filter. */
  area?: InputMaybe<Scalars['String']['input']>;
  /** A chosen range of production days (YYYY-MM-DD, both inclusive). */
  desde?: InputMaybe<Scalars['String']['input']>;
  /** The production day (YYYY-MM-DD); default: the day in progress. */
  fecha?: InputMaybe<Scalars['String']['input']>;
  hasta?: InputMaybe<Scalars['String']['input']>;
  /** The reports' interval (/reportes/aire: 1m, 5m, 15m, 1h, 1d, 7d; /reportes/scada: MINUTO, QUINCE_MINUTOS, HORA, DIA). */
  intervalo?: InputMaybe<Scalars['String']['input']>;
  linea?: InputMaybe<Scalars['String']['input']>;
  lineas?: InputMaybe<Scalars['String']['input']>;
  mes?: InputMaybe<Scalars['String']['input']>;
  serie?: InputMaybe<Scalars['String']['input']>;
  /** /fabrica/perdidas: the shift (turnosHorario.numero) the losses are read for. */
  turno?: InputMaybe<Scalars['String']['input']>;
  /** The variable charted on the screen (/fabrica). */
  variable?: InputMaybe<Scalars['String']['input']>;
  /** Reporte de Variables SCADA: the picked variables' ids ('12,15'). */
  variables?: InputMaybe<Scalars['String']['input']>;
};

export type ParoInput = {
  causa: Scalars['String']['input'];
  equipo: Scalars['String']['input'];
  /** After inicio, not in the future, at most 24 h after inicio. */
  fin: Scalars['DateTime']['input'];
  inicio: Scalars['DateTime']['input'];
  linea_id: Scalars['ID']['input'];
  tipo: TipoParo;
};

export type ParoUpdateInput = {
  causa: Scalars['String']['input'];
  equipo: Scalars['String']['input'];
  fin: Scalars['DateTime']['input'];
  inicio: Scalars['DateTime']['input'];
  linea_id: Scalars['ID']['input'];
  tipo: TipoParo;
  /** The version read (the web always sends it); an older one than the stored gets CONFLICT. */
  version?: InputMaybe<Scalars['Int']['input']>;
};

export type PlanAnualInput = {
  anio: Scalars['Int']['input'];
  /** 1 to 12 months, each at most once. */
  meses: Array<PlanMesInput>;
  variable_id: Scalars['ID']['input'];
};

/** One month of guardarPlanAnual. */
export type PlanMesInput = {
  aop: Scalars['Float']['input'];
  /** 1 (January) to 12. */
  mes: Scalars['Int']['input'];
  /** Omitted: a new month takes the aop; an existing month keeps its negociado. */
  negociado?: InputMaybe<Scalars['Float']['input']>;
  /** The version read of an existing month; a different stored version (or the month deleted) is a CONFLICT. */
  version?: InputMaybe<Scalars['Int']['input']>;
};

export type PlanificacionInput = {
  aop: Scalars['Float']['input'];
  /** Any day of the month; stored as the first day of that month. */
  fecha: Scalars['Date']['input'];
  negociado: Scalars['Float']['input'];
  variable_id: Scalars['ID']['input'];
  /** updatePlanificacion only: the version read; a different stored version is a CONFLICT (omitted: last write wins). */
  version?: InputMaybe<Scalars['Int']['input']>;
};

export type PresentacionInput = {
  /** Bottles per pack: the factor is computed from it (not stored). */
  botellas_paquete: Scalars['Int']['input'];
  unid_medida: Scalars['String']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
  volumen: Scalars['Float']['input'];
};

export type ProductoInput = {
  descripcion: Scalars['String']['input'];
  image_color: Scalars['String']['input'];
  image_prefix: Scalars['String']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
};

export type ProductoPresentacionInput = {
  hmi_linea1_id?: InputMaybe<Scalars['Int']['input']>;
  hmi_linea2_id?: InputMaybe<Scalars['Int']['input']>;
  hmi_linea3_id?: InputMaybe<Scalars['Int']['input']>;
  hmi_linea4_id?: InputMaybe<Scalars['Int']['input']>;
  num_botellas: Scalars['Int']['input'];
  presentacion_id: Scalars['ID']['input'];
  producto_id: Scalars['ID']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
};

export type ProyeccionInput = {
  anio: Scalars['Int']['input'];
  aprovechables: Scalars['Float']['input'];
  clasificacion_id: Scalars['ID']['input'];
  no_aprovechables: Scalars['Float']['input'];
  /** The version read when the projection exists (CONFLICT when older). */
  version?: InputMaybe<Scalars['Int']['input']>;
  /** Projected zwl, percent 0–100. */
  zero_waste: Scalars['Float']['input'];
};

export type RefreshTokenInput = {
  /** May be omitted when the HttpOnly refresh cookie is present. */
  refresh_token?: InputMaybe<Scalars['String']['input']>;
};

export type ReglaNotificacionInput = {
  activa: Scalars['Boolean']['input'];
  canal_app: Scalars['Boolean']['input'];
  canal_email: Scalars['Boolean']['input'];
  condicion: Scalars['String']['input'];
  /** VIVO: 1–1440 minutes (default 1). Ignored on DIARIO. */
  duracion_min?: InputMaybe<Scalars['Int']['input']>;
  fuente: Scalars['String']['input'];
  /** Default 0. */
  histeresis?: InputMaybe<Scalars['Float']['input']>;
  /** Required when fuente is VIVO or PAROS. */
  linea_id?: InputMaybe<Scalars['ID']['input']>;
  nombre: Scalars['String']['input'];
  roles_destino: Array<Scalars['String']['input']>;
  /** Default AVISO. */
  severidad?: InputMaybe<Scalars['String']['input']>;
  /** Required for UMBRAL_BAJO / UMBRAL_SOBRE and on PAROS (a whole number > 0). */
  umbral?: InputMaybe<Scalars['Float']['input']>;
  usuarios_destino: Array<Scalars['ID']['input']>;
  /** Required when fuente is DIARIO. */
  variable_id?: InputMaybe<Scalars['ID']['input']>;
  /** actualizarReglaNotificacion only: the version read (omitted: last write wins). */
  version?: InputMaybe<Scalars['Int']['input']>;
};

export type ReporteProgramadoInput = {
  activo: Scalars['Boolean']['input'];
  /** 1–50 e-mail addresses. */
  destinatarios: Array<Scalars['String']['input']>;
  dia_mes?: InputMaybe<Scalars['Int']['input']>;
  dia_semana?: InputMaybe<Scalars['Int']['input']>;
  /** Required but for TURNO (ignored there). */
  hora?: InputMaybe<Scalars['String']['input']>;
  /** A production line's numero (only with /fabrica/perdidas); null: the plant. */
  linea?: InputMaybe<Scalars['Int']['input']>;
  nombre: Scalars['String']['input'];
  /** DIARIA, SEMANAL, MENSUAL or TURNO (only for the screens whose PDF reads one shift: /fabrica/perdidas). */
  periodicidad: Scalars['String']['input'];
  ruta: Scalars['String']['input'];
  /** actualizarReporteProgramado only: the version read (omitted: last write wins). */
  version?: InputMaybe<Scalars['Int']['input']>;
};

export type TipoHoraExtra =
  | 'DOBLE'
  | 'TRIPLE';

/** What kind of stop a paro is: FALLA (failure: MTTR/MTTF), MICROPARO, CAMBIO_FORMATO, CIP and PLANIFICADO (planned). */
export type TipoParo =
  | 'CAMBIO_FORMATO'
  | 'CIP'
  | 'FALLA'
  | 'MICROPARO'
  | 'PLANIFICADO';

/** One line's shift of guardarTurnosDia. */
export type TurnoDiaEntrada = {
  /** 0 to 24. */
  horas_productividad: Scalars['Float']['input'];
  /** The shift to update; omitted: a new shift. */
  id?: InputMaybe<Scalars['ID']['input']>;
  linea_id: Scalars['ID']['input'];
  /** The version read of an existing shift; a different stored version is a CONFLICT. */
  version?: InputMaybe<Scalars['Int']['input']>;
};

export type TurnoHorarioInput = {
  fin: Scalars['String']['input'];
  /** HH:MM (00:00–23:59), on the quarter hour. */
  inicio: Scalars['String']['input'];
  /** 1–40 characters, unique (case-insensitive). */
  nombre: Scalars['String']['input'];
};

export type TurnoInput = {
  fecha: Scalars['Date']['input'];
  /** 0 to 24. */
  horas_productividad: Scalars['Float']['input'];
  linea_id: Scalars['ID']['input'];
  /** updateTurno only: the version read; a different stored version is a CONFLICT (omitted: last write wins). */
  version?: InputMaybe<Scalars['Int']['input']>;
};

export type TurnosDiaInput = {
  /** At most one entry per line. */
  entradas: Array<TurnoDiaEntrada>;
  fecha: Scalars['Date']['input'];
};

/**
 * Replaces a day's values; diario becomes manual. mensual and anual become manual (kept as entered
 * when other days are written later) only when the value sent differs from the stored one, so a form
 * that re-sends the derived figures keeps them derived; one already manual stays manual unless
 * mensual_calculado / anual_calculado is true.
 */
export type UpdateHistoricoInput = {
  anual: Scalars['Float']['input'];
  /** True: anual is derived again from diario (the value sent is ignored) and stops being manual. */
  anual_calculado?: InputMaybe<Scalars['Boolean']['input']>;
  diario: Scalars['Float']['input'];
  fecha: Scalars['Date']['input'];
  mensual: Scalars['Float']['input'];
  /** True: mensual is derived again from diario (the value sent is ignored) and stops being manual. */
  mensual_calculado?: InputMaybe<Scalars['Boolean']['input']>;
  meta: Scalars['Float']['input'];
  /** The version as read (CONFLICT when another save came first). Optional for API clients; the web always sends it. */
  version?: InputMaybe<Scalars['Int']['input']>;
};

export type UpdatePassword = {
  old_password: Scalars['String']['input'];
  password: Scalars['String']['input'];
  password_confirmation: Scalars['String']['input'];
};

export type UpdateUserInput = {
  email?: InputMaybe<Scalars['String']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  password?: InputMaybe<Scalars['String']['input']>;
  username?: InputMaybe<Scalars['String']['input']>;
};

export type UpdateVariableInput = {
  agregacion: AgregacionVariable;
  area: Scalars['String']['input'];
  decimales: Scalars['Int']['input'];
  fuente?: InputMaybe<FuenteVariable>;
  linea_id?: InputMaybe<Scalars['ID']['input']>;
  maximo?: InputMaybe<Scalars['Float']['input']>;
  mayor_es_mejor?: InputMaybe<Scalars['Boolean']['input']>;
  minimo?: InputMaybe<Scalars['Float']['input']>;
  nivel: NivelVariable;
  nombre: Scalars['String']['input'];
  unidad: Scalars['String']['input'];
  /** The version as read (CONFLICT when another save came first). Optional for API clients. */
  version?: InputMaybe<Scalars['Int']['input']>;
};

export type UpsertMetaInput = {
  fecha: Scalars['Date']['input'];
  valor: Scalars['Float']['input'];
  variable_id: Scalars['ID']['input'];
  /** When the variable already has a meta on that date: its version as read (CONFLICT when older). Optional. */
  version?: InputMaybe<Scalars['Int']['input']>;
};

export type VelocidadNominalInput = {
  linea_id: Scalars['ID']['input'];
  producto_presentacion_id: Scalars['ID']['input'];
  velocidad_paquetes_hora: Scalars['Float']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
};

/** Every classification's kg of one month, saved together. */
export type ZeroWasteMesInput = {
  /** Any day of the month. */
  mes: Scalars['Date']['input'];
  /** At most one entry per classification. */
  registros: Array<ZeroWasteMesKgInput>;
};

/** kg of one classification in the month being saved. */
export type ZeroWasteMesKgInput = {
  clasificacion_id: Scalars['ID']['input'];
  /** kg ≥ 0. */
  kg: Scalars['Float']['input'];
  /** The version read (omitted for a classification the month had no kg of). */
  version?: InputMaybe<Scalars['Int']['input']>;
};

export type ZeroWasteRegistroInput = {
  clasificacion_id: Scalars['ID']['input'];
  kg: Scalars['Float']['input'];
  /** Any day of the month; stored as the month's first day. */
  mes: Scalars['Date']['input'];
  /** The version read when the month already has this classification's kg (CONFLICT when older). */
  version?: InputMaybe<Scalars['Int']['input']>;
};
