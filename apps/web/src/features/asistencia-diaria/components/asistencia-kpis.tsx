import { Box, Paper, Skeleton, Typography } from '@mui/material';
import { formatNumber, formatPercent } from '@planta/charts/format';
import { AUSENTISMO_TIPICO_MAX, AUSENTISMO_TIPICO_MIN, type ConteoAsistencia } from '../utils/asistencia.ts';

interface Cifra {
  clave: string;
  titulo: string;
  valor: string;
  nota: string;
  aviso?: string;
}

function cifras(c: ConteoAsistencia | null): Cifra[] {
  const n = (v: number | undefined) => (c === null ? '—' : formatNumber(v ?? 0, 0));
  const ausentismo = c?.ausentismo_pct ?? null;
  return [
    {
      clave: 'asistencia',
      titulo: 'Asistencia',
      valor: formatPercent(c?.asistencia_pct ?? null, 2),
      nota: 'Presentes ÷ (programados − vacaciones)',
    },
    {
      clave: 'ausentismo',
      titulo: 'Ausentismo',
      valor: formatPercent(ausentismo, 2),
      nota: `Típico ${formatNumber(AUSENTISMO_TIPICO_MIN, 0)}–${formatNumber(AUSENTISMO_TIPICO_MAX, 0)} % (sin vacaciones)`,
      aviso: ausentismo !== null && ausentismo > AUSENTISMO_TIPICO_MAX ? 'Sobre lo típico' : undefined,
    },
    {
      clave: 'presentes',
      titulo: 'Presentes',
      valor: c === null ? '—' : `${n(c.presentes)} / ${n(c.programados)}`,
      nota: 'Presentes / programados',
    },
    { clave: 'faltas', titulo: 'Faltas', valor: n(c?.faltas), nota: 'Cuentan en el ausentismo' },
    {
      clave: 'incapacidades',
      titulo: 'Incapacidades',
      valor: n(c?.incapacidades),
      nota: 'Cuentan en el ausentismo',
    },
    { clave: 'permisos', titulo: 'Permisos', valor: n(c?.permisos), nota: 'Cuentan en el ausentismo' },
    { clave: 'vacaciones', titulo: 'Vacaciones', valor: n(c?.vacaciones), nota: 'Fuera de los programados' },
  ];
}

/**
 * The day's figures (the plant's or the chosen area's): attendance and absenteeism %, present of
 * scheduled, and each absence's count. `conteo` null: no records that day ('—').
 */
export function AsistenciaKpis({
  conteo,
  cargando,
  actualizando,
}: {
  conteo: ConteoAsistencia | null;
  /** First load: skeletons instead of the figures. */
  cargando: boolean;
  /** Another day or area loads: the cards dim. */
  actualizando: boolean;
}) {
  return (
    <Box
      component="section"
      aria-label="Indicadores del día"
      aria-busy={cargando || actualizando}
      data-testid="kpis-asistencia"
      sx={{
        display: 'grid',
        gap: { xs: 1, sm: 1.5 },
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(4, minmax(0, 1fr))',
          lg: 'repeat(7, minmax(0, 1fr))',
        },
        opacity: actualizando ? 0.6 : 1,
        transition: 'opacity 150ms',
      }}
    >
      {cifras(conteo).map((c) => (
        <Paper
          key={c.clave}
          variant="outlined"
          data-testid={`kpi-${c.clave}`}
          sx={{ p: { xs: 1.25, sm: 1.5 }, minWidth: 0, display: 'grid', gap: 0.25, alignContent: 'start' }}
        >
          <Typography component="h3" variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
            {c.titulo}
          </Typography>
          {cargando ? (
            <Skeleton variant="text" width="60%" sx={{ fontSize: '1.6rem' }} />
          ) : (
            <Typography
              data-testid={`kpi-${c.clave}-valor`}
              sx={{
                fontSize: { xs: '1.35rem', sm: '1.6rem' },
                fontWeight: 600,
                fontVariantNumeric: 'tabular-nums',
              }}
            >
              {c.valor}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary" sx={{ lineHeight: 1.3 }}>
            {c.nota}
          </Typography>
          {c.aviso && (
            <Typography variant="caption" color="warning.main" sx={{ fontWeight: 500 }}>
              {c.aviso}
            </Typography>
          )}
        </Paper>
      ))}
    </Box>
  );
}
