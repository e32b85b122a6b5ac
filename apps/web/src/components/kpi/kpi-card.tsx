import InsightsIcon from '@mui/icons-material/Insights';
import { Box, Card, CardActionArea, IconButton, Skeleton, Typography } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import { formatNumber, formatPercent } from '@planta/charts/format';
import { kpiColor, kpiPaletteColor, kpiStatusLabel, percentOfMeta } from './kpi-color.ts';
import { Hint } from '../feedback/hint.tsx';

/** A variable's figures on a date against its targets (the fields of `resumenVariables`). */
export interface KpiValores {
  diario: number | null;
  mensual: number | null;
  anual: number | null;
  meta: number | null;
  meta_mensual: number | null;
  meta_anual: number | null;
  /**
   * Share (0–1) of the day's meta due now (resumenVariables): below 1 while the production day is
   * in progress. With meta_ritmo and ritmo the day is judged against its pace (issue 31).
   */
  avance_programado?: number;
  /** The meta due now (the day's meta prorated to the scheduled time gone by). */
  meta_ritmo?: number | null;
  /** diario / meta_ritmo × 100. */
  ritmo?: number | null;
}

/**
 * The meta the day's figure is judged against: for the production day in progress (avance below 1)
 * the meta due by now (meta_ritmo), else the day's meta. Ritmo = cumplimiento once the day is over.
 */
export function metaDelMomento(v: KpiValores): { meta: number | null; enCurso: boolean } {
  const enCurso =
    v.avance_programado !== undefined &&
    v.avance_programado < 1 &&
    v.meta !== null &&
    v.meta_ritmo !== undefined &&
    v.meta_ritmo !== null &&
    // A ratio (ETA, OEE) keeps its meta all day: only prorated metas make a ritmo.
    v.meta_ritmo !== v.meta;
  return enCurso ? { meta: v.meta_ritmo ?? null, enCurso } : { meta: v.meta, enCurso };
}

export interface KpiCardProps {
  /** The variable: its name is the card's title; unit, decimals and direction format and colour it. */
  variable: { nombre: string; unidad: string; decimales: number; mayor_es_mejor: boolean };
  /** Its figures on the chosen date; undefined while they load for the first time. */
  valores: KpiValores | undefined;
  /** Newer figures are loading: the card dims (the previous ones stay readable). */
  loading?: boolean;
  /** The variable shown in the screen's chart: highlighted border, aria-pressed. */
  selected?: boolean;
  /** Click on the card's figures (e.g. show this variable in the chart). */
  onSelect?: () => void;
  /** The card's chart button (opens the chart-details dialog). Hidden when not given. */
  onDetails?: () => void;
  /** A short caption under the title saying what the figure covers (variableNote). */
  nota?: string;
  /** What the large figure covers, for its meta's caption (default 'día': 'Meta del día …'). */
  periodo?: string;
  /** Show the month and year rows (default true; false for figures of a range only). */
  mesAnio?: boolean;
  testId?: string;
}

/** A figure's "% of the meta" pill, coloured by compliance and labelled in words. */
function Cumplimiento({
  valor,
  meta,
  mayorEsMejor,
  ritmo = false,
}: {
  valor: number | null;
  meta: number | null;
  mayorEsMejor: boolean;
  /** The day in progress against the meta due by now: labelled 'Ritmo'. */
  ritmo?: boolean;
}) {
  const theme = useTheme();
  const color = kpiColor(valor, meta, mayorEsMejor);
  const pct = percentOfMeta(valor, meta);
  const main = kpiPaletteColor(color, theme);
  const status =
    meta === null ? kpiStatusLabel('default') : valor === null ? 'Sin dato' : kpiStatusLabel(color);
  const texto = pct === null ? status : ritmo ? `Ritmo ${formatPercent(pct)}` : formatPercent(pct);
  return (
    <Hint title={ritmo ? `${status} a esta hora` : status}>
      <Box
        component="span"
        role="status"
        aria-label={
          pct === null
            ? status
            : ritmo
              ? `${texto}: ${status.toLowerCase()} a esta hora`
              : `${status}: ${texto} de la meta`
        }
        data-color={color}
        data-testid={ritmo ? 'kpi-ritmo' : undefined}
        sx={{
          justifySelf: 'end',
          px: 0.75,
          py: 0.125,
          borderRadius: 1,
          fontSize: '0.75rem',
          fontWeight: 500,
          whiteSpace: 'nowrap',
          color: main,
          bgcolor: alpha(main, 0.14),
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {texto}
      </Box>
    </Hint>
  );
}

const numberSx = { fontVariantNumeric: 'tabular-nums', textAlign: 'right', whiteSpace: 'nowrap' } as const;

/**
 * A KPI card (SPEC: diario, mensual and anual against the meta): the day's value large and
 * coloured by compliance (green meets the meta, amber within 5 %, red beyond; reversed for
 * lower-is-better variables), then the month and the year to date with their metas and % of meta.
 */
export function KpiCard({
  variable,
  valores,
  loading = false,
  selected = false,
  onSelect,
  onDetails,
  nota,
  periodo = 'día',
  mesAnio = true,
  testId,
}: KpiCardProps) {
  const theme = useTheme();
  const { nombre, unidad, decimales, mayor_es_mejor: mayorEsMejor } = variable;
  // The day in progress is judged against the meta due by now (its ritmo), not the whole day's.
  const momento = valores ? metaDelMomento(valores) : { meta: null, enCurso: false };
  const colorDia = kpiColor(valores?.diario, momento.meta, mayorEsMejor);
  const accent = kpiPaletteColor(colorDia, theme);
  const fmt = (v: number | null | undefined) => formatNumber(v, decimales);

  const body = valores ? (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.75, minWidth: 0, flex: 1 }}>
          <Typography
            component="p"
            data-testid="kpi-diario"
            sx={{
              ...numberSx,
              textAlign: 'left',
              fontSize: '1.75rem',
              fontWeight: 500,
              lineHeight: 1.2,
              color: accent,
            }}
          >
            {fmt(valores.diario)}
          </Typography>
          {valores.diario !== null && unidad && (
            <Typography component="span" variant="body2" color="text.secondary" noWrap>
              {unidad}
            </Typography>
          )}
        </Box>
        {valores.meta !== null && valores.diario !== null && (
          <Cumplimiento
            valor={valores.diario}
            meta={momento.meta}
            mayorEsMejor={mayorEsMejor}
            ritmo={momento.enCurso}
          />
        )}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" data-testid="kpi-meta-dia">
        {valores.meta === null ? `Sin meta del ${periodo}` : `Meta del ${periodo} ${fmt(valores.meta)}`}
      </Typography>
      {momento.enCurso && momento.meta !== valores.meta && (
        <Typography variant="caption" color="text.secondary" component="p" data-testid="kpi-meta-ritmo">
          A esta hora {fmt(momento.meta)}
        </Typography>
      )}
      {mesAnio && (
        <Box
          sx={{
            mt: 1,
            pt: 0.75,
            borderTop: 1,
            borderColor: 'divider',
            display: 'grid',
            gridTemplateColumns: 'auto minmax(0, 1fr) minmax(0, 1fr) auto',
            columnGap: 1.5,
            rowGap: 0.25,
            alignItems: 'center',
          }}
        >
          <span />
          <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'right' }}>
            Real
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'right' }}>
            Meta
          </Typography>
          <span />
          {(
            [
              ['Mes', valores.mensual, valores.meta_mensual, 'mes'],
              ['Año', valores.anual, valores.meta_anual, 'anio'],
            ] as const
          ).map(([label, valor, meta, key]) => (
            <Box key={key} data-testid={`kpi-${key}`} sx={{ display: 'contents' }}>
              <Typography variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography variant="body2" sx={numberSx}>
                {fmt(valor)}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={numberSx}>
                {fmt(meta)}
              </Typography>
              <Cumplimiento valor={valor} meta={meta} mayorEsMejor={mayorEsMejor} />
            </Box>
          ))}
        </Box>
      )}
    </>
  ) : (
    <>
      <Skeleton variant="text" width="50%" sx={{ fontSize: '1.75rem' }} />
      <Skeleton variant="rounded" height={64} sx={{ mt: 1 }} />
    </>
  );

  return (
    <Card
      component="section"
      aria-label={nombre}
      data-testid={testId}
      data-selected={selected}
      variant="outlined"
      sx={{
        position: 'relative',
        borderLeft: `4px solid ${accent}`,
        borderColor: selected ? 'primary.main' : undefined,
        borderLeftColor: accent,
        boxShadow: selected ? `0 0 0 1px ${theme.palette.primary.main}` : 'none',
        opacity: loading ? 0.6 : 1,
        transition: 'opacity 150ms',
        minWidth: 0,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: 2, pr: 1, pt: 0.75, minHeight: 36 }}>
        <Typography variant="subtitle2" component="h2" noWrap title={nombre} sx={{ flex: 1, minWidth: 0 }}>
          {nombre}
        </Typography>
        {onDetails && (
          <Hint title="Ver detalle">
            <IconButton size="small" aria-label={`Ver detalle de ${nombre}`} onClick={onDetails}>
              <InsightsIcon fontSize="small" />
            </IconButton>
          </Hint>
        )}
      </Box>
      {nota && (
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          data-testid="kpi-nota"
          sx={{ px: 2, mt: -0.5, lineHeight: 1.3 }}
        >
          {nota}
        </Typography>
      )}
      {onSelect ? (
        <CardActionArea onClick={onSelect} aria-pressed={selected} sx={{ px: 2, pb: 1.5, pt: 0.5 }}>
          {body}
        </CardActionArea>
      ) : (
        <Box sx={{ px: 2, pb: 1.25, pt: 0.25 }}>{body}</Box>
      )}
    </Card>
  );
}
