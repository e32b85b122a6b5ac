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

export type FuenteVariable =
  | 'CALCULADA'
  | 'MANUAL'
  | 'OPC';

export type LoginInput = {
  password: Scalars['String']['input'];
  username: Scalars['String']['input'];
};

export type NivelVariable =
  | 'GLOBAL'
  | 'INDIVIDUAL';

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
