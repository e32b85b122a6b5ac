import {
  Box,
  Card,
  CardContent,
  FormControl,
  FormHelperText,
  InputLabel,
  MenuItem,
  Select,
} from '@mui/material';
import type { ReactNode } from 'react';
import { ProductionDatePicker } from '../dates/production-date-picker.tsx';
import {
  INTERVALOS_REPORTE,
  type IntervaloReporte,
  intervalosValidos,
} from '@planta/charts/reporte-aire/rango-reporte';
import type { FiltrosReporteState } from './use-filtros-reporte.ts';

/**
 * The report's filters: the first and last production day (the app's date picker: a half-typed
 * date is applied only when complete, on Enter or on leaving the field), the interval (those that
 * make too many rows for the range are disabled) and what the screen adds (variables, export).
 */
export function ReporteFiltros({
  estado,
  children,
}: {
  estado: FiltrosReporteState & { filtros: NonNullable<FiltrosReporteState['filtros']> };
  children?: ReactNode;
}) {
  const { filtros, today, firstDay } = estado;
  const validos = intervalosValidos(filtros.dias);
  const invalido = (campo: 'desde' | 'hasta' | 'intervalo') =>
    filtros.invalidos.includes(campo) ? 'Valor del enlace no válido' : null;
  return (
    <Card component="section" aria-label="Filtros del reporte">
      <CardContent
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'flex-start',
          gap: { xs: 1.5, sm: 2 },
          p: { xs: 1.5, sm: 2 },
          '&:last-child': { pb: { xs: 1.5, sm: 2 } },
        }}
      >
        <ProductionDatePicker
          label="Desde"
          value={filtros.desde}
          minDate={firstDay}
          maxDate={today}
          onChange={estado.setDesde}
          testId="selector-desde"
          error={invalido('desde')}
        />
        <ProductionDatePicker
          label="Hasta"
          value={filtros.hasta}
          minDate={firstDay}
          maxDate={today}
          onChange={estado.setHasta}
          testId="selector-hasta"
          error={invalido('hasta')}
        />
        <FormControl size="small" sx={{ minWidth: 178 }} error={invalido('intervalo') !== null}>
          <InputLabel id="reporte-intervalo">Intervalo</InputLabel>
          <Select
            labelId="reporte-intervalo"
            label="Intervalo"
            value={filtros.intervalo}
            data-testid="selector-intervalo"
            onChange={(e) => estado.setIntervalo(e.target.value as IntervaloReporte)}
          >
            {INTERVALOS_REPORTE.map((i) => (
              <MenuItem key={i.valor} value={i.valor} disabled={!validos.includes(i.valor)}>
                {i.etiqueta}
              </MenuItem>
            ))}
          </Select>
          {invalido('intervalo') && <FormHelperText>{invalido('intervalo')}</FormHelperText>}
        </FormControl>
        {children && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1.5, sm: 2 }, alignItems: 'flex-start' }}>
            {children}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
