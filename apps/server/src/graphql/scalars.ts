import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

function parseDate(value: unknown): string {
  if (typeof value === 'string') {
    const m = DATE_RE.exec(value);
    if (m) {
      const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
      if (d.toISOString().slice(0, 10) === value) return value;
    }
  }
  throw new GraphQLError(`Fecha inválida: se espera AAAA-MM-DD (recibido ${JSON.stringify(value)})`);
}

function parseDateTime(value: unknown): Date {
  if (typeof value === 'string' && DATETIME_RE.test(value)) {
    const d = new Date(value);
    if (!Number.isNaN(d.getTime())) return d;
  }
  throw new GraphQLError(
    `Fecha y hora inválida: se espera ISO-8601 con zona horaria (recibido ${JSON.stringify(value)})`,
  );
}

export const DateScalar = new GraphQLScalarType({
  name: 'Date',
  serialize: (value) => (value instanceof Date ? value.toISOString().slice(0, 10) : parseDate(value)),
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
