import {
  getNamedType,
  getNullableType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  isLeafType,
} from 'graphql';
import { beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { OPERADOR_NO_PERMITIDO, PERMITIDOS_OPERADOR } from '../src/modules/auth/operador.ts';
import { seedPlant } from './fixtures.ts';
import { createUser, describeEachDatabase, uniqueName } from './harness.ts';

/**
 * The role matrix of an operator: every root field of the schema (read from the schema itself, so
 * a field added later is covered by default) is called as an operator. Outside the allow-list
 * (modules/auth/operador.ts) the answer is FORBIDDEN with the operator's message; on it, the field
 * runs (its own rules may still refuse the dummy arguments, never with the operator's message).
 */

type Campo = GraphQLField<unknown, unknown>;

/** A value of an input type: the operator's line where an argument names one, else a harmless dummy. */
function valorDe(type: GraphQLInputType, nombre: string, linea: { id: string; numero: number }): unknown {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return [];
  if (isEnumType(nullable)) return nullable.getValues()[0]!.value;
  if (isInputObjectType(nullable)) {
    const objeto: Record<string, unknown> = {};
    for (const f of Object.values(nullable.getFields())) {
      if (isNonNullType(f.type) && f.defaultValue === undefined)
        objeto[f.name] = valorDe(f.type, f.name, linea);
    }
    return objeto;
  }
  if (isScalarType(nullable)) {
    if (nombre === 'linea_id') return linea.id;
    if (nombre === 'linea') return linea.numero;
    switch (nullable.name) {
      case 'ID':
        return '1';
      case 'Int':
      case 'Float':
        return 1;
      case 'Boolean':
        return false;
      case 'Date':
        return '2026-03-10';
      case 'DateTime':
        return '2026-03-10T15:00:00Z';
      default:
        return 'x';
    }
  }
  return null;
}

/** The document and variables calling one root field with its required arguments (and line ones). */
function llamada(
  operacion: 'query' | 'mutation' | 'subscription',
  campo: Campo,
  linea: { id: string; numero: number },
): { query: string; variables: Record<string, unknown> } {
  const args = campo.args.filter(
    (a: GraphQLArgument) =>
      (isNonNullType(a.type) && a.defaultValue === undefined) || a.name === 'linea_id' || a.name === 'linea',
  );
  const variables = Object.fromEntries(args.map((a) => [a.name, valorDe(a.type, a.name, linea)]));
  const definiciones = args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const argumentos = args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const seleccion = isLeafType(getNamedType(campo.type)) ? '' : ' { __typename }';
  return {
    query: `${operacion}${definiciones ? `(${definiciones})` : ''} { ${campo.name}${
      argumentos ? `(${argumentos})` : ''
    }${seleccion} }`,
    variables,
  };
}

describeEachDatabase('operador: matriz de permisos de todos los campos raíz', (server) => {
  let operador = '';
  let linea = { id: '', numero: 1 };

  beforeAll(async () => {
    const admin = (await server().login()).access_token;
    const plant = await seedPlant(server().database.db);
    linea = { id: String(plant.lineaId.get(1)), numero: 1 };
    const nombre = uniqueName('opm');
    const id = await createUser(server(), admin, { username: nombre, role: 'operador' });
    const r = await server().gql(
      `mutation($u: ID!, $l: [ID!]!) { asignarLineasOperador(user_id: $u, linea_ids: $l) { id } }`,
      { u: id, l: [linea.id] },
      { token: admin },
    );
    expect(r.errors).toBeUndefined();
    operador = (await server().login(nombre, 'clave-usuario-1')).access_token;
  });

  it('every Query and Mutation field outside the allow-list answers FORBIDDEN; those on it run', async () => {
    const schema = server().app.graphql.schema;
    const tipos = [
      ['query', schema.getQueryType()!],
      ['mutation', schema.getMutationType()!],
    ] as const;
    const vistos: string[] = [];
    let negados = 0;
    for (const [operacion, tipo] of tipos) {
      for (const campo of Object.values(tipo.getFields())) {
        const clave = `${tipo.name}.${campo.name}`;
        // Ending the operator's own session would end the rest of the matrix.
        if (clave === 'Mutation.logout') continue;
        vistos.push(clave);
        const { query, variables } = llamada(operacion, campo, linea);
        const r = await server().gql(query, variables, { token: operador });
        const error = r.errors?.[0];
        expect(r.status, `${clave}: ${JSON.stringify(r.errors)}`).toBeLessThan(500);
        if (Object.hasOwn(PERMITIDOS_OPERADOR, clave)) {
          expect.soft(error?.message ?? '', clave).not.toBe(OPERADOR_NO_PERMITIDO);
          expect
            .soft(error?.extensions?.code ?? '', `${clave}: ${JSON.stringify(r.errors)}`)
            .not.toBe('FORBIDDEN');
        } else {
          expect.soft({ clave, code: error?.extensions?.code, message: error?.message }).toEqual({
            clave,
            code: 'FORBIDDEN',
            message: OPERADOR_NO_PERMITIDO,
          });
          negados++;
        }
      }
    }
    // The allow-list names fields that exist (a rename would silently close them).
    const todos = [
      ...vistos,
      'Mutation.logout',
      ...Object.keys(schema.getSubscriptionType()!.getFields()).map((f) => `Subscription.${f}`),
    ];
    for (const clave of Object.keys(PERMITIDOS_OPERADOR)) expect(todos, clave).toContain(clave);
    expect(negados).toBeGreaterThan(100);
  });

  it('a line that is not theirs is FORBIDDEN where an argument names one', async () => {
    const r = await server().gql(`{ lineaEnVivoActual(linea: 2) { linea } }`, {}, { token: operador });
    expect(r.errors?.[0]).toMatchObject({
      extensions: { code: 'FORBIDDEN' },
      message: /la línea 2 no es una de sus líneas/,
    });
    const propia = await server().gql(`{ lineaEnVivoActual(linea: 1) { linea } }`, {}, { token: operador });
    expect(propia.errors).toBeUndefined();
    const motivos = await server().gql(
      `query($l: ID) { motivosParo(linea_id: $l) { id } }`,
      { l: '999999' },
      { token: operador },
    );
    expect(motivos.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('every Subscription field outside the allow-list is refused to an operator; those on it start', async () => {
    const schema = server().app.graphql.schema;
    const socket = new WebSocket(`${server().url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', {
      origin: server().url,
    });
    const recibidos: { type: string; id?: string; payload?: unknown }[] = [];
    socket.on('message', (data) => recibidos.push(JSON.parse(String(data))));
    await new Promise((resolve) => socket.once('open', resolve));
    try {
      socket.send(JSON.stringify({ type: 'connection_init', payload: { token: operador } }));
      await expect.poll(() => recibidos.some((m) => m.type === 'connection_ack')).toBe(true);
      const campos = Object.values(schema.getSubscriptionType()!.getFields());
      for (const campo of campos) {
        socket.send(
          JSON.stringify({
            type: 'subscribe',
            id: campo.name,
            payload: llamada('subscription', campo, linea),
          }),
        );
      }
      const negados = campos.filter((c) => !Object.hasOwn(PERMITIDOS_OPERADOR, `Subscription.${c.name}`));
      // Today every subscription is on the list; a new one is refused here by default.
      for (const campo of negados) {
        await expect
          .poll(() => JSON.stringify(recibidos.filter((m) => m.id === campo.name && m.type === 'error')))
          .toContain(OPERADOR_NO_PERMITIDO);
      }
      // Give the allowed ones the same time: none is refused.
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const campo of campos.filter((c) => !negados.includes(c))) {
        expect(
          recibidos.filter((m) => m.id === campo.name && m.type === 'error'),
          campo.name,
        ).toEqual([]);
      }
    } finally {
      socket.close();
    }
  });
});
