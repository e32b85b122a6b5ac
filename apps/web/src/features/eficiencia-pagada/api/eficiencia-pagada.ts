import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from '../../../lib/consultas.ts';
import { gql } from '../../../lib/graphql-client.ts';
import { EficienciaPagadaDocument, type EficienciaPagadaQuery } from './eficiencia-pagada.generated.ts';
import { RegistrarEficienciaSapDocument } from './registrar-eficiencia-sap.generated.ts';

export type EficienciaPagadaData = EficienciaPagadaQuery['eficienciaPagada'];
export type EficienciaPagadaLinea = EficienciaPagadaData['lineas'][number];
export type EficienciaPagadaAlcance = EficienciaPagadaData['planta'];
export type EficienciaPagadaPeriodo = EficienciaPagadaAlcance['dia'];
export type EficienciaPagadaDetalle = NonNullable<EficienciaPagadaAlcance['detalle']>;

const queryKey = (fecha: string | undefined) => ['eficiencia-pagada', fecha] as const;

/**
 * Paid efficiency against SAP per line and the plant on a production day (day, month and year to
 * date, the day's detail, the month's days). The previous day's figures stay while another loads.
 */
export function useEficienciaPagada(fecha: string | undefined, options: { refetchInterval?: number } = {}) {
  return useQuery<EficienciaPagadaData>({
    queryKey: queryKey(fecha),
    enabled: fecha !== undefined,
    queryFn: ({ signal }) =>
      gql(EficienciaPagadaDocument, { fecha: fecha! }, { signal }).then((r) => r.eficienciaPagada),
    placeholderData: keepPreviousData,
    refetchInterval: options.refetchInterval,
  });
}

/** An admin enters SAP's figure of a line and day; the day's figures reload. */
export function useRegistrarEficienciaSap() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: { linea: number; fecha: string; valor: number }) =>
      gql(RegistrarEficienciaSapDocument, vars).then((r) => r.registrarEficienciaSap),
    onSuccess: (_data, vars) => client.invalidateQueries({ queryKey: queryKey(vars.fecha) }),
  });
}
