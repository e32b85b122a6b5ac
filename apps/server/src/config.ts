import { isIP } from 'node:net';
import path from 'node:path';
import { LISTA_DE_LINEAS } from '@planta/domain';
import { Cron } from 'croner';
import { z } from 'zod';

const onOff = z.enum(['on', 'off'], { error: 'debe ser "on" u "off"' });

/** An exact browser origin: http(s), host, optional port, nothing else (what `Origin` headers carry). */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('es', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(0, 'debe estar entre 0 y 65535')
    .max(65535, 'debe estar entre 0 y 65535')
    .default(8081),
  HOST: z.string().min(1, 'no puede estar vacío').default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'debe ser una URL postgres://usuario@servidor:puerto/base')
    .optional(),
  DATA_DIR: z.string().min(1, 'no puede estar vacío').default('./data'),
  WEB_DIST: z.string().min(1, 'no puede estar vacío').optional(),
  PLANT_TZ: z.string().refine(isTimeZone, 'no es una zona horaria IANA válida').default('America/Lima'),
  OPCUA_ENDPOINT: z
    .string()
    .regex(/^opc\.tcp:\/\/.+/, 'debe empezar por opc.tcp://')
    .optional(),
  SIMULATOR: onOff.default('on'),
  SIMULATOR_TEST_CONTROLS: onOff.default('off'),
  SIMULATOR_LINEAS_EN_MARCHA: z.string().regex(LISTA_DE_LINEAS.patron, LISTA_DE_LINEAS.mensaje).optional(),
  OPCUA_SECURITY_MODE: z
    .enum(['None', 'Sign', 'SignAndEncrypt'], { error: 'debe ser None, Sign o SignAndEncrypt' })
    .optional(),
  OPCUA_SECURITY_POLICY: z
    .enum(['Basic256Sha256', 'Aes128_Sha256_RsaOaep', 'Aes256_Sha256_RsaPss'], {
      error: 'debe ser Basic256Sha256, Aes128_Sha256_RsaOaep o Aes256_Sha256_RsaPss',
    })
    .default('Basic256Sha256'),
  DEMO_DAYS: z.coerce
    .number({ error: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(0, 'debe estar entre 0 y 3650')
    .max(3650, 'debe estar entre 0 y 3650')
    .default(400),
  ADMIN_PASSWORD: z.string().min(8, 'debe tener al menos 8 caracteres').max(256).optional(),
  JWT_SECRET: z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'debe ser una URL smtp:// o smtps://')
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .min(3, 'debe ser una dirección de remitente, como Planta <planta@example.com>')
    .default('Planta <planta@localhost>'),
  PUBLIC_URL: z
    .string()
    .regex(
      /^https?:\/\/[^/]+(\/.*)?$/,
      'debe ser la dirección de la aplicación, como https://planta.example.com',
    )
    .optional(),
  ALARMS_INTERVAL_MS: z.coerce
    .number({ error: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(500, 'debe estar entre 500 y 3600000')
    .max(3_600_000, 'debe estar entre 500 y 3600000')
    .default(10_000),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'debe ser fatal, error, warn, info, debug, trace o silent',
    })
    .default('info'),
  GRAPHQL_INTROSPECTION: onOff.default('off'),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .superRefine((origins, ctx) => {
      const bad = origins.find((origin) => !isOrigin(origin));
      if (bad !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `debe ser una lista de orígenes separados por comas, como https://planta.example.com (esquema, servidor y puerto opcional; sin ruta ni barra final; nunca *): "${bad}" no lo es`,
        });
      }
    }),
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'debe ser development, production o test' })
    .default('production'),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('off')
    .refine(
      (value) => leerTrustProxy(value) !== undefined,
      'debe ser off, el número de proxies delante del servidor (1 a 10; on equivale a 1) o una lista de direcciones o redes de los proxies separadas por comas (como 10.0.0.5,10.1.0.0/16 o loopback)',
    ),
  BACKUP_CRON: z
    .string()
    .trim()
    .default('0 3 * * *')
    .refine(
      (value) => value === 'off' || cronValida(value),
      'debe ser una expresión cron de 5 campos, como "0 3 * * *" (cada día a las 03:00 hora de planta), u off',
    ),
  BACKUP_KEEP: z.coerce
    .number({ error: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(1, 'debe estar entre 1 y 1000')
    .max(1000, 'debe estar entre 1 y 1000')
    .default(14),
  BACKUP_DIR: z.string().optional(),
  RETENCION_MINUTOS_DIAS: z
    .string()
    .trim()
    .default('off')
    .refine(
      (value) => value === 'off' || (/^\d+$/.test(value) && Number(value) >= 62 && Number(value) <= 36_500),
      'debe ser un número de días entre 62 y 36500, u off (los minutos se guardan siempre)',
    ),
  PG_DUMP: z.string().optional(),
  METRICS_TOKEN: z
    .string()
    .min(16, 'debe tener al menos 16 caracteres')
    .max(256, 'debe tener como mucho 256 caracteres')
    .regex(/^\S+$/, 'no puede tener espacios')
    .optional(),
});

export const DEFAULT_SIMULATOR_ENDPOINT = 'opc.tcp://127.0.0.1:4840';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** The built web app to serve (default apps/web/dist). */
  webDist?: string;
  plantTz: string;
  /** Where the collector reads the PLCs: OPCUA_ENDPOINT, else the built-in simulator, else nothing. */
  opcuaEndpoint: string | undefined;
  simulator: boolean;
  /**
   * The built-in simulator's writable test controls (Planta.LineaN.Simulacion.ForzarParo and
   * ForzarFalla): for the tests of stop capture only, off by default.
   */
  simulatorTestControls: boolean;
  /**
   * Lines the built-in simulator keeps running whatever its schedule (SIMULATOR_LINEAS_EN_MARCHA),
   * for tests that read the day in progress at any hour; none by default.
   */
  simulatorLineasEnMarcha: number[];
  /**
   * How the collector secures its OPC UA channel: None for the built-in simulator (the default with
   * SIMULATOR=on), SignAndEncrypt with Basic256Sha256 otherwise.
   */
  opcuaSecurity: OpcuaSecurity;
  demoDays: number;
  adminPassword: string | undefined;
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  /** The e-mails' sender (MAIL_FROM). */
  mailFrom: string;
  /** The app's address for links in e-mails (PUBLIC_URL; default http://localhost:PORT). */
  publicUrl: string;
  /** How often alarms are evaluated and due e-mails sent (ALARMS_INTERVAL_MS). */
  alarmsIntervalMs: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  graphqlIntrospection: boolean;
  /** Browser origins allowed besides the app's own (CORS and websockets): CORS_ORIGINS. */
  corsOrigins: string[];
  /** NODE_ENV=development: the Vite dev server (port 5173 of the app's host) may call the API too. */
  allowViteDevOrigin: boolean;
  /**
   * TRUST_PROXY: false; a hop count (the client is the address that many proxies back from this
   * server: the right-most X-Forwarded-For entries are the proxies' own); or the proxies' addresses
   * and networks. Never "trust everything": the left-most X-Forwarded-For is the client's to choose.
   */
  trustProxy: false | number | string[];
  /** METRICS_TOKEN: /metrics answers to `Authorization: Bearer <token>` from anywhere, not only loopback. */
  metricsToken: string | undefined;
  /** When the server writes its backup (BACKUP_CRON, plant time); null with BACKUP_CRON=off. */
  backupCron: string | null;
  /** How many scheduled backups are kept (BACKUP_KEEP). */
  backupKeep: number;
  /** Where backups go (BACKUP_DIR, default DATA_DIR/respaldos). */
  backupDir: string;
  /** The pg_dump program for backups of PostgreSQL (PG_DUMP, default pg_dump on the PATH). */
  pgDump: string | undefined;
  /**
   * RETENCION_MINUTOS_DIAS: raw per-minute readings older than this many days are dropped by whole
   * months (the hourly and daily rollups stay forever); null with off, the default.
   */
  retencionMinutosDias: number | null;
}

export interface OpcuaSecurity {
  mode: 'None' | 'Sign' | 'SignAndEncrypt';
  policy: 'Basic256Sha256' | 'Aes128_Sha256_RsaOaep' | 'Aes256_Sha256_RsaPss';
}

export class ConfigError extends Error {}

/**
 * A hop count as Fastify's trust function: the socket's peer and the right-most n-1 X-Forwarded-For
 * entries are proxies, the entry before them is the client. (Fastify 5 takes a bare number as
 * "trust nothing", since a client reaching the server directly could then write the header itself:
 * with a hop count the server must be reachable only through its proxies, as README says.)
 */
export const saltosDeProxy =
  (saltos: number) =>
  (_direccion: string, salto: number): boolean =>
    salto < saltos;

/** Proxy address names Fastify (proxy-addr) knows, besides addresses and networks. */
const REDES_CON_NOMBRE = new Set(['loopback', 'linklocal', 'uniquelocal']);

function direccionORed(valor: string): boolean {
  if (REDES_CON_NOMBRE.has(valor)) return true;
  const [ip, prefijo, ...resto] = valor.split('/');
  const version = isIP(ip ?? '');
  if (version === 0 || resto.length > 0) return false;
  if (prefijo === undefined) return true;
  return /^\d{1,3}$/.test(prefijo) && Number(prefijo) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as Fastify takes it, undefined when invalid: off → false; on → 1 (it used to mean
 * "trust every X-Forwarded-For entry", which let a client choose its own address: issue 31, item 9);
 * 1–10 → hops; else a comma-separated list of addresses, networks or loopback/linklocal/uniquelocal.
 */
export function leerTrustProxy(valor: string): false | number | string[] | undefined {
  if (valor === 'off') return false;
  if (valor === 'on') return 1;
  if (/^\d+$/.test(valor)) {
    const saltos = Number(valor);
    return saltos >= 1 && saltos <= 10 ? saltos : undefined;
  }
  const lista = valor
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return lista.length > 0 && lista.every(direccionORed) ? lista : undefined;
}

function cronValida(expresion: string): boolean {
  if (expresion.split(/\s+/).length !== 5) return false;
  try {
    new Cron(expresion, { paused: true }).stop();
    return true;
  } catch {
    return false;
  }
}

/** Reads and validates the environment; the only place that reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "unset", as in a .env file with `KEY=`.
  const cleaned = Object.fromEntries(
    Object.keys(envSchema.shape)
      .map((key) => [key, env[key]] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'configuración');
    const received = env[name];
    const shown = /PASSWORD|SECRET|TOKEN|URL/.test(name) ? '' : ` (recibido "${received}")`;
    throw new ConfigError(`Configuración inválida: ${name} ${issue?.message ?? 'no es válido'}${shown}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    plantTz: e.PLANT_TZ,
    opcuaEndpoint: e.OPCUA_ENDPOINT ?? (e.SIMULATOR === 'on' ? DEFAULT_SIMULATOR_ENDPOINT : undefined),
    simulator: e.SIMULATOR === 'on',
    simulatorTestControls: e.SIMULATOR_TEST_CONTROLS === 'on',
    simulatorLineasEnMarcha: LISTA_DE_LINEAS.leer(e.SIMULATOR_LINEAS_EN_MARCHA),
    opcuaSecurity: {
      mode: e.OPCUA_SECURITY_MODE ?? (e.SIMULATOR === 'on' ? 'None' : 'SignAndEncrypt'),
      policy: e.OPCUA_SECURITY_POLICY,
    },
    demoDays: e.DEMO_DAYS,
    adminPassword: e.ADMIN_PASSWORD,
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    alarmsIntervalMs: e.ALARMS_INTERVAL_MS,
    logLevel: e.LOG_LEVEL,
    graphqlIntrospection: e.GRAPHQL_INTROSPECTION === 'on',
    corsOrigins: e.CORS_ORIGINS,
    allowViteDevOrigin: e.NODE_ENV === 'development',
    trustProxy: leerTrustProxy(e.TRUST_PROXY) ?? false,
    metricsToken: e.METRICS_TOKEN,
    backupCron: e.BACKUP_CRON === 'off' ? null : e.BACKUP_CRON,
    backupKeep: e.BACKUP_KEEP,
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'respaldos')),
    pgDump: e.PG_DUMP,
    retencionMinutosDias: e.RETENCION_MINUTOS_DIAS === 'off' ? null : Number(e.RETENCION_MINUTOS_DIAS),
  };
}
