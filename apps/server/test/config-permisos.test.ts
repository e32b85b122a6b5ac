// Issue 16: configuration and user management need admin on the server (DESIGN §6), whatever the
// browser shows. Every mutation of the schema except the few any logged-in user may call is sent,
// with well-typed arguments, by a logged-in user without the admin role: each must answer FORBIDDEN
// (the permission is checked before the input, so nothing about the data leaks either). A new
// mutation is swept from its first build; one meant for every user is added to ABIERTAS.
import {
  type GraphQLArgument,
  type GraphQLInputType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isLeafType,
  isNonNullType,
  isScalarType,
} from 'graphql';
import { beforeAll, expect, it } from 'vitest';
import { createUser, describeEachDatabase, uniqueName } from './harness.ts';

/** Mutations every logged-in user may call: their session, their password, exports, PDFs, their bell. */
const ABIERTAS = new Set([
  'login',
  'refreshToken',
  'logout',
  'updatePassword',
  'exportarReporteAire',
  'exportarReporteAgua',
  'exportarReporteContadores',
  'exportarReporteScada',
  // Every stop of a range (/fabrica/perdidas' Exportar): any user who may read the screen.
  'exportarParos',
  // HR exports: the human-resources permission, not admin (tested in rrhh.test.ts).
  'exportarHorasExtra',
  'exportarAsistencia',
  'generarReportePdf',
  'marcarNotificacionesLeidas',
  // A recipient of the alarm acknowledges it (tested in alarmas.test.ts).
  'reconocerAlarma',
]);

const SCALARS: Record<string, unknown> = {
  ID: '1',
  Int: 1,
  Float: 1,
  String: 'x',
  Boolean: false,
  Date: '2026-01-15',
  DateTime: '2026-01-15T10:00:00-05:00',
};

/** A value of the type with every required field filled (optional ones left out). */
function valor(type: GraphQLInputType): unknown {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return [valor(nullable.ofType)];
  if (isEnumType(nullable)) return nullable.getValues()[0]!.value;
  if (isScalarType(nullable)) return SCALARS[nullable.name] ?? 'x';
  if (isInputObjectType(nullable)) {
    return Object.fromEntries(
      Object.values(nullable.getFields())
        .filter((f) => isNonNullType(f.type))
        .map((f) => [f.name, valor(f.type)]),
    );
  }
  return null;
}

const requeridos = (args: readonly GraphQLArgument[]) => args.filter((a) => isNonNullType(a.type));

describeEachDatabase('configuración: solo administradores', (server) => {
  let token: string;
  let schema: GraphQLSchema;

  beforeAll(async () => {
    const admin = (await server().login()).access_token;
    const username = uniqueName('rrhh');
    await createUser(server(), admin, { username, role: 'human-resources' });
    token = (await server().login(username, 'clave-usuario-1')).access_token;
    schema = (server().app as unknown as { graphql: { schema: GraphQLSchema } }).graphql.schema;
  });

  it('every mutation but the open ones answers FORBIDDEN to a user without the admin role', async () => {
    const fields = Object.values(schema.getMutationType()!.getFields()).filter((f) => !ABIERTAS.has(f.name));
    expect(fields.length).toBeGreaterThan(40);
    const refused: string[] = [];
    for (const field of fields) {
      const args = requeridos(field.args);
      const declared = args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
      const passed = args.map((a) => `${a.name}: $${a.name}`).join(', ');
      const query = `mutation${declared ? `(${declared})` : ''} { r: ${field.name}${passed ? `(${passed})` : ''}${isLeafType(getNamedType(field.type)) ? '' : ' { __typename }'} }`;
      const variables = Object.fromEntries(args.map((a) => [a.name, valor(a.type)]));
      const result = await server().gql(query, variables, { token });
      expect(result.status, field.name).toBeLessThan(500);
      if (result.errors?.[0]?.extensions?.code === 'FORBIDDEN' && !result.data?.r) refused.push(field.name);
      else expect.soft({ mutacion: field.name, respuesta: result.errors ?? result.data }).toBeUndefined();
    }
    expect(refused.length).toBe(fields.length);
  });
});
