import { Box, Card, CardContent, Divider, Skeleton, Typography } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import { complianceColor } from '@planta/domain';
import { formatFecha, formatMesAnioLargo, formatPercent, formatValue } from '@planta/charts/format';
import { kpiPaletteColor, kpiStatusLabel } from '../../../components/kpi/kpi-color.ts';
import type { Cumplimiento } from '../api/planificacion.ts';
import { cumplimiento, proyeccionCierre, type ResumenAnual } from '@planta/charts/planificacion/cumplimiento';
import { UNIDAD_VOLUMEN } from '@planta/charts/planificacion/volumen-mensual-option';

const fmt = (v: number | null | undefined) => formatValue(v, UNIDAD_VOLUMEN);
const numberSx = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * A plan's progress bar: how much of the plan is done (capped at 100 % when exceeded), with a
 * tick where production should be by now (the plan to date) when known.
 */
function Avance({
  etiqueta,
  plan,
  pct,
  esperado,
  testId,
}: {
  etiqueta: string;
  plan: number | null;
  pct: number | null;
  /** Where the bar should be by now, % of the plan. */
  esperado?: number | null;
  testId: string;
}) {
  const theme = useTheme();
  const color =
    esperado == null ? theme.palette.primary.main : kpiPaletteColor(complianceColor(pct, esperado), theme);
  return (
    <Box data-testid={testId} sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
        <Typography variant="body2" color="text.secondary" noWrap>
          {etiqueta}{' '}
          <Box component="span" sx={{ ...numberSx, color: 'text.primary' }}>
            {fmt(plan)}
          </Box>
        </Typography>
        <Typography variant="body2" sx={{ ...numberSx, fontWeight: 500 }} data-testid={`${testId}-pct`}>
          {plan === null ? 'Sin plan' : formatPercent(pct)}
        </Typography>
      </Box>
      {/* A meter needs its value (axe aria-required-attr): without one, the bar is decoration and
          the text above says "Sin plan". */}
      <Box
        {...(pct === null
          ? { 'aria-hidden': true }
          : {
              role: 'meter',
              'aria-label': `${etiqueta}: avance`,
              'aria-valuemin': 0,
              'aria-valuemax': 100,
              'aria-valuenow': Math.min(100, pct),
            })}
        sx={{ position: 'relative', height: 8, mt: 0.5, borderRadius: 4, bgcolor: alpha(color, 0.16) }}
      >
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            width: `${Math.min(100, Math.max(0, pct ?? 0))}%`,
            borderRadius: 4,
            bgcolor: color,
          }}
        />
        {esperado != null && esperado > 0 && esperado < 100 && (
          <Box
            title="Esperado a la fecha"
            sx={{
              position: 'absolute',
              top: -3,
              bottom: -3,
              left: `${esperado}%`,
              width: 2,
              bgcolor: 'text.primary',
              borderRadius: 1,
            }}
          />
        )}
      </Box>
    </Box>
  );
}

function Dato({ titulo, valor, testId }: { titulo: string; valor: string; testId: string }) {
  return (
    <Box data-testid={testId} sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p" noWrap>
        {titulo}
      </Typography>
      <Typography component="p" sx={{ ...numberSx, fontWeight: 500 }}>
        {valor}
      </Typography>
    </Box>
  );
}

export interface CumplimientoCardProps {
  fecha: string;
  /** cumplimientoProduccion(fecha); undefined while it loads the first time. */
  datos: Cumplimiento | undefined;
  /** The month's plan up to fecha (Σ daily metas); null when unknown. */
  planALaFecha: number | null;
  /** The year's progress up to fecha's month; undefined while it loads. */
  anual: ResumenAnual | undefined;
  /** Another period is loading: the card dims. */
  loading: boolean;
}

/**
 * Production compliance (SPEC §7): the month's production to date against the plan to date
 * (coloured by compliance), the month's negociado and AOP (progress bars with where production
 * should be by now), the projection to the month's close, and the year's progress.
 */
export function CumplimientoCard({ fecha, datos, planALaFecha, anual, loading }: CumplimientoCardProps) {
  const theme = useTheme();
  const real = datos?.real ?? null;
  const plan = datos?.plan ?? null;
  const ritmo = cumplimiento(real, planALaFecha);
  const color = complianceColor(real, planALaFecha);
  const accent = kpiPaletteColor(color, theme);
  const esperado = (total: number | null | undefined) =>
    planALaFecha !== null && total ? (planALaFecha / total) * 100 : null;
  const proyeccion = proyeccionCierre(real, planALaFecha, plan?.negociado ?? null);
  const anio = fecha.slice(0, 4);

  return (
    <Card
      component="section"
      aria-labelledby="cumplimiento-titulo"
      data-testid="cumplimiento"
      data-fecha={datos && !loading ? fecha : undefined}
      sx={{ opacity: loading ? 0.6 : 1, transition: 'opacity 150ms', minWidth: 0 }}
    >
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        <Typography id="cumplimiento-titulo" variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
          Cumplimiento de producción
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {formatMesAnioLargo(fecha)} · al {formatFecha(fecha)}
        </Typography>
        {!datos ? (
          <>
            <Typography color="text.secondary" role="status">
              Cargando...
            </Typography>
            <Skeleton variant="rounded" height={160} sx={{ mt: 1 }} />
          </>
        ) : (
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, flexWrap: 'wrap' }}>
              <Box sx={{ flex: '0 0 auto' }}>
                <Typography variant="caption" color="text.secondary" component="p">
                  Real del mes a la fecha
                </Typography>
                <Typography
                  data-testid="cumplimiento-real"
                  sx={{ ...numberSx, fontSize: '1.75rem', fontWeight: 500, lineHeight: 1.2, color: accent }}
                >
                  {fmt(real)}
                </Typography>
              </Box>
              {ritmo !== null && (
                <Box
                  component="span"
                  role="status"
                  data-color={color}
                  aria-label={`${kpiStatusLabel(color)}: ${formatPercent(ritmo)} del plan a la fecha`}
                  sx={{
                    px: 0.75,
                    py: 0.25,
                    mb: 0.5,
                    borderRadius: 1,
                    fontSize: '0.8rem',
                    fontWeight: 500,
                    color: accent,
                    bgcolor: alpha(accent, 0.14),
                    ...numberSx,
                  }}
                >
                  {formatPercent(ritmo)} del plan a la fecha
                </Box>
              )}
            </Box>
            {plan === null && (
              <Typography variant="body2" color="text.secondary">
                Sin plan cargado para {formatMesAnioLargo(fecha)}.
              </Typography>
            )}
            <Avance
              etiqueta="Negociado"
              plan={plan?.negociado ?? null}
              pct={datos.cumplimiento_negociado}
              esperado={esperado(plan?.negociado)}
              testId="cumplimiento-negociado"
            />
            <Avance
              etiqueta="AOP"
              plan={plan?.aop ?? null}
              pct={datos.cumplimiento_aop}
              esperado={esperado(plan?.aop)}
              testId="cumplimiento-aop"
            />
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5 }}>
              <Dato testId="cumplimiento-plan-fecha" titulo="Plan a la fecha" valor={fmt(planALaFecha)} />
              <Dato testId="cumplimiento-proyeccion" titulo="Proyección al cierre" valor={fmt(proyeccion)} />
            </Box>
            <Divider />
            <Typography variant="subtitle2" component="h3">
              Año {anio} a la fecha
            </Typography>
            {anual ? (
              <>
                <Dato testId="anual-real" titulo="Real acumulado" valor={fmt(anual.real)} />
                <Avance
                  etiqueta="Negociado del año"
                  plan={anual.negociado}
                  pct={anual.avanceNegociado}
                  esperado={anual.esperadoNegociado}
                  testId="anual-negociado"
                />
                <Avance
                  etiqueta="AOP del año"
                  plan={anual.aop}
                  pct={anual.avanceAop}
                  esperado={anual.esperadoAop}
                  testId="anual-aop"
                />
                {anual.mesesConPlan > 0 && anual.mesesConPlan < 12 && (
                  <Typography variant="caption" color="text.secondary" data-testid="anual-meses-plan">
                    Plan cargado para {anual.mesesConPlan} de 12 meses.
                  </Typography>
                )}
              </>
            ) : (
              <Typography color="text.secondary">Cargando...</Typography>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
