import { buildSchema, getNamedType, getNullableType, isListType, isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { COSTOS_GRAPHQL } from '../modules/costos.ts';
import { EACH_LIST, joinCostTables } from './costos.ts';
import { checkRequest } from './gate.ts';
import { GRAPHQL_LIMITS } from './limits.ts';
import { loadSchema } from './plugin.ts';
import { DateScalar, DateTimeScalar } from './scalars.ts';

const schema = buildSchema(loadSchema());
// The server's scalars, so argument values coerce as they do at run time.
Object.assign(schema.getType('Date')!, {
  parseValue: DateScalar.parseValue,
  parseLiteral: DateScalar.parseLiteral,
});
Object.assign(schema.getType('DateTime')!, {
  parseValue: DateTimeScalar.parseValue,
  parseLiteral: DateTimeScalar.parseLiteral,
});

const check = (query: string, variables?: Record<string, unknown>, operationName?: string) =>
  checkRequest(schema, COSTOS_GRAPHQL, { query, variables, operationName });

const DAY = 'desde: "2026-03-02T13:00:00Z", hasta: "2026-03-03T13:00:00Z"';

describe('request gate', () => {
  it('weighs the points of a series, not its header fields', () => {
    // 5000 points × 7 values fits; two such series in one request do not.
    const serie = (alias: string) =>
      `${alias}: scadaLinea(linea: 1, desde: "2026-01-01T00:00:00Z", hasta: "2026-03-01T00:00:00Z", max_puntos: 5000) { linea intervalo_minutos lecturas { fecha velocidad botellas botellas_llenas paquetes formato } }`;
    expect(check(`{ ${serie('a')} }`)).toBeUndefined();
    expect(check(`{ ${serie('a')} ${serie('b')} }`)?.message).toMatch(
      /^La consulta es demasiado costosa: pediría unos 7\d{4} valores/,
    );
    // A day of minutes is at most 1440 points, whatever max_puntos says.
    expect(
      check(
        `{ a: scadaLinea(linea: 1, ${DAY}, max_puntos: 5000) { lecturas { fecha } } b: scadaLinea4(${DAY}, max_puntos: 5000) { lecturas { fecha } } c: scadaLinea(linea: 2, ${DAY}) { lecturas { fecha velocidad } } }`,
      ),
    ).toBeUndefined();
  });

  it('weighs a series asked as columns as its points times the columns asked', () => {
    // 5000 points × 6 columns fits; two such series in one request do not.
    const serie = (alias: string) =>
      `${alias}: scadaLinea(linea: 1, desde: "2026-01-01T00:00:00Z", hasta: "2026-03-01T00:00:00Z", max_puntos: 5000) { intervalo_minutos columnas { minuto velocidad botellas botellas_llenas paquetes formato } }`;
    expect(check(`{ ${serie('a')} }`)).toBeUndefined();
    expect(check(`{ ${serie('a')} ${serie('b')} ${serie('c')} }`)?.message).toMatch(
      /^La consulta es demasiado costosa: pediría unos 9\d{4} valores/,
    );
  });

  it("weighs a list of series by the series times each one's columns", () => {
    // A dashboard's 13 variables over three months fits; 100 over two years does not.
    const nombres = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => `v${i}`));
    const series = (n: number, desde: string) =>
      `{ historicosSeries(nombres: ${nombres(n)}, desde: "${desde}", hasta: "2025-12-31") { variable { nombre } fecha diario mensual meta } }`;
    expect(check(series(13, '2025-10-01'))).toBeUndefined();
    expect(check(series(100, '2024-01-01'))?.message).toMatch(
      /^La consulta es demasiado costosa: pediría unos 29\d{4} valores/,
    );
  });

  it('reads sizes from variables and their defaults, through fragments', () => {
    const query = `query($m: Int = 5000, $d: DateTime!, $h: DateTime!) { a: scadaLinea(linea: 1, desde: $d, hasta: $h, max_puntos: $m) { ...S } b: scadaLinea(linea: 1, desde: $d, hasta: $h, max_puntos: $m) { ...S } }
      fragment S on ScadaSerie { lecturas { ...L } } fragment L on ScadaLectura { fecha velocidad botellas paquetes formato }`;
    const vars = { d: '2026-01-01T00:00:00Z', h: '2026-02-01T00:00:00Z' };
    expect(check(query, vars)?.message).toMatch(/demasiado costosa/);
    expect(check(query, { ...vars, m: 100 })).toBeUndefined();
  });

  it('lets a report of thousands of rows through, and refuses more rows than the service allows', () => {
    const report = (hasta: string, intervalo: string) =>
      `{ reporteAgua(desde: "2026-01-01T00:00:00Z", hasta: "${hasta}", intervalo: "${intervalo}") { intervalo_minutos columnas { variable unidad } filas { fecha valores } } }`;
    expect(check(report('2026-01-15T00:00:00Z', '5m'))).toBeUndefined(); // 4032 rows
    expect(check(report('2026-03-01T00:00:00Z', '1m'))).toMatchObject({ field: 'intervalo' });
  });

  it('weighs the counters and SCADA reports by their rows, within what their services allow', () => {
    const contadores = (desde: string, hasta: string, agrupacion: string) =>
      `{ reporteContadores(desde: "${desde}", hasta: "${hasta}", agrupacion: ${agrupacion}) { filas { linea fecha inicio fin botellas botellas_llenas paquetes producto_terminado velocidad_media minutos_marcha producto } } }`;
    // The longest ranges the service allows: a month by hour, a year by day.
    expect(check(contadores('2026-01-01', '2026-01-31', 'HORA'))).toBeUndefined();
    expect(check(contadores('2026-01-01', '2026-12-31', 'DIA'))).toBeUndefined();
    // Longer than the grouping allows: its service answers, naming the limit (reportes.test.ts).
    expect(check(contadores('2026-01-01', '2026-12-31', 'HORA'))).toBeUndefined();
    // Within the limits, aliases still add up: five months by hour at once are refused.
    const cinco = ['a', 'b', 'c', 'd', 'e']
      .map((alias) => `${alias}: ${contadores('2026-01-01', '2026-01-31', 'HORA').slice(2, -2)}`)
      .join(' ');
    expect(check(`{ ${cinco} }`)?.message).toMatch(/demasiado costosa/);
    const scada = (hasta: string, intervalo: string, variables: number) =>
      `{ reporteScada(variables: [${Array.from({ length: variables }, (_, i) => i + 1).join(', ')}], desde: "2026-01-01T05:00:00Z", hasta: "${hasta}", intervalo: ${intervalo}) { filas { inicio valores } } }`;
    expect(check(scada('2026-01-02T05:00:00Z', 'MINUTO', 20))).toBeUndefined();
    // Beyond the cell limit the service answers (a Spanish message suggesting a larger interval).
    expect(check(scada('2026-12-31T05:00:00Z', 'MINUTO', 1))).toBeUndefined();
  });

  it('survives fragment cycles and unknown fields (validation reports them later)', () => {
    expect(
      check(`{ ...A } fragment A on Query { ...B } fragment B on Query { ...A lineas { id } }`),
    ).toBeUndefined();
    expect(check(`{ noExiste { id } lineas { nada } }`)).toBeUndefined();
  });

  it('counts selections before anything else expensive', () => {
    const many = `{ ${'lineas { id } '.repeat(GRAPHQL_LIMITS.maxSelections / 2 + 1)}}`;
    expect(check(many)?.message).toMatch(/^La consulta pide demasiados campos/);
  });
});

describe('cost table', () => {
  it("names fields of the schema, and each list child a list field of the field's type", () => {
    for (const [coordinate, cost] of Object.entries(COSTOS_GRAPHQL)) {
      const [typeName, fieldName] = coordinate.split('.') as [string, string];
      const type = schema.getType(typeName);
      const field = type && isObjectType(type) ? type.getFields()[fieldName] : undefined;
      expect(field, coordinate).toBeDefined();
      for (const name of typeof cost.child === 'string' ? [cost.child] : (cost.child ?? [])) {
        if (name === EACH_LIST) {
          // Every list field of the items: they must have some.
          const lists = Object.values(fieldsOf(getNamedType(field!.type)) ?? {}).filter((f) =>
            isListType(getNullableType(f.type)),
          );
          expect(lists.length, `${coordinate} → ${name}`).toBeGreaterThan(0);
          continue;
        }
        const child = fieldsOf(getNamedType(field!.type))?.[name];
        expect(child, `${coordinate} → ${name}`).toBeDefined();
        // A list, or an object of lists (a series' columns).
        const lists = isListType(getNullableType(child!.type))
          ? [child]
          : Object.values(fieldsOf(getNamedType(child!.type)) ?? {}).filter((f) =>
              isListType(getNullableType(f.type)),
            );
        expect(lists.length, `${coordinate} → ${name}`).toBeGreaterThan(0);
      }
    }
  });

  it('refuses a field declared by two modules', () => {
    const one = { estimate: () => 1 };
    expect(() => joinCostTables({ 'Query.a': one }, { 'Query.a': one })).toThrow(/Query.a/);
  });
});

function fieldsOf(type: ReturnType<typeof getNamedType>) {
  return isObjectType(type) ? type.getFields() : undefined;
}
