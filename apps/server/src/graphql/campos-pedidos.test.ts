import { type FragmentDefinitionNode, Kind, type OperationDefinitionNode, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { subcamposPedidos } from './campos-pedidos.ts';

/** The resolve info of the query's first root field, as a resolver gets it. */
function infoDe(query: string) {
  const documento = parse(query);
  const operacion = documento.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  )!;
  const fragments = Object.fromEntries(
    documento.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((f) => [f.name.value, f]),
  );
  const raiz = operacion.selectionSet.selections[0]!;
  if (raiz.kind !== Kind.FIELD) throw new Error('campo raíz esperado');
  return { fieldNodes: [raiz], fragments };
}

describe('subcamposPedidos', () => {
  it('names the fields asked of a child, through fragments and aliases', () => {
    const info = infoDe(`{ serie { intervalo a: columnas { minuto } columnas { ...V ... on C { formato } } } }
      fragment V on C { velocidad }`);
    expect(subcamposPedidos(info, 'columnas')).toEqual(new Set(['minuto', 'velocidad', 'formato']));
    expect(subcamposPedidos(info, 'lecturas')).toEqual(new Set());
  });

  it('cannot tell under a directive or an unknown fragment: null (read everything)', () => {
    expect(
      subcamposPedidos(infoDe(`{ serie { columnas { minuto @include(if: true) } } }`), 'columnas'),
    ).toBeNull();
    expect(subcamposPedidos(infoDe(`{ serie { ...Falta } }`), 'columnas')).toBeNull();
  });
});
