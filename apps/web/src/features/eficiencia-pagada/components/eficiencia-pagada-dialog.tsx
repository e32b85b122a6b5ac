import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { minutesToHHMM } from '@planta/domain';
import { type FormEvent, useId, useState } from 'react';
import { formatFechaLarga, formatNumber, formatPercent, SIN_VALOR } from '@planta/charts/format';
import { ApiError } from '../../../lib/graphql-client.ts';
import { type EficienciaPagadaAlcance, useRegistrarEficienciaSap } from '../api/eficiencia-pagada.ts';
import { coberturaParcial, formatBrecha, parseSap } from '../utils/eficiencia-pagada.ts';

export interface EficienciaPagadaDialogProps {
  /** What the dialog shows: the plant or a line (numero), on `fecha`; null closes it. */
  alcance: { nombre: string; numero: number | null; figuras: EficienciaPagadaAlcance } | null;
  fecha: string;
  /** Admins may enter SAP's figure of a line (never a computed figure). */
  puedeRegistrarSap: boolean;
  onClose: () => void;
}

function Fila({ etiqueta, valor, testId }: { etiqueta: string; valor: string; testId?: string }) {
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {etiqueta}
      </Typography>
      <Typography
        variant="body2"
        data-testid={testId}
        sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {valor}
      </Typography>
    </>
  );
}

const gridSx = {
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  columnGap: 2,
  rowGap: 0.5,
  alignItems: 'baseline',
} as const;

const minutos = (m: number | null | undefined) =>
  m === null || m === undefined ? SIN_VALOR : `${formatNumber(m)} min (${minutesToHHMM(m)})`;

function SapForm({ linea, fecha, actual }: { linea: number; fecha: string; actual: number | null }) {
  const [texto, setTexto] = useState(actual === null ? '' : String(actual));
  const [error, setError] = useState<string | null>(null);
  const registrar = useRegistrarEficienciaSap();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseSap(texto);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    registrar.mutate({ linea, fecha, valor: parsed.valor });
  };
  const serverError =
    registrar.error instanceof ApiError
      ? registrar.error.message
      : registrar.error
        ? 'No se pudo registrar la cifra SAP.'
        : null;
  return (
    <Box component="form" noValidate onSubmit={handleSubmit} sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="subtitle2" component="h3">
        Registrar eficiencia SAP
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label="Eficiencia SAP (%)"
          value={texto}
          onChange={(e) => {
            setTexto(e.target.value);
            setError(null);
            registrar.reset();
          }}
          error={error !== null}
          helperText={error ?? 'Entre 0 y 100, hasta 2 decimales'}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'sap-input' } }}
          sx={{ width: 200, maxWidth: '100%' }}
        />
        <Button type="submit" variant="contained" disabled={registrar.isPending} sx={{ mt: 0.25 }}>
          Guardar
        </Button>
      </Box>
      {serverError && <Alert severity="error">{serverError}</Alert>}
      {registrar.isSuccess && (
        <Alert severity="success" data-testid="sap-registrado">
          Cifra SAP registrada: {formatPercent(registrar.data.sap, 2)}
        </Alert>
      )}
    </Box>
  );
}

/**
 * The paid-efficiency dialog (SPEC §2) of a line or the plant on a day: paid efficiency against
 * SAP with the gap, OEE and ETA, and the day's detail it comes from (paid hours, planned and run
 * time, changeovers, CIP and planned stops, produced CU, nominal capacity). Admins can enter the
 * line's SAP figure here.
 */
export function EficienciaPagadaDialog({
  alcance,
  fecha,
  puedeRegistrarSap,
  onClose,
}: EficienciaPagadaDialogProps) {
  const titleId = useId();
  const theme = useTheme();
  // Phones get the whole screen: the detail's labels and figures stay on one line each.
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  if (!alcance) return null;
  const { dia, mes, anio, detalle } = alcance.figuras;
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      fullScreen={fullScreen}
      maxWidth="sm"
      data-testid="dialogo-eficiencia-pagada"
    >
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        Eficiencia pagada · {alcance.nombre}
        <Typography
          variant="body2"
          component="span"
          color="text.secondary"
          sx={{ display: 'block', '&::first-letter': { textTransform: 'uppercase' } }}
        >
          {formatFechaLarga(fecha)}
        </Typography>
        <IconButton aria-label="Cerrar" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        <Box sx={gridSx}>
          <Fila
            etiqueta="Eficiencia pagada del día"
            valor={formatPercent(dia.pagada, 2)}
            testId="dialogo-pagada"
          />
          <Fila etiqueta="Eficiencia SAP del día" valor={formatPercent(dia.sap, 2)} testId="dialogo-sap" />
          <Fila etiqueta="Brecha pagada − SAP" valor={formatBrecha(dia.brecha_pp)} testId="dialogo-brecha" />
          {coberturaParcial(dia.cobertura_sap) && (
            <Fila etiqueta="Capacidad con cifra SAP" valor={formatPercent(dia.cobertura_sap, 1)} />
          )}
          <Fila etiqueta="OEE del día" valor={formatPercent(dia.oee, 2)} />
          <Fila etiqueta="ETA del día" valor={formatPercent(dia.eta, 2)} />
          <Fila
            etiqueta="Pagada / SAP del mes"
            valor={`${formatPercent(mes.pagada, 2)} / ${formatPercent(mes.sap, 2)}`}
          />
          <Fila
            etiqueta="Pagada / SAP del año"
            valor={`${formatPercent(anio.pagada, 2)} / ${formatPercent(anio.sap, 2)}`}
          />
        </Box>
        <Divider />
        <Typography variant="subtitle2" component="h3">
          Detalle del día
        </Typography>
        {detalle ? (
          <Box sx={gridSx} data-testid="dialogo-detalle">
            <Fila
              etiqueta="Horas pagadas"
              valor={
                detalle.horas_pagadas === null ? SIN_VALOR : `${formatNumber(detalle.horas_pagadas, 2)} h`
              }
              testId="detalle-horas-pagadas"
            />
            <Fila etiqueta="Tiempo planificado de producción" valor={minutos(detalle.minutos_planificados)} />
            <Fila
              etiqueta="Tiempo de marcha"
              valor={minutos(detalle.minutos_marcha)}
              testId="detalle-marcha"
            />
            <Fila etiqueta="Cambios de formato" valor={minutos(detalle.minutos_cambio_formato)} />
            <Fila etiqueta="CIP" valor={minutos(detalle.minutos_cip)} />
            <Fila etiqueta="Paros planificados" valor={minutos(detalle.minutos_paro_planificado)} />
            <Fila etiqueta="Fallas" valor={minutos(detalle.minutos_falla)} />
            <Fila etiqueta="Microparos" valor={minutos(detalle.minutos_microparo)} />
            <Fila
              etiqueta="Producción"
              valor={`${formatNumber(detalle.producido_cu)} CU`}
              testId="detalle-producido"
            />
            <Fila
              etiqueta="Capacidad nominal en tiempo pagado"
              valor={`${formatNumber(detalle.capacidad_pagada_cu)} CU`}
              testId="detalle-capacidad"
            />
            <Fila
              etiqueta="Velocidad nominal"
              valor={
                detalle.velocidad_nominal_cu_h === null
                  ? SIN_VALOR
                  : `${formatNumber(detalle.velocidad_nominal_cu_h)} CU/h`
              }
            />
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary" data-testid="dialogo-sin-detalle">
            Sin datos de producción para este día.
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary">
          Eficiencia pagada = producción ÷ capacidad nominal en las horas pagadas del turno. Mes y año: suma
          de la producción ÷ suma de la capacidad, no un promedio de porcentajes diarios.
        </Typography>
        {puedeRegistrarSap && alcance.numero !== null && (
          <>
            <Divider />
            <SapForm
              key={`${alcance.numero}-${fecha}`}
              linea={alcance.numero}
              fecha={fecha}
              actual={dia.sap}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
