import { Box, Card, CardContent, FormControl, InputLabel, MenuItem, Select } from '@mui/material';
import type { ReactNode } from 'react';
import { MonthSteps } from '../../../components/dates/month-steps.tsx';
import { PeriodoSelector } from '../../../components/dates/periodo-selector.tsx';
import type { Periodo } from '@planta/charts/mantenimiento/periodo';

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
        <PeriodoSelector
          periodo={periodo}
          hoy={hoy}
          onPeriodo={onPeriodo}
          mes={<MonthSteps fecha={fecha} hoy={hoy} onMes={onMes} />}
          nota="semanas de lunes a domingo"
        >
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
        </PeriodoSelector>
      </CardContent>
    </Card>
  );
}
