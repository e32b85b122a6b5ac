import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { addDays } from '@planta/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useQuery } from '../../lib/consultas.ts';
import { useMemo, useState } from 'react';
import { Chart } from '../charts/chart.tsx';
import { formatFecha, formatValue } from '@planta/charts/format';
import { useHistoricosVariable, useUltimaFechaVariable, type VariableInfo } from './api/variables.ts';
import { buildHistoryOption } from '@planta/charts/trend/history-option';
import { historyStats } from '@planta/charts/trend/history-stats';
import { isVariableFound, lookupVariable } from './variable-lookup.ts';
import { variableNote } from './variable-notes.ts';

/** Periods the dialog offers, in days back from the screen's date (inclusive). */
export const PERIODOS = [
  { key: '3m', label: '3 meses', dias: 92 },
  { key: '6m', label: '6 meses', dias: 183 },
  { key: '1a', label: '1 año', dias: 365 },
] as const;
type PeriodoKey = (typeof PERIODOS)[number]['key'];

export interface VariableDetailsDialogProps {
  /** The variable to detail, by nombre; the dialog is open while it is set. */
  nombre: string | null;
  /** Last day of the history shown (the screen's production day). */
  fecha: string;
  /** The production day in progress (partial: left out of the minimum and maximum). */
  hoy?: string;
  onClose: () => void;
}

function Dato({
  titulo,
  valor,
  detalle,
  testId,
}: {
  titulo: string;
  valor: string;
  detalle?: string;
  testId: string;
}) {
  return (
    <Box data-testid={testId} sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {titulo}
      </Typography>
      <Typography
        variant="subtitle1"
        component="p"
        sx={{ fontWeight: 500, fontVariantNumeric: 'tabular-nums' }}
      >
        {valor}
      </Typography>
      {detalle && (
        <Typography variant="caption" color="text.secondary" component="p">
          {detalle}
        </Typography>
      )}
    </Box>
  );
}

function limites(variable: VariableInfo): string {
  const { minimo, maximo, unidad, decimales } = variable;
  if (minimo === null && maximo === null) return 'Sin límites';
  const parts = [
    ...(minimo === null ? [] : [`mín. ${formatValue(minimo, unidad, decimales)}`]),
    ...(maximo === null ? [] : [`máx. ${formatValue(maximo, unidad, decimales)}`]),
  ];
  return parts.join(' · ');
}

function DetailsContent({ variable, fecha, hoy }: { variable: VariableInfo; fecha: string; hoy?: string }) {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [periodo, setPeriodo] = useState<PeriodoKey>('1a');
  const dias = PERIODOS.find((p) => p.key === periodo)!.dias;
  const desde = addDays(fecha, -(dias - 1));
  const historia = useHistoricosVariable(variable.nombre, desde, fecha);
  const ultimaFecha = useUltimaFechaVariable(variable.nombre);
  const { unidad, decimales } = variable;
  const rows = historia.data;
  const stats = useMemo(() => historyStats(rows ?? [], hoy), [rows, hoy]);
  const option = useMemo(
    () =>
      rows &&
      buildHistoryOption({
        rows,
        desde,
        hasta: fecha,
        unidad,
        decimales,
        minimo: variable.minimo,
        maximo: variable.maximo,
        // The whole period chosen is in view; the zoom narrows it down.
        visibleDays: dias,
        compact,
      }),
    [rows, desde, fecha, unidad, decimales, variable.minimo, variable.maximo, compact, dias],
  );
  const fmt = (v: number | null | undefined) => formatValue(v, unidad, decimales);

  return (
    <>
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
          mb: 2,
        }}
      >
        <Typography variant="body2" color="text.secondary">
          Historia diaria hasta el {formatFecha(fecha)}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={periodo}
          onChange={(_e, value: PeriodoKey | null) => value && setPeriodo(value)}
          aria-label="Periodo"
        >
          {PERIODOS.map((p) => (
            <ToggleButton key={p.key} value={p.key}>
              {p.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
          gap: 2,
          mb: 2,
        }}
      >
        <Dato
          testId="detalle-ultima-fecha"
          titulo="Última fecha con valor"
          valor={
            ultimaFecha.isLoading
              ? 'Cargando...'
              : ultimaFecha.data
                ? formatFecha(ultimaFecha.data)
                : 'Sin registros'
          }
        />
        <Dato testId="detalle-meta" titulo="Meta" valor={fmt(stats.meta)} detalle="la última del periodo" />
        <Dato
          testId="detalle-minimo"
          titulo={fecha === hoy ? 'Mínimo (días cerrados)' : 'Mínimo del periodo'}
          valor={fmt(stats.minimo?.valor)}
          detalle={stats.minimo ? formatFecha(stats.minimo.fecha) : undefined}
        />
        <Dato
          testId="detalle-maximo"
          titulo={fecha === hoy ? 'Máximo (días cerrados)' : 'Máximo del periodo'}
          valor={fmt(stats.maximo?.valor)}
          detalle={stats.maximo ? formatFecha(stats.maximo.fecha) : undefined}
        />
        <Dato testId="detalle-limites" titulo="Límites configurados" valor={limites(variable)} />
      </Box>
      <Chart
        option={option}
        loading={historia.isLoading || historia.isPlaceholderData}
        height={compact ? 280 : 360}
        ariaLabel={`${variable.nombre}: historia diaria frente a la meta`}
        testId="grafico-detalle"
      />
    </>
  );
}

/**
 * The chart-details dialog (SPEC §2) of a variable: its daily history over 3, 6 or 12 months with
 * the meta and the configured limits, the period's minimum and maximum and the last date with a
 * value. Finds the variable with the lookup by nombre (loads the list if needed).
 */
export function VariableDetailsDialog({ nombre, fecha, hoy, onClose }: VariableDetailsDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const client = useQueryClient();
  // Keep the last name while the dialog closes, so its content does not blank during the animation.
  const [shown, setShown] = useState(nombre);
  if (nombre !== null && nombre !== shown) setShown(nombre);
  const lookup = useQuery({
    queryKey: ['variableLookup', shown],
    queryFn: () => lookupVariable(client, shown!),
    enabled: shown !== null,
  });
  const variable = lookup.data && isVariableFound(lookup.data) ? lookup.data : null;

  return (
    <Dialog
      open={nombre !== null}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="lg"
      aria-labelledby="detalle-variable-titulo"
      data-testid="dialogo-detalle"
    >
      <DialogTitle id="detalle-variable-titulo" sx={{ pr: 7 }}>
        {shown ?? ''}
        {shown && variableNote(shown) && (
          <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
            {variableNote(shown)}
          </Typography>
        )}
      </DialogTitle>
      <IconButton aria-label="Cerrar" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers sx={{ px: { xs: 1.5, sm: 3 } }}>
        {lookup.isLoading && <Typography color="text.secondary">Cargando...</Typography>}
        {lookup.isError && <Alert severity="error">No se pudo cargar la lista de variables.</Alert>}
        {lookup.isSuccess && !variable && (
          <Alert severity="warning">No se encontró la variable «{shown}».</Alert>
        )}
        {variable && <DetailsContent variable={variable} fecha={fecha} hoy={hoy} />}
      </DialogContent>
    </Dialog>
  );
}
