import { Alert, Box } from '@mui/material';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from '../../../lib/search-params.ts';
import { ProductionDayBar } from '../../../components/dates/production-day-bar.tsx';
import { useProductionDate } from '../../../components/dates/use-production-date.ts';
import { LoadError } from '../../../components/feedback/load-error.tsx';
import { Loading } from '../../../components/feedback/loading.tsx';
import {
  useHistoricosVariable,
  useResumenVariables,
  useVariables,
  type VariableInfo,
} from '../../../components/kpi/api/variables.ts';
import { KpiCard, type KpiValores } from '../../../components/kpi/kpi-card.tsx';
import { LazyVariableDetailsDialog } from '../../../components/kpi/lazy-variable-details-dialog.ts';
import { findVariable } from '../../../components/kpi/variable-lookup.ts';
import { variableNote } from '../../../components/kpi/variable-notes.ts';
import { chartVariable, fabricaVariables } from '@planta/charts/fabrica/fabrica-variables';
import { usePainted } from '../../../lib/use-painted.ts';
import { chartTrasPintar } from '../../../components/charts/chart-tras-pintar.tsx';
import { TrendCardFrame } from '../../../components/kpi/variable-trend-frame.tsx';
import { dashboardWindow } from '@planta/domain';

// The trend chart draws ECharts (its runtime is the largest chunk): loaded apart, once the card's
// frame has painted (its subtitle is the screen's largest text, the LCP), so that its 140 KB do not
// share the link with what the first paint needs. Its data loads meanwhile (Tendencia asks for it).
const TrendChart = chartTrasPintar(() =>
  import('../../../components/kpi/variable-trend-card.tsx').then((m) => m.VariableTrendChart),
);

const ALTO_TENDENCIA = 340;

/** The trend card: its frame at once, the chart once that frame has painted. */
function Tendencia({
  variable,
  fecha,
  refetchInterval,
  grupo,
  onDetails,
}: {
  variable: VariableInfo;
  fecha: string;
  refetchInterval: number | undefined;
  /** The cards' variables: their three months come with this one's (choosing a card draws at once). */
  grupo: readonly string[];
  onDetails: () => void;
}) {
  const ventana = dashboardWindow(fecha);
  // The chart's own query (same key): its data comes while the chart's code downloads.
  useHistoricosVariable(variable.nombre, ventana.monthlyFrom, ventana.to, { refetchInterval, grupo });
  const subtitulo = useRef<HTMLParagraphElement>(null);
  const pintado = usePainted(subtitulo);
  return (
    <TrendCardFrame
      nombre={variable.nombre}
      fecha={fecha}
      onDetails={onDetails}
      busy={!pintado}
      subtitleRef={subtitulo}
    >
      <TrendChart
        pintado={pintado}
        variable={variable}
        fecha={fecha}
        height={ALTO_TENDENCIA}
        refetchInterval={refetchInterval}
        grupo={grupo}
      />
    </TrendCardFrame>
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
        <Tendencia
          variable={seleccionada}
          fecha={fecha}
          refetchInterval={refetchInterval}
          grupo={nombres}
          onDetails={() => setDetalle(seleccionada.nombre)}
        />
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
