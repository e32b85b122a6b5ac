import type { CostTable } from '../../graphql/costos.ts';

/**
 * The GraphQL cost of this module's list fields (graphql/costos.ts): a plant's tree holds a few
 * dozen categories of a few dozen reasons; linea_ids and codigos_falla count the default 10.
 */
export const costosMotivosParo: CostTable = {
  'Query.categoriasParo': { estimate: () => 30 },
  'CategoriaParo.motivos': { estimate: () => 30 },
  'Query.motivosParo': { estimate: () => 300 },
  'Query.umbralesMicroparo': { estimate: () => 20 },
};
