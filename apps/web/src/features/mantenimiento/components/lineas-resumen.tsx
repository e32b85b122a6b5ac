import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { formatNumber, formatPercent, formatValue } from '@planta/charts/format';
import type { MantenimientoLinea } from '../api/mantenimiento.ts';
import { colorLinea } from '@planta/charts/mantenimiento/lineas';
import type { Indicadores } from '@planta/charts/mantenimiento/resumen';

/** The figures of one card, in the order shown (DOMAIN "Maintenance" names and units). */
const FILAS: { etiqueta: string; testId: string; valor: (i: Indicadores) => string }[] = [
  { etiqueta: 'MTTR', testId: 'mttr', valor: (i) => formatValue(i.mttr, 'min', 1) },
  { etiqueta: 'MTTF', testId: 'mttf', valor: (i) => formatValue(i.mttf, 'min', 1) },
  { etiqueta: 'MTBF', testId: 'mtbf', valor: (i) => formatValue(i.mtbf, 'min', 1) },
  { etiqueta: 'N.º de fallas', testId: 'fallas', valor: (i) => formatNumber(i.fallas) },
  { etiqueta: 'Tiempo de paro', testId: 'paro', valor: (i) => formatValue(i.minutos_paro, 'min', 0) },
  { etiqueta: 'Disponibilidad', testId: 'disponibilidad', valor: (i) => formatPercent(i.disponibilidad, 2) },
];

function Tarjeta({
  titulo,
  color,
  indicadores,
  testId,
  loading,
}: {
  /** Null while the first answer is on its way: a placeholder of the card's own size. */
  titulo: string | null;
  color: string | null;
  indicadores: Indicadores | null;
  testId?: string;
  loading: boolean;
}) {
  return (
    <Card
      component="section"
      aria-label={titulo ? `Mantenimiento de ${titulo}` : undefined}
      aria-hidden={titulo ? undefined : true}
      data-testid={testId}
      sx={{ minWidth: 0, opacity: loading ? 0.6 : 1, borderTop: color ? `3px solid ${color}` : undefined }}
    >
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500, mb: 1 }}>
          {titulo ?? <Skeleton width="40%" />}
        </Typography>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1 }}
        >
          {FILAS.map((f) => (
            <Box key={f.testId} data-testid={`${testId}-${f.testId}`} sx={{ minWidth: 0 }}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {f.etiqueta}
              </Typography>
              <Typography
                component="dd"
                sx={{ m: 0, fontWeight: 500, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
              >
                {indicadores ? f.valor(indicadores) : <Skeleton width="60%" />}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * One card per line and one for the plant (the lines' sums, ratios of the sums) with MTTR, MTTF,
 * MTBF, failures, downtime and availability over the range.
 */
export function LineasResumen({
  lineas,
  planta,
  loading,
  fechaDatos,
}: {
  lineas: readonly MantenimientoLinea[] | undefined;
  planta: Indicadores | undefined;
  loading: boolean;
  /** The range the figures are of, once loaded (data-periodo for tests). */
  fechaDatos: string | undefined;
}) {
  return (
    <Box
      data-testid="mantenimiento-lineas"
      data-periodo={fechaDatos}
      aria-busy={loading}
      sx={{
        display: 'grid',
        gap: { xs: 1.5, sm: 2 },
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          sm: 'repeat(2, minmax(0, 1fr))',
          lg: 'repeat(4, minmax(0, 1fr))',
        },
      }}
    >
      {!lineas || !planta
        ? // The plant's card and four lines' (the usual plant), as tall as the cards that replace
          // them: the charts below do not move when the figures arrive.
          [0, 1, 2, 3, 4].map((i) => (
            <Tarjeta key={i} titulo={null} color={null} indicadores={null} loading={false} />
          ))
        : [
            <Tarjeta
              key="planta"
              titulo="Planta"
              color={null}
              indicadores={planta}
              testId="mant-planta"
              loading={loading}
            />,
            ...lineas.map((l) => (
              <Tarjeta
                key={l.linea}
                titulo={l.nombre}
                color={colorLinea(l.linea)}
                indicadores={l}
                testId={`mant-linea-${l.linea}`}
                loading={loading}
              />
            )),
          ]}
    </Box>
  );
}
