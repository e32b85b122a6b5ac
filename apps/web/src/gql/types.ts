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

export type CreateHistoricoInput = {
  /** Derived from diario when not given. */
  anual?: InputMaybe<Scalars['Float']['input']>;
  diario: Scalars['Float']['input'];
  fecha: Scalars['Date']['input'];
  /** Derived from diario when not given. */
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

export type LoginInput = {
  password: Scalars['String']['input'];
  username: Scalars['String']['input'];
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
  /** The variable charted on the screen (/fabrica). */
  variable?: InputMaybe<Scalars['String']['input']>;
  /** Reporte de Variables SCADA: the picked variables' ids ('12,15'). */
  variables?: InputMaybe<Scalars['String']['input']>;
};

export type PlanificacionInput = {
  aop: Scalars['Float']['input'];
  /** Any day of the month; stored as the first day of that month. */
  fecha: Scalars['Date']['input'];
  negociado: Scalars['Float']['input'];
  variable_id: Scalars['ID']['input'];
};

export type ProyeccionInput = {
  anio: Scalars['Int']['input'];
  aprovechables: Scalars['Float']['input'];
  clasificacion_id: Scalars['ID']['input'];
  no_aprovechables: Scalars['Float']['input'];
  /** Projected zwl, percent 0–100. */
  zero_waste: Scalars['Float']['input'];
};

export type RefreshTokenInput = {
  /** May be omitted when the HttpOnly refresh cookie is present. */
  refresh_token?: InputMaybe<Scalars['String']['input']>;
};

export type TipoHoraExtra =
  | 'DOBLE'
  | 'TRIPLE';

export type TurnoInput = {
  fecha: Scalars['Date']['input'];
  /** 0 to 24. */
  horas_productividad: Scalars['Float']['input'];
  linea_id: Scalars['ID']['input'];
};

export type UpdateHistoricoInput = {
  anual: Scalars['Float']['input'];
  diario: Scalars['Float']['input'];
  fecha: Scalars['Date']['input'];
  mensual: Scalars['Float']['input'];
  meta: Scalars['Float']['input'];
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

export type UpsertMetaInput = {
  fecha: Scalars['Date']['input'];
  valor: Scalars['Float']['input'];
  variable_id: Scalars['ID']['input'];
};

export type ZeroWasteRegistroInput = {
  clasificacion_id: Scalars['ID']['input'];
  kg: Scalars['Float']['input'];
  /** Any day of the month; stored as the month's first day. */
  mes: Scalars['Date']['input'];
};
