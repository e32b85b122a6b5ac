import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ProductionDayBar } from '../../../components/dates/production-day-bar.tsx';
import { useProductionDate } from '../../../components/dates/use-production-date.ts';
import { LoadError } from '../../../components/feedback/load-error.tsx';
import { Loading } from '../../../components/feedback/loading.tsx';
import { useResumenVariables, useVariables } from '../../../components/kpi/api/variables.ts';
import { KpiCard, type KpiValores } from '../../../components/kpi/kpi-card.tsx';
import { LazyVariableDetailsDialog } from '../../../components/kpi/lazy-variable-details-dialog.ts';
import { findVariable } from '../../../components/kpi/variable-lookup.ts';
import { variableNote } from '../../../components/kpi/variable-notes.ts';
import { chartVariable, fabricaVariables } from '@planta/charts/fabrica/fabrica-variables';
import { trendSubtitle } from '@planta/charts/trend/trend-subtitle';

// The trend card draws ECharts (its runtime is the largest chunk): loaded apart, so the page and
// its queries do not wait for it, and its heading (the screen's LCP) shows from TendenciaCargando
// meanwhile. The download starts with this module, in parallel with the page's first render.
const cargarTendencia = import('../../../components/kpi/variable-trend-card.tsx');
const VariableTrendCard = lazy(() => cargarTendencia.then((m) => ({ default: m.VariableTrendCard })));

/** The trend card's frame (heading and the chart's room) while its chunk loads. */
function TendenciaCargando({ nombre, fecha }: { nombre: string; fecha: string }) {
  return (
    <Card component="section" aria-label={`${nombre}: últimos 3 meses`} aria-busy>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        <Box sx={{ mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
            {nombre}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {trendSubtitle(fecha)}
          </Typography>
        </Box>
        <Box sx={{ height: 340 }} />
      </CardContent>
    </Card>
  );
}

const SIN_DATOS: KpiValores = {
  diario: null,
  mensual: null,
  anual: null,
  meta: null,
  meta_mensual: null,
  meta_anual: null,
};

/** How often the figures of the production day in progress reload. */
const REFRESCO_HOY_MS = 60_000;

/** URL parameter of the variable shown in the chart (`/fabrica?variable=ETA%20(%25)`). */
const VARIABLE_PARAM = 'variable';

/**
 * Dashboard Fábrica: the plant's production variables on a production day (diario, mensual and
 * anual against their metas), the chosen variable's last three months, and its chart details.
 */
export function FabricaPage() {
  const dia = useProductionDate();
  const { fecha, isToday } = dia;
  const variables = useVariables();
  const lista = useMemo(() => fabricaVariables(variables.data ?? []), [variables.data]);
  const nombres = useMemo(() => lista.map((v) => v.nombre), [lista]);
  // The day in progress keeps changing (the collector derives it every minute): follow it.
  const refetchInterval = isToday ? REFRESCO_HOY_MS : undefined;
  const resumen = useResumenVariables(nombres, fecha, { refetchInterval });
  const [params, setParams] = useSearchParams();
  const seleccionada = chartVariable(lista, findVariable(lista, params.get(VARIABLE_PARAM) ?? ''));
  const [detalle, setDetalle] = useState<string | null>(null);

  const handleSelect = useCallback(
    (nombre: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(VARIABLE_PARAM, nombre);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const error = <LoadError> No se pudieron obtener los datos de producción.</LoadError>;
  if (!fecha) return dia.isError ? error : <Loading />;

  const valores = new Map((resumen.data ?? []).map((r) => [r.variable.nombre, r]));
  const actualizando = resumen.isPlaceholderData;

  return (
    <Box sx={{ display: 'grid', gap: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <ProductionDayBar {...dia} fecha={fecha} onChange={dia.setFecha} />
      {(variables.isError || resumen.isError) && error}

      {variables.isLoading ? (
        <Loading />
      ) : variables.isError ? null : lista.length === 0 ? (
        <Alert severity="info">No hay variables de fábrica activas.</Alert>
      ) : (
        <Box
          data-testid="kpis-fabrica"
          data-fecha={resumen.data && !actualizando ? fecha : undefined}
          aria-busy={resumen.isFetching}
          sx={{
            display: 'grid',
            gap: { xs: 1.5, sm: 2 },
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              sm: 'repeat(2, minmax(0, 1fr))',
              lg: 'repeat(3, minmax(0, 1fr))',
            },
          }}
        >
          {lista.map((variable) => (
            <KpiCard
              key={variable.id}
              testId={`kpi-${variable.nombre}`}
              variable={variable}
              valores={resumen.data ? (valores.get(variable.nombre) ?? SIN_DATOS) : undefined}
              loading={actualizando}
              selected={variable.nombre === seleccionada?.nombre}
              onSelect={() => handleSelect(variable.nombre)}
              onDetails={() => setDetalle(variable.nombre)}
              nota={variableNote(variable.nombre)}
            />
          ))}
        </Box>
      )}

      {seleccionada && (
        <Suspense fallback={<TendenciaCargando nombre={seleccionada.nombre} fecha={fecha} />}>
          <VariableTrendCard
            variable={seleccionada}
            fecha={fecha}
            refetchInterval={refetchInterval}
            onDetails={() => setDetalle(seleccionada.nombre)}
          />
        </Suspense>
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
