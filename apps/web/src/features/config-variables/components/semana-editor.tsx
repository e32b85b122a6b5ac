import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Tooltip from '@mui/material/Tooltip';
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControlLabel,
  IconButton,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { DateField } from '@mui/x-date-pickers/DateField';
import { formatFecha } from '@planta/charts/format';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useGuardar } from '../../../components/config/guardar.ts';
import {
  createHistorico,
  type HistoricoConfig,
  historicosSemanaKey,
  type MetaConfig,
  updateHistorico,
  useHistoricosSemana,
  type VariableConfig,
} from '../api/config-variables.ts';
import {
  diasDeSemana,
  type ErroresFila,
  type FilaDia,
  filaDe,
  validarFila,
  weekStart,
} from '../utils/semana.ts';
import { numeroOpcional } from '../../../components/config/numero.ts';

const DIA_SEMANA = ['lun', 'mar', 'mié', 'jue', 'vie', 'sáb', 'dom'];

const hoy = () => dayjs().format('YYYY-MM-DD');

export interface SemanaEditorProps {
  variable: VariableConfig;
  /** The variable's metas of the week's year, to prefill a day's meta. */
  metas: MetaConfig[];
}

/**
 * SPEC §4's date-by-week editing flag: "Editar por semana" shows one week (Monday to Sunday) of the
 * variable's daily values as editable rows; turning it off clears the week and what was typed.
 */
export function SemanaEditor({ variable, metas }: SemanaEditorProps) {
  const [editando, setEditando] = useState(false);
  // The day typed or stepped to (shown in the field); the week is the one containing it.
  const [dia, setDia] = useState<Dayjs | null>(null);
  const lunes = dia?.isValid() ? weekStart(dia.format('YYYY-MM-DD')) : null;
  const [borradores, setBorradores] = useState<Record<string, FilaDia>>({});
  const [errores, setErrores] = useState<Record<string, ErroresFila>>({});
  const hasta = lunes ? diasDeSemana(lunes)[6]! : null;
  const historicos = useHistoricosSemana(editando ? variable.id : null, lunes, hasta);
  const { guardar, guardando } = useGuardar();

  const alternar = (on: boolean) => {
    setEditando(on);
    setBorradores({});
    setErrores({});
    setDia(on ? dayjs(hoy()) : null);
  };
  const irA = (next: Dayjs | null) => {
    if (next?.isValid() && (next.year() < 1970 || next.year() > 2100)) return;
    if (next?.isValid() && weekStart(next.format('YYYY-MM-DD')) !== lunes) {
      setBorradores({});
      setErrores({});
    }
    setDia(next);
  };

  const porFecha = new Map((historicos.data ?? []).map((h) => [h.fecha, h]));
  const metaPorFecha = new Map(metas.map((m) => [m.fecha, m.valor]));

  const limpiar = (fecha: string) => {
    setBorradores(({ [fecha]: _b, ...rest }) => rest);
    setErrores(({ [fecha]: _e, ...rest }) => rest);
  };

  const guardarDia = async (fecha: string, calcular?: 'mensual' | 'anual') => {
    const existente = porFecha.get(fecha);
    const fila = borradores[fecha] ?? filaDe(existente, metaPorFecha.get(fecha));
    const faltas = validarFila(fila, existente !== undefined);
    setErrores((prev) => ({ ...prev, [fecha]: faltas }));
    if (Object.keys(faltas).length > 0) return;
    const n = (campo: keyof FilaDia) => numeroOpcional(fila[campo]);
    const opciones = {
      exito: existente ? 'Valor actualizado' : 'Valor registrado',
      detalle: `${variable.nombre}, ${formatFecha(fecha)}`,
      error: 'No se pudo guardar el valor del día',
      invalidar: [historicosSemanaKey],
    };
    // Saved or refused (a conflict reloads the week): what was typed on that day gives way to the stored row.
    if (existente) {
      await guardar(
        () =>
          updateHistorico(existente.id, {
            fecha,
            diario: n('diario')!,
            mensual: n('mensual')!,
            anual: n('anual')!,
            meta: n('meta')!,
            version: existente.version,
            mensual_calculado: calcular === 'mensual',
            anual_calculado: calcular === 'anual',
          }),
        opciones,
      );
    } else {
      await guardar(
        () =>
          createHistorico({
            variable_id: variable.id,
            fecha,
            diario: n('diario')!,
            mensual: n('mensual'),
            anual: n('anual'),
            meta: n('meta'),
          }),
        opciones,
      );
    }
    limpiar(fecha);
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <FormControlLabel
        control={<Switch checked={editando} onChange={(e) => alternar(e.target.checked)} />}
        label="Editar por semana"
      />
      {!editando && (
        <Typography variant="body2" color="text.secondary">
          Active «Editar por semana» para ver y corregir los valores diarios de una semana (lunes a domingo).
        </Typography>
      )}
      {editando && (
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Tooltip title="Semana anterior">
              <IconButton
                aria-label="Semana anterior"
                disabled={lunes === null}
                onClick={() => irA(dayjs(lunes).subtract(7, 'day'))}
              >
                <ChevronLeftIcon />
              </IconButton>
            </Tooltip>
            <DateField
              label="Semana del"
              value={dia}
              format="DD/MM/YYYY"
              size="small"
              sx={{ width: 150 }}
              data-testid="semana-del"
              onChange={irA}
            />
            <Tooltip title="Semana siguiente">
              <IconButton
                aria-label="Semana siguiente"
                disabled={lunes === null}
                onClick={() => irA(dayjs(lunes).add(7, 'day'))}
              >
                <ChevronRightIcon />
              </IconButton>
            </Tooltip>
            <Typography variant="body2" color="text.secondary">
              {lunes && hasta ? `${formatFecha(lunes)} – ${formatFecha(hasta)}` : ''}
            </Typography>
          </Stack>
          {lunes === null && <Alert severity="info">Escriba un día de la semana (DD/MM/AAAA).</Alert>}
          {historicos.isError && (
            <Alert severity="error">
              No se pudieron obtener los valores de la semana: {historicos.error.message}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 1 }} role="list" aria-label="Valores de la semana">
            {(lunes ? diasDeSemana(lunes) : []).map((fecha, i) => (
              <DiaFila
                key={fecha}
                fecha={fecha}
                diaSemana={DIA_SEMANA[i]!}
                existente={porFecha.get(fecha)}
                fila={borradores[fecha] ?? filaDe(porFecha.get(fecha), metaPorFecha.get(fecha))}
                errores={errores[fecha] ?? {}}
                cargando={historicos.isLoading}
                guardando={guardando}
                onChange={(fila) => setBorradores((prev) => ({ ...prev, [fecha]: fila }))}
                onGuardar={(calcular) => void guardarDia(fecha, calcular)}
              />
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}

interface DiaFilaProps {
  fecha: string;
  diaSemana: string;
  existente: HistoricoConfig | undefined;
  fila: FilaDia;
  errores: ErroresFila;
  cargando: boolean;
  guardando: boolean;
  onChange: (fila: FilaDia) => void;
  onGuardar: (calcular?: 'mensual' | 'anual') => void;
}

const ETIQUETA: Record<keyof FilaDia, string> = {
  diario: 'Diario',
  mensual: 'Mensual',
  anual: 'Anual',
  meta: 'Meta',
};

function DiaFila({
  fecha,
  diaSemana,
  existente,
  fila,
  errores,
  cargando,
  guardando,
  onChange,
  onGuardar,
}: DiaFilaProps) {
  const manual = (campo: keyof FilaDia) =>
    campo === 'diario'
      ? existente?.diario_manual
      : campo === 'mensual'
        ? existente?.mensual_manual
        : campo === 'anual'
          ? existente?.anual_manual
          : false;
  const titulo = `${diaSemana} ${formatFecha(fecha)}`;
  return (
    <Paper
      variant="outlined"
      role="listitem"
      aria-label={titulo}
      sx={{
        p: 1.5,
        display: 'grid',
        gap: 1,
        alignItems: 'start',
        gridTemplateColumns: { xs: '1fr 1fr', md: '130px repeat(4, minmax(0, 1fr)) auto' },
      }}
    >
      <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, pt: { md: 1 } }}>
        <Typography variant="subtitle2" sx={{ textTransform: 'capitalize' }}>
          {titulo}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {existente ? 'Registrado' : 'Sin valor'}
        </Typography>
      </Box>
      {(['diario', 'mensual', 'anual', 'meta'] as const).map((campo) => (
        <Box key={campo} sx={{ minWidth: 0 }}>
          <TextField
            label={ETIQUETA[campo]}
            size="small"
            fullWidth
            inputMode="decimal"
            value={fila[campo]}
            disabled={cargando}
            onChange={(e) => onChange({ ...fila, [campo]: e.target.value })}
            error={Boolean(errores[campo])}
            helperText={
              errores[campo] ??
              (!existente && (campo === 'mensual' || campo === 'anual') ? 'Vacío: calculado' : undefined)
            }
            slotProps={{ htmlInput: { 'aria-label': `${ETIQUETA[campo]} ${titulo}` } }}
          />
          {manual(campo) && (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 0.5 }}>
              <Chip size="small" color="info" variant="outlined" label="manual" />
              {(campo === 'mensual' || campo === 'anual') && (
                <Tooltip title={`Volver a calcular el ${campo} desde los valores diarios`}>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`Calcular ${campo} ${titulo}`}
                      disabled={guardando}
                      onClick={() => onGuardar(campo)}
                    >
                      <RestartAltIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              )}
            </Stack>
          )}
        </Box>
      ))}
      <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          size="small"
          disabled={guardando || cargando}
          onClick={() => onGuardar()}
          aria-label={`Guardar ${titulo}`}
        >
          Guardar
        </Button>
      </Box>
    </Paper>
  );
}
