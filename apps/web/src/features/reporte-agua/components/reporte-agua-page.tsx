import {
  Box,
  ListItemIcon,
  FormControl,
  InputLabel,
  ListItemText,
  MenuItem,
  Select,
  type SelectChangeEvent,
} from '@mui/material';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import IndeterminateCheckBoxIcon from '@mui/icons-material/IndeterminateCheckBox';
import { useMemo } from 'react';
import { LoadError } from '../../../components/feedback/load-error.tsx';
import { Loading } from '../../../components/feedback/loading.tsx';
import { REFRESCO_HOY_MS } from '../../../components/reportes/consulta-reporte.ts';
import { ReporteFiltros } from '../../../components/reportes/reporte-filtros.tsx';
import { ReporteResultado } from '../../../components/reportes/reporte-resultado.tsx';
import { useFiltrosReporte } from '../../../components/reportes/use-filtros-reporte.ts';
import { encabezado } from '@planta/charts';
import { ExportButton } from '../../../components/export/export-button.tsx';
import { exportarReporteAgua, useReporteAgua, useVariablesAgua } from '../api/reporte-agua.ts';
import { VARIABLE_PARAM, leerVariables, textoSeleccion, variablesParaUrl } from '../utils/variables-agua.ts';

const TODAS = '__todas__';

/** The option's check mark (decoration: the option's aria-selected says it). */
function Marca({ estado }: { estado: 'si' | 'no' | 'parcial' }) {
  const Icono =
    estado === 'si'
      ? CheckBoxIcon
      : estado === 'parcial'
        ? IndeterminateCheckBoxIcon
        : CheckBoxOutlineBlankIcon;
  return (
    <ListItemIcon sx={{ minWidth: 36 }}>
      <Icono fontSize="small" color={estado === 'no' ? 'inherit' : 'primary'} aria-hidden />
    </ListItemIcon>
  );
}

/**
 * Reporte de Agua: the water variables chosen (all by default) over a range of production days by
 * interval — volumes summed per interval, levels averaged — as a chart and a paged table with the
 * range's totals. SPEC hides the header's 'Reporte' button here (the shell does).
 */
export function ReporteAguaPage() {
  const estado = useFiltrosReporte();
  const { filtros, consulta, timeZone, params, setParams } = estado;
  const lista = useVariablesAgua();
  const disponibles = useMemo(() => (lista.data ?? []).map((v) => v.variable), [lista.data]);
  const enUrl = params.getAll(VARIABLE_PARAM);
  const enUrlClave = enUrl.join('\u0000');
  const seleccion = useMemo(
    () => leerVariables(enUrlClave === '' ? [] : enUrlClave.split('\u0000'), disponibles),
    [enUrlClave, disponibles],
  );
  const ninguna = lista.isSuccess && seleccion.elegidas.length === 0;
  const query = useReporteAgua(
    lista.isSuccess && !ninguna ? consulta : undefined,
    seleccion.todas ? null : seleccion.elegidas,
    estado.incluyeHoy ? REFRESCO_HOY_MS : undefined,
  );

  if (!filtros || !consulta || !timeZone) {
    return estado.calendarError ? (
      <LoadError>No se pudo obtener el calendario de la planta.</LoadError>
    ) : (
      <Loading />
    );
  }

  const elegir = (event: SelectChangeEvent<string[]>) => {
    const valor = event.target.value;
    const nombres = typeof valor === 'string' ? valor.split(',') : valor;
    const elegidas = nombres.includes(TODAS)
      ? seleccion.todas
        ? []
        : disponibles
      : nombres.filter((n) => disponibles.includes(n));
    setParams((next) => {
      next.delete(VARIABLE_PARAM);
      for (const n of variablesParaUrl(elegidas, disponibles)) next.append(VARIABLE_PARAM, n);
    });
  };

  return (
    <Box sx={{ display: 'grid', gap: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <ReporteFiltros estado={{ ...estado, filtros }}>
        <FormControl size="small" sx={{ width: { xs: 258, sm: 240 } }} disabled={!lista.isSuccess}>
          <InputLabel id="reporte-agua-variables">Variables</InputLabel>
          <Select<string[]>
            labelId="reporte-agua-variables"
            label="Variables"
            multiple
            value={seleccion.elegidas}
            onChange={elegir}
            renderValue={(v) => textoSeleccion(v, disponibles.length)}
            data-testid="selector-variables"
          >
            <MenuItem value={TODAS}>
              <Marca estado={seleccion.todas ? 'si' : seleccion.elegidas.length > 0 ? 'parcial' : 'no'} />
              <ListItemText primary="Todas" />
            </MenuItem>
            {(lista.data ?? []).map((v) => (
              <MenuItem key={v.variable} value={v.variable}>
                <Marca estado={seleccion.elegidas.includes(v.variable) ? 'si' : 'no'} />
                <ListItemText primary={encabezado(v)} />
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <ExportButton
          disabled={!lista.isSuccess || ninguna}
          iniciar={(formato) =>
            exportarReporteAgua(consulta, seleccion.todas ? null : seleccion.elegidas, formato)
          }
        />
      </ReporteFiltros>
      {lista.isError && <LoadError>No se pudo obtener la lista de variables de agua.</LoadError>}
      <ReporteResultado
        titulo="Agua"
        query={query}
        consulta={consulta}
        filtros={filtros}
        timeZone={timeZone}
        aviso={
          ninguna
            ? disponibles.length === 0
              ? 'No hay variables de agua configuradas.'
              : 'Elija al menos una variable de agua.'
            : null
        }
      />
    </Box>
  );
}
