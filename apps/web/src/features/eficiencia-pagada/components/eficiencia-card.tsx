import InsightsIcon from '@mui/icons-material/Insights';
import { Box, ButtonBase, Card, IconButton, Typography } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import { formatPercent } from '@planta/charts/format';
import type { EficienciaPagadaAlcance } from '../api/eficiencia-pagada.ts';
import { brechaColor, coberturaParcial, formatBrecha } from '../utils/eficiencia-pagada.ts';
import { Hint } from '../../../components/feedback/hint.tsx';

const numberSx = { fontVariantNumeric: 'tabular-nums', textAlign: 'right', whiteSpace: 'nowrap' } as const;

export interface EficienciaCardProps {
  /** 'Planta' or the line's name. */
  nombre: string;
  figuras: Pick<EficienciaPagadaAlcance, 'dia' | 'mes' | 'anio'>;
  selected: boolean;
  loading: boolean;
  onSelect: () => void;
  onDetails: () => void;
  testId: string;
}

function Brecha({ pp }: { pp: number | null }) {
  const theme = useTheme();
  const color = brechaColor(pp);
  const main = color === 'default' ? theme.palette.text.secondary : theme.palette[color].main;
  if (pp === null) {
    return (
      <Typography component="span" variant="body2" color="text.secondary" sx={numberSx}>
        {formatBrecha(pp)}
      </Typography>
    );
  }
  return (
    <Box
      component="span"
      data-color={color}
      sx={{
        ...numberSx,
        px: 0.75,
        py: 0.125,
        borderRadius: 1,
        fontSize: '0.75rem',
        fontWeight: 500,
        color: main,
        bgcolor: alpha(main, 0.14),
      }}
    >
      {formatBrecha(pp)}
    </Box>
  );
}

/**
 * One scope (the plant or a line) on the chosen day: paid efficiency large, against SAP's figure
 * with the gap in pp; then month and year to date (ratios of sums) the same way. Clicking the card
 * (its name's toggle, stretched over it) shows its month in the chart; the chart icon opens the
 * paid-efficiency dialog.
 */
export function EficienciaCard({
  nombre,
  figuras,
  selected,
  loading,
  onSelect,
  onDetails,
  testId,
}: EficienciaCardProps) {
  const theme = useTheme();
  const { dia } = figuras;
  const color = brechaColor(dia.brecha_pp);
  const accent = color === 'default' ? theme.palette.divider : theme.palette[color].main;
  return (
    <Card
      component="section"
      aria-label={nombre}
      data-testid={testId}
      data-selected={selected}
      variant="outlined"
      sx={{
        borderLeft: `4px solid ${accent}`,
        borderColor: selected ? 'primary.main' : undefined,
        borderLeftColor: accent,
        boxShadow: selected ? `0 0 0 1px ${theme.palette.primary.main}` : 'none',
        opacity: loading ? 0.6 : 1,
        transition: 'opacity 150ms',
        minWidth: 0,
        position: 'relative',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: 2, pr: 1, pt: 0.75, minHeight: 36 }}>
        <Typography variant="subtitle2" component="h2" noWrap sx={{ flex: 1, minWidth: 0 }}>
          {/*
           * The toggle is the card's name, its area stretched over the whole card (::after): a click
           * anywhere shows the card in the chart, and its accessible name begins with the text it
           * shows (WCAG 2.5.3), not with the figures a whole-card button would have to repeat.
           */}
          <ButtonBase
            onClick={onSelect}
            aria-pressed={selected}
            aria-label={`${nombre}: mostrar en el gráfico`}
            data-testid="mostrar-en-grafico"
            disableRipple
            sx={{
              // Static: the ::after is placed against the card, not the button.
              position: 'static',
              font: 'inherit',
              color: 'inherit',
              minHeight: 24,
              justifyContent: 'flex-start',
              '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 'inherit' },
              '&:hover::after': { bgcolor: 'action.hover' },
              '&.Mui-focusVisible::after': {
                outline: `2px solid ${theme.palette.primary.main}`,
                outlineOffset: -2,
              },
            }}
          >
            {nombre}
          </ButtonBase>
        </Typography>
        <Hint title="Ver detalle">
          <IconButton
            size="small"
            aria-label={`Ver detalle de ${nombre}`}
            onClick={onDetails}
            sx={{ position: 'relative', zIndex: 1 }}
          >
            <InsightsIcon fontSize="small" />
          </IconButton>
        </Hint>
      </Box>
      <Box sx={{ px: 2, pb: 1.25, pt: 0.25 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, minWidth: 0 }}>
          <Typography
            component="p"
            data-testid="pagada-dia"
            sx={{
              ...numberSx,
              textAlign: 'left',
              fontSize: '1.75rem',
              fontWeight: 500,
              lineHeight: 1.2,
              flex: 1,
            }}
          >
            {formatPercent(dia.pagada, 2)}
          </Typography>
          {dia.sap !== null && dia.pagada !== null && <Brecha pp={dia.brecha_pp} />}
        </Box>
        <Typography variant="caption" color="text.secondary" component="p" data-testid="sap-dia">
          {dia.sap === null ? 'Sin cifra SAP del día' : `SAP del día ${formatPercent(dia.sap, 2)}`}
          {dia.sap !== null && coberturaParcial(dia.cobertura_sap) && (
            <span data-testid="cobertura-sap">
              {' '}
              · cubre {formatPercent(dia.cobertura_sap, 0)} de la capacidad
            </span>
          )}
        </Typography>
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
          {['Pagada', 'SAP', 'Brecha'].map((t) => (
            <Typography key={t} variant="caption" color="text.secondary" sx={{ textAlign: 'right' }}>
              {t}
            </Typography>
          ))}
          {(
            [
              ['Mes', figuras.mes, 'mes'],
              ['Año', figuras.anio, 'anio'],
            ] as const
          ).map(([label, p, key]) => (
            <Box key={key} data-testid={`pagada-${key}`} sx={{ display: 'contents' }}>
              <Typography variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography variant="body2" sx={numberSx}>
                {formatPercent(p.pagada, 2)}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={numberSx}>
                {formatPercent(p.sap, 2)}
              </Typography>
              <Box sx={{ justifySelf: 'end' }}>
                <Brecha pp={p.brecha_pp} />
              </Box>
            </Box>
          ))}
        </Box>
      </Box>
    </Card>
  );
}
