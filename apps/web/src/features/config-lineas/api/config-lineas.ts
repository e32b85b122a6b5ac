import { useQuery } from '../../../lib/consultas.ts';
import { gql } from '../../../lib/graphql-client.ts';
import {
  CatalogoLineasDocument,
  CreateLineaCfgDocument,
  CreatePresentacionCfgDocument,
  CreateProductoCfgDocument,
  CreateProductoPresentacionCfgDocument,
  CreateVelocidadCfgDocument,
  DeleteLineaCfgDocument,
  DeletePresentacionCfgDocument,
  DeleteProductoCfgDocument,
  DeleteProductoPresentacionCfgDocument,
  DeleteVelocidadCfgDocument,
  type LineaCfgFragment,
  type PresentacionCfgFragment,
  type ProductoCfgFragment,
  type ProductoPresentacionCfgFragment,
  UpdateLineaCfgDocument,
  UpdatePresentacionCfgDocument,
  UpdateProductoCfgDocument,
  UpdateProductoPresentacionCfgDocument,
  UpdateVelocidadCfgDocument,
  type VelocidadCfgFragment,
} from './config-lineas.generated.ts';
import {
  MapearLineaOpcDocument,
  MapearVariableOpcDocument,
  OpcMapeosDocument,
  type OpcMapeosQuery,
  OpcNodosDocument,
  OpcValorDocument,
} from './opc.generated.ts';

export type LineaCfg = LineaCfgFragment;
export type ProductoCfg = ProductoCfgFragment;
export type PresentacionCfg = PresentacionCfgFragment;
export type ProductoPresentacionCfg = ProductoPresentacionCfgFragment;
export type VelocidadCfg = VelocidadCfgFragment;
export type MapeoLinea = OpcMapeosQuery['opcMapeosLineas'][number];
export type MapeoVariable = OpcMapeosQuery['opcMapeosVariables'][number];

export const catalogoKey = ['config-lineas', 'catalogo'] as const;
export const mapeosKey = ['config-lineas', 'mapeos'] as const;

/** The five master tables of the screen in one request (small tables). */
export function useCatalogo() {
  return useQuery({
    queryKey: catalogoKey,
    queryFn: ({ signal }) => gql(CatalogoLineasDocument, {}, { signal }),
  });
}

export function useMapeos(enabled: boolean) {
  return useQuery({
    queryKey: mapeosKey,
    enabled,
    queryFn: ({ signal }) => gql(OpcMapeosDocument, {}, { signal }),
  });
}

/** The children of an OPC UA node (null: the Objects folder). */
export function useOpcNodos(nodeId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['config-lineas', 'opc-nodos', nodeId],
    enabled,
    retry: false,
    staleTime: 30_000,
    queryFn: ({ signal }) => gql(OpcNodosDocument, { nodeId }, { signal }).then((r) => r.opcNodos),
  });
}

/** A node's live value, read again every 2 s while shown. */
export function useOpcValor(nodeId: string | null) {
  return useQuery({
    queryKey: ['config-lineas', 'opc-valor', nodeId],
    enabled: nodeId !== null,
    retry: false,
    refetchInterval: 2_000,
    queryFn: ({ signal }) => gql(OpcValorDocument, { nodeId: nodeId! }, { signal }).then((r) => r.opcValor),
  });
}

type Input<D> = D extends { __apiType?: (v: infer V) => unknown } ? V : never;
type VarsOf<D> = Input<D> extends { input: infer I } ? I : never;

export const lineasApi = {
  create: (input: VarsOf<typeof CreateLineaCfgDocument>) => gql(CreateLineaCfgDocument, { input }),
  update: (id: string, input: VarsOf<typeof UpdateLineaCfgDocument>) =>
    gql(UpdateLineaCfgDocument, { id, input }),
  remove: (id: string, version: number) => gql(DeleteLineaCfgDocument, { id, version }),
};
export const productosApi = {
  create: (input: VarsOf<typeof CreateProductoCfgDocument>) => gql(CreateProductoCfgDocument, { input }),
  update: (id: string, input: VarsOf<typeof UpdateProductoCfgDocument>) =>
    gql(UpdateProductoCfgDocument, { id, input }),
  remove: (id: string, version: number) => gql(DeleteProductoCfgDocument, { id, version }),
};
export const presentacionesApi = {
  create: (input: VarsOf<typeof CreatePresentacionCfgDocument>) =>
    gql(CreatePresentacionCfgDocument, { input }),
  update: (id: string, input: VarsOf<typeof UpdatePresentacionCfgDocument>) =>
    gql(UpdatePresentacionCfgDocument, { id, input }),
  remove: (id: string, version: number) => gql(DeletePresentacionCfgDocument, { id, version }),
};
export const productoPresentacionesApi = {
  create: (input: VarsOf<typeof CreateProductoPresentacionCfgDocument>) =>
    gql(CreateProductoPresentacionCfgDocument, { input }),
  update: (id: string, input: VarsOf<typeof UpdateProductoPresentacionCfgDocument>) =>
    gql(UpdateProductoPresentacionCfgDocument, { id, input }),
  remove: (id: string, version: number) => gql(DeleteProductoPresentacionCfgDocument, { id, version }),
};
export const velocidadesApi = {
  create: (input: VarsOf<typeof CreateVelocidadCfgDocument>) => gql(CreateVelocidadCfgDocument, { input }),
  update: (id: string, input: VarsOf<typeof UpdateVelocidadCfgDocument>) =>
    gql(UpdateVelocidadCfgDocument, { id, input }),
  remove: (id: string, version: number) => gql(DeleteVelocidadCfgDocument, { id, version }),
};

export const mapearLinea = (input: {
  linea_id: string;
  campo: string;
  node_id: string | null;
  version: number;
}) => gql(MapearLineaOpcDocument, { input });
export const mapearVariable = (input: { variable_id: string; node_id: string | null; version: number }) =>
  gql(MapearVariableOpcDocument, { input });
