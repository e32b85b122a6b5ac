/** What the collector reports to the rest of the server: its link state, live values and health. */

export type EstadoConexion = 'INACTIVO' | 'ESPERANDO_TURNO' | 'CONECTANDO' | 'CONECTADO' | 'DESCONECTADO';

export interface ConexionPlanta {
  estado: EstadoConexion;
  endpoint: string;
  ultima_lectura: Date | null;
}

export interface LineaEnVivo {
  linea: number;
  fecha: Date;
  velocidad: number;
  formato: number;
  estado: number;
  /** Counts of the running minute so far. */
  botellas: number;
  botellas_llenas: number;
  paquetes: number;
}

export interface CollectorHealth {
  estado: EstadoConexion;
  /** The channel's security: 'None' or 'SignAndEncrypt (Basic256Sha256)'. */
  seguridad: string;
  lider: boolean;
  ultima_lectura: string | null;
  /** Seconds since the last minute written to the database. */
  retraso_segundos: number | null;
  filas_en_buffer: number;
  filas_descartadas: number;
}

/** What writing one closed minute (or several, after an outage) took. */
export interface MinuteWritten {
  boundary: Date;
  filas: number;
  /** Building the rows and writing them (all chunks, in one transaction). */
  escrituraMs: number;
  /** Deriving the production day(s) the rows belong to, queue wait included. */
  derivacionMs: number;
}
