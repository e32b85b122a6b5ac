import { type FieldNode, type GraphQLResolveInfo, Kind, type SelectionSetNode } from 'graphql';

/**
 * The fields a query asks of `campo` under the field being resolved (`columnas { minuto velocidad }`
 * → minuto, velocidad), so a resolver reads only those columns. Fragments and inline fragments are
 * followed; null when it cannot tell (a directive, a fragment it does not know): read everything.
 */
export function subcamposPedidos(
  info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>,
  campo: string,
): Set<string> | null {
  const nombres = new Set<string>();
  const recorrer = (seleccion: SelectionSetNode | undefined, dentro: boolean): boolean => {
    for (const s of seleccion?.selections ?? []) {
      if (s.directives?.length) return false;
      if (s.kind === Kind.FIELD) {
        if (dentro) nombres.add(s.name.value);
        else if (s.name.value === campo && !recorrer(s.selectionSet, true)) return false;
      } else if (s.kind === Kind.INLINE_FRAGMENT) {
        if (!recorrer(s.selectionSet, dentro)) return false;
      } else {
        const fragmento = info.fragments[s.name.value];
        if (!fragmento || !recorrer(fragmento.selectionSet, dentro)) return false;
      }
    }
    return true;
  };
  return info.fieldNodes.every((nodo: FieldNode) => recorrer(nodo.selectionSet, false)) ? nombres : null;
}
