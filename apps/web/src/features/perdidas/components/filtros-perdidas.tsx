import {
  Box,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { formatFecha } from '@planta/charts/format';
import { diasEntre } from '@planta/charts/rango-url';
import type { ReactNode } from 'react';
import { RangoFechas } from '../../../components/dates/rango-fechas.tsx';
import type { Filtros, Modo } from '../utils/filtros.ts';

export interface FiltrosPerdidasProps {
  filtros: Filtros;
  hoy: string | undefined;
  primerDia?: string;
  turnos: readonly { numero: number; nombre: string; inicio: string; fin: string }[];
  lineas: readonly { numero: number; nombre: string }[];
  onModo: (modo: Modo) => void;
  onRango: (cambio: { desde?: string; hasta?: string }) => void;
  onTurno: (turno: number | null) => void;
  onLinea: (linea: number | null) => void;
  /** The Exportar button. */
  exportar?: ReactNode;
}

/**
 * What the losses cover: a production day (the date bar above) or a range of days, every shift or
 * one (each day's), the plant or a line; and the export of every stop.
 */
export function FiltrosPerdidas({
  filtros,
  hoy,
  primerDia,
  turnos,
  lineas,
  onModo,
  onRango,
  onTurno,
  onLinea,
  exportar,
}: FiltrosPerdidasProps) {
  const dias = diasEntre(filtros.desde, filtros.hasta);
  return (
    <Box
      component="section"
      aria-label="Filtros de pérdidas"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: { xs: 1, sm: 2 }, minWidth: 0 }}
    >
      <ToggleButtonGroup
        size="small"
        exclusive
        value={filtros.modo}
        aria-label="Periodo"
        onChange={(_e, value: Modo | null) => value && onModo(value)}
        sx={{ alignSelf: 'center' }}
      >
        <ToggleButton value="dia" data-testid="modo-dia">
          Día
        </ToggleButton>
        <ToggleButton value="rango" data-testid="modo-rango">
          Rango
        </ToggleButton>
      </ToggleButtonGroup>
      {filtros.modo === 'rango' && (
        <RangoFechas
          desde={filtros.desde}
          hasta={filtros.hasta}
          hoy={hoy}
          primerDia={primerDia}
          onChange={onRango}
          testId="perdidas-rango"
        />
      )}
      <FormControl size="small" sx={{ minWidth: { xs: 'calc(50% - 4px)', sm: 180 } }}>
        <InputLabel id="perdidas-turno-label">Turno</InputLabel>
        <Select
          labelId="perdidas-turno-label"
          label="Turno"
          data-testid="perdidas-turno"
          value={filtros.turno === null ? 'todos' : String(filtros.turno)}
          onChange={(e) => onTurno(e.target.value === 'todos' ? null : Number(e.target.value))}
        >
          <MenuItem value="todos">Todos los turnos</MenuItem>
          {turnos.map((t) => (
            <MenuItem key={t.numero} value={String(t.numero)}>
              {t.nombre} ({t.inicio}–{t.fin})
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControl size="small" sx={{ minWidth: { xs: 'calc(50% - 4px)', sm: 160 } }}>
        <InputLabel id="perdidas-linea-label">Línea</InputLabel>
        <Select
          labelId="perdidas-linea-label"
          label="Línea"
          data-testid="perdidas-linea"
          value={filtros.linea === null ? 'planta' : String(filtros.linea)}
          onChange={(e) => onLinea(e.target.value === 'planta' ? null : Number(e.target.value))}
        >
          <MenuItem value="planta">Planta</MenuItem>
          {lineas.map((l) => (
            <MenuItem key={l.numero} value={String(l.numero)}>
              {l.nombre}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {exportar && <Box sx={{ ml: { sm: 'auto' } }}>{exportar}</Box>}
      <Typography
        variant="body2"
        color="text.secondary"
        data-testid="perdidas-periodo"
        sx={{ flexBasis: '100%' }}
      >
        {filtros.modo === 'dia'
          ? `Día de producción ${formatFecha(filtros.desde)}`
          : `Del ${formatFecha(filtros.desde)} al ${formatFecha(filtros.hasta)} · ${dias} ${dias === 1 ? 'día' : 'días'}`}
        {filtros.turno !== null
          ? ` · ${turnos.find((t) => t.numero === filtros.turno)?.nombre ?? `Turno ${filtros.turno}`}${filtros.modo === 'rango' ? ' de cada día' : ''}`
          : ''}
        {` · ${filtros.linea === null ? 'Planta' : (lineas.find((l) => l.numero === filtros.linea)?.nombre ?? '')}`}
      </Typography>
    </Box>
  );
}
