import {
  Box,
  Card,
  CardContent,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { formatFecha } from '../../../components/charts/format.ts';
import { MonthSteps } from '../../../components/dates/month-steps.tsx';
import { ProductionDatePicker } from '../../../components/dates/production-date-picker.tsx';
import { diasDelPeriodo, type Periodo } from '../utils/periodo.ts';

/** The area filter's value for every area. */
export const TODAS = '';

export interface FiltrosHorasExtraProps {
  periodo: Periodo;
  /** The day whose month the 'Mes' mode shows. */
  fecha: string;
  hoy: string | undefined;
  /** A month step: that month whole (or to today). */
  onMes: (fecha: string) => void;
  /** A chosen range (both ends), or null to go back to the month. */
  onPeriodo: (periodo: { desde: string; hasta: string } | null) => void;
  areas: readonly string[] | undefined;
  area: string | null;
  onArea: (area: string | null) => void;
  /** Exportar and Importar buttons. */
  acciones: ReactNode;
}

/**
 * The screen's toolbar: the range (a month by default with month steps, or a chosen Desde/Hasta
 * with the app's date fields), the area (Todas or one) and the screen's actions.
 */
export function FiltrosHorasExtra({
  periodo,
  fecha,
  hoy,
  onMes,
  onPeriodo,
  areas,
  area,
  onArea,
  acciones,
}: FiltrosHorasExtraProps) {
  const dias = diasDelPeriodo(periodo.desde, periodo.hasta);
  return (
    <Card component="section" aria-label="Filtros de horas extra">
      <CardContent
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: { xs: 1.5, sm: 2 },
          p: { xs: 1.5, sm: 2 },
          '&:last-child': { pb: { xs: 1.5, sm: 2 } },
        }}
      >
        <ToggleButtonGroup
          size="small"
          exclusive
          value={periodo.mes ? 'mes' : 'rango'}
          aria-label="Periodo"
          onChange={(_e, value: 'mes' | 'rango' | null) => {
            if (value === 'mes') onPeriodo(null);
            if (value === 'rango') onPeriodo({ desde: periodo.desde, hasta: periodo.hasta });
          }}
        >
          <ToggleButton value="mes" data-testid="periodo-mes">
            Mes
          </ToggleButton>
          <ToggleButton value="rango" data-testid="periodo-rango">
            Rango
          </ToggleButton>
        </ToggleButtonGroup>
        {periodo.mes ? (
          <MonthSteps fecha={fecha} hoy={hoy} onMes={onMes} />
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, minWidth: 0 }}>
            <ProductionDatePicker
              label="Desde"
              testId="periodo-desde"
              value={periodo.desde}
              maxDate={periodo.hasta}
              onChange={(desde) => onPeriodo({ desde, hasta: periodo.hasta })}
            />
            <ProductionDatePicker
              label="Hasta"
              testId="periodo-hasta"
              value={periodo.hasta}
              minDate={periodo.desde}
              maxDate={hoy}
              onChange={(hasta) => onPeriodo({ desde: periodo.desde, hasta })}
            />
          </Box>
        )}
        <FormControl size="small" sx={{ width: { xs: '100%', sm: 220 } }}>
          <InputLabel id="horas-extra-area" shrink>
            Área
          </InputLabel>
          <Select<string>
            labelId="horas-extra-area"
            label="Área"
            value={area ?? TODAS}
            displayEmpty
            notched
            onChange={(e) => onArea(e.target.value === TODAS ? null : e.target.value)}
            data-testid="filtro-area"
          >
            <MenuItem value={TODAS}>Todas</MenuItem>
            {area !== null && !(areas ?? []).includes(area) && <MenuItem value={area}>{area}</MenuItem>}
            {(areas ?? []).map((a) => (
              <MenuItem key={a} value={a}>
                {a}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>{acciones}</Box>
        <Typography
          variant="body2"
          color="text.secondary"
          data-testid="periodo-texto"
          sx={{ flexBasis: '100%' }}
        >
          Del {formatFecha(periodo.desde)} al {formatFecha(periodo.hasta)} · {dias}{' '}
          {dias === 1 ? 'día' : 'días'} · semanas de lunes a domingo
        </Typography>
      </CardContent>
    </Card>
  );
}
