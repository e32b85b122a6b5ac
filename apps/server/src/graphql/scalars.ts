import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { isCalendarDate } from '../validation.ts';

const DATETIME_RE = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/;

function parseDate(value: unknown): string {
  if (typeof value === 'string' && isCalendarDate(value)) return value;
  throw new GraphQLError(`Fecha inválida: se espera AAAA-MM-DD (recibido ${JSON.stringify(value)})`);
}

/** A real instant: calendar day (no 30 February), 00:00–23:59:59, offset within ±14:59. */
function isValidDateTime(m: RegExpExecArray): boolean {
  const [hour, minute, second, offsetHours, offsetMinutes] = [m[2], m[3], m[4], m[7], m[8]].map(Number);
  return (
    isCalendarDate(m[1] ?? '') &&
    hour! < 24 &&
    minute! < 60 &&
    (m[4] === undefined || second! < 60) &&
    (m[7] === undefined || (offsetHours! <= 14 && offsetMinutes! < 60))
  );
}

function parseDateTime(value: unknown): Date {
  const m = typeof value === 'string' ? DATETIME_RE.exec(value) : null;
  if (m && isValidDateTime(m)) {
    const d = new Date(value as string);
    if (!Number.isNaN(d.getTime())) return d;
  }
  throw new GraphQLError(
    `Fecha y hora inválida: se espera ISO-8601 con zona horaria (recibido ${JSON.stringify(value)})`,
  );
}

/** A date as the database's `date` type gives it (to_char, drivers): already a real calendar day. */
const FECHA_BD = /^\d{4}-\d{2}-\d{2}$/;

export const DateScalar = new GraphQLScalarType({
  name: 'Date',
  // Answers: what the repositories read (a shape check per row); arguments: the full calendar check.
  serialize: (value) =>
    value instanceof Date
      ? value.toISOString().slice(0, 10)
      : typeof value === 'string' && FECHA_BD.test(value)
        ? value
        : parseDate(value),
  parseValue: parseDate,
  parseLiteral: (ast) => parseDate(ast.kind === Kind.STRING ? ast.value : undefined),
});

/** PostgreSQL's text form of timestamptz ('2026-03-02 13:00:00+00'), as drivers may hand it over. */
const PG_TIMESTAMPTZ = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d+)?)([+-]\d{2})(:?\d{2})?$/;

/** UTC ISO-8601 as the repositories produce it for long series (no Date object per row). */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

function serializeDateTime(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' && ISO_UTC.test(value)) return value;
  const pg = typeof value === 'string' ? PG_TIMESTAMPTZ.exec(value) : null;
  if (pg) return new Date(`${pg[1]}T${pg[2]}${pg[3]}:${(pg[4] ?? '00').replace(':', '')}`).toISOString();
  return parseDateTime(value).toISOString();
}

export const DateTimeScalar = new GraphQLScalarType({
  name: 'DateTime',
  serialize: serializeDateTime,
  parseValue: parseDateTime,
  parseLiteral: (ast) => parseDateTime(ast.kind === Kind.STRING ? ast.value : undefined),
});
