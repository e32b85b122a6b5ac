import { MAX_CATEGORIAS_PARO, MAX_MOTIVOS_PARO } from '@planta/domain';
import type { CostTable } from '../../graphql/costos.ts';

/**
 * The GraphQL cost of this module's list fields (graphql/costos.ts): the tree is capped at
 * MAX_CATEGORIAS_PARO categories and MAX_MOTIVOS_PARO reasons in all (a category's reasons count
 * the typical few dozen); linea_ids and codigos_falla count the default 10.
 */
export const costosMotivosParo: CostTable = {
  'Query.categoriasParo': { estimate: () => MAX_CATEGORIAS_PARO },
  'CategoriaParo.motivos': { estimate: () => 30 },
  'Query.motivosParo': { estimate: () => MAX_MOTIVOS_PARO },
  'Query.umbralesMicroparo': { estimate: () => 20 },
};
