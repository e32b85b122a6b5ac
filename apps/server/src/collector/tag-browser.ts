import {
  AttributeIds,
  BrowseDirection,
  type ClientSession,
  NodeClass,
  NodeClassMask,
  StatusCodes,
  makeResultMask,
  resolveNodeId,
} from 'node-opcua-client';

/** A node of the plant server's address space, as the tag browser shows it. */
export interface OpcNodoInfo {
  node_id: string;
  browse_name: string;
  display_name: string;
  /** Object, Variable, Method… */
  node_class: string;
  /** For variables: the data type's name (Double, UInt32…). */
  data_type: string | null;
  tiene_hijos: boolean;
}

/** What a read of one node found: missing (BadNodeIdUnknown), its class, data type and value. */
export interface OpcLectura {
  existe: boolean;
  node_class: string | null;
  data_type: string | null;
  /** True for the numeric built-in types (Byte … Double). */
  numerico: boolean;
  valor: unknown;
  estado: string;
  fecha: Date | null;
}

/** The collector has no session with the plant's OPC UA server (not connected, or not the leader). */
export class OpcSinConexion extends Error {
  constructor() {
    super('Sin conexión con el servidor OPC UA');
    this.name = 'OpcSinConexion';
  }
}

export class OpcNodoInexistente extends Error {
  constructor(readonly nodeId: string) {
    super(`El nodo ${nodeId} no existe en el servidor OPC UA`);
    this.name = 'OpcNodoInexistente';
  }
}

const NUMERIC_TYPES = new Set([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 26, 27, 28]);

const BUILT_IN_TYPES: Record<number, string> = {
  1: 'Boolean',
  2: 'SByte',
  3: 'Byte',
  4: 'Int16',
  5: 'UInt16',
  6: 'Int32',
  7: 'UInt32',
  8: 'Int64',
  9: 'UInt64',
  10: 'Float',
  11: 'Double',
  12: 'String',
  13: 'DateTime',
  26: 'Number',
  27: 'Integer',
  28: 'UInteger',
};

function dataTypeName(typeId: { namespace: number; value: unknown }): string {
  if (typeId.namespace === 0 && typeof typeId.value === 'number') {
    return BUILT_IN_TYPES[typeId.value] ?? `i=${typeId.value}`;
  }
  return `ns=${typeId.namespace};${String(typeId.value)}`;
}

/**
 * The children of a node (default: the Objects folder), objects and variables, with their data
 * type and whether they have children. Read-only: browse and read services only.
 */
export async function browseNode(session: ClientSession, nodeId?: string | null): Promise<OpcNodoInfo[]> {
  const parent = nodeId ? resolveNodeId(nodeId) : resolveNodeId('ObjectsFolder');
  const browse = (ids: ReturnType<typeof resolveNodeId>[]) =>
    session.browse(
      ids.map((id) => ({
        nodeId: id,
        browseDirection: BrowseDirection.Forward,
        referenceTypeId: 'HierarchicalReferences',
        includeSubtypes: true,
        nodeClassMask: NodeClassMask.Object | NodeClassMask.Variable,
        resultMask: makeResultMask('ReferenceType | BrowseName | DisplayName | NodeClass | TypeDefinition'),
      })),
    );
  const [result] = await browse([parent]);
  if (!result || result.statusCode.value === StatusCodes.BadNodeIdUnknown.value) {
    throw new OpcNodoInexistente(nodeId ?? 'ObjectsFolder');
  }
  const refs = (result.references ?? []).slice(0, 2_000);
  const ids = refs.map((r) => r.nodeId);
  const grandchildren = ids.length > 0 ? await browse(ids) : [];
  const variableIds = refs.filter((r) => r.nodeClass === NodeClass.Variable).map((r) => r.nodeId);
  const types =
    variableIds.length > 0
      ? await session.read(variableIds.map((id) => ({ nodeId: id, attributeId: AttributeIds.DataType })))
      : [];
  const typeNames = new Map<string, string>();
  types.forEach((dv, i) => {
    const typeId = dv.value?.value as { namespace: number; value: unknown } | undefined;
    const key = variableIds[i]!.toString();
    if (typeId) typeNames.set(key, dataTypeName(typeId));
  });
  return refs
    .map((r, i) => ({
      node_id: r.nodeId.toString(),
      browse_name: r.browseName.name ?? '',
      display_name: r.displayName.text ?? r.browseName.name ?? '',
      node_class: NodeClass[r.nodeClass] ?? String(r.nodeClass),
      data_type: typeNames.get(r.nodeId.toString()) ?? null,
      tiene_hijos: (grandchildren[i]?.references?.length ?? 0) > 0,
    }))
    .sort((a, b) => a.browse_name.localeCompare(b.browse_name, 'es', { numeric: true }));
}

/** One node's class, data type and current value (read service only). */
export async function readNode(session: ClientSession, nodeId: string): Promise<OpcLectura> {
  let id;
  try {
    id = resolveNodeId(nodeId);
  } catch {
    return {
      existe: false,
      node_class: null,
      data_type: null,
      numerico: false,
      valor: null,
      estado: 'BadNodeIdInvalid',
      fecha: null,
    };
  }
  const [cls, type, value] = await session.read([
    { nodeId: id, attributeId: AttributeIds.NodeClass },
    { nodeId: id, attributeId: AttributeIds.DataType },
    { nodeId: id, attributeId: AttributeIds.Value },
  ]);
  if (!cls || !cls.statusCode.isGood()) {
    return {
      existe: false,
      node_class: null,
      data_type: null,
      numerico: false,
      valor: null,
      estado: cls?.statusCode.name ?? 'BadNodeIdUnknown',
      fecha: null,
    };
  }
  const nodeClass = NodeClass[cls.value.value as number] ?? String(cls.value.value);
  const typeId = type?.statusCode.isGood()
    ? (type.value.value as { namespace: number; value: unknown } | undefined)
    : undefined;
  const isVariable = nodeClass === 'Variable';
  return {
    existe: true,
    node_class: nodeClass,
    data_type: typeId ? dataTypeName(typeId) : null,
    numerico: Boolean(typeId && typeId.namespace === 0 && NUMERIC_TYPES.has(Number(typeId.value))),
    valor: isVariable ? (value?.value.value as unknown) : null,
    estado: isVariable ? (value?.statusCode.name ?? 'Bad') : 'Good',
    fecha: isVariable ? (value?.sourceTimestamp ?? value?.serverTimestamp ?? null) : null,
  };
}
