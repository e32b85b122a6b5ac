import { Alert, Box } from '@mui/material';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from '../../../lib/search-params.ts';
import { ProductionDayBar } from '../../../components/dates/production-day-bar.tsx';
import { useProductionDate } from '../../../components/dates/use-production-date.ts';
import { LoadError } from '../../../components/feedback/load-error.tsx';
import { Loading } from '../../../components/feedback/loading.tsx';
import { useResumenVariables, useVariables } from '../../../components/kpi/api/variables.ts';
import { LazyVariableDetailsDialog } from '../../../components/kpi/lazy-variable-details-dialog.ts';
import { chartVariable, rendimientoSections } from '@planta/charts/rendimiento/rendimiento-variables';
import { KpiSection } from '../../../components/kpi/kpi-section.tsx';
import { VariableTrendCard } from '../../../components/kpi/variable-trend-card.tsx';
import { scrollBehavior } from '../../../lib/reduced-motion.ts';

/** How often the figures of the production day in progress reload. */
const REFRESCO_HOY_MS = 60_000;

/** URL parameter of the variable shown in the chart (`/rendimiento?variable=Merma%20de%20bebida%20(%25)`). */
const VARIABLE_PARAM = 'variable';

/**
 * Rendimientos y Consumo: the material yields and the beverage loss, and the plant's water,
 * electricity and gas consumptions, on a production day (diario, mensual and anual against their
 * metas; consumptions and losses are better below the meta), the chosen variable's last three
 * months, and its chart details.
 */
export function RendimientoPage() {
  const dia = useProductionDate();
  const { fecha, isToday } = dia;
  const variables = useVariables();
  const { rendimientos, consumos } = useMemo(
    () => rendimientoSections(variables.data ?? []),
    [variables.data],
  );
  const todas = useMemo(() => [...rendimientos, ...consumos], [rendimientos, consumos]);
  const nombres = useMemo(() => todas.map((v) => v.nombre), [todas]);
  const refetchInterval = isToday ? REFRESCO_HOY_MS : undefined;
  const resumen = useResumenVariables(nombres, fecha, { refetchInterval });
  const [params, setParams] = useSearchParams();
  const seleccionada = chartVariable(todas, params.get(VARIABLE_PARAM));
  const [detalle, setDetalle] = useState<string | null>(null);
  const trendRef = useRef<HTMLDivElement>(null);

  const handleSelect = useCallback(
    (nombre: string) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(VARIABLE_PARAM, nombre);
          return next;
        },
        { replace: true },
      );
      // The chart is below thirteen cards: bring it into view (no jump when it is already visible).
      trendRef.current?.scrollIntoView?.({ behavior: scrollBehavior(), block: 'nearest' });
    },
    [setParams],
  );

  const error = <LoadError> No se pudieron obtener los rendimientos y consumos.</LoadError>;
  if (!fecha) return dia.isError ? error : <Loading />;

  const actualizando = resumen.isPlaceholderData;
  const seccion = {
    resumen: resumen.data,
    loading: actualizando,
    seleccionada: seleccionada?.nombre,
    onSelect: handleSelect,
    onDetails: setDetalle,
  };

  return (
    <Box sx={{ display: 'grid', gap: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <ProductionDayBar {...dia} fecha={fecha} onChange={dia.setFecha} />
      {(variables.isError || resumen.isError) && error}

      {variables.isLoading ? (
        <Loading />
      ) : variables.isError ? null : todas.length === 0 ? (
        <Alert severity="info">No hay variables de rendimiento ni de consumo activas.</Alert>
      ) : (
        // data-fecha: the date whose figures are on screen (tests and screen readers wait for it).
        <Box
          data-testid="kpis-rendimiento"
          data-fecha={resumen.data && !actualizando ? fecha : undefined}
          aria-busy={resumen.isFetching}
          sx={{ display: 'grid', gap: { xs: 2, sm: 2.5 }, minWidth: 0 }}
        >
          {rendimientos.length > 0 && (
            <KpiSection
              {...seccion}
              titulo="Rendimientos"
              descripcion="Consumo estándar / consumo real: mayor es mejor; la merma, menor."
              variables={rendimientos}
              testId="seccion-rendimientos"
            />
          )}
          {consumos.length > 0 && (
            <KpiSection
              {...seccion}
              titulo="Consumos"
              descripcion="Agua, energía y gas de la planta: menor es mejor."
              variables={consumos}
              testId="seccion-consumos"
            />
          )}
        </Box>
      )}

      {seleccionada && (
        <Box ref={trendRef} sx={{ minWidth: 0 }}>
          <VariableTrendCard
            variable={seleccionada}
            fecha={fecha}
            refetchInterval={refetchInterval}
            grupo={nombres}
            onDetails={() => setDetalle(seleccionada.nombre)}
          />
        </Box>
      )}

      <LazyVariableDetailsDialog
        nombre={detalle}
        fecha={fecha}
        hoy={dia.today}
        onClose={() => setDetalle(null)}
      />
    </Box>
  );
}
