import type { VariableRecord } from './variables.repository.ts';

/** A variable as the API's `Variable` type (variables.graphql), for every slice whose types embed one. */
export function toVariableDto(variable: VariableRecord) {
  const { opcNodeId, mayorEsMejor, ...rest } = variable;
  return { ...rest, opc_node_id: opcNodeId, mayor_es_mejor: mayorEsMejor };
}
