import EventNoteIcon from '@mui/icons-material/EventNote';
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import Autocomplete from '@mui/material/Autocomplete';
import { Box, Divider, Paper, TextField, Typography } from '@mui/material';
import { AccionFila, type ColumnaConfig } from '../../../components/config/columnas.tsx';
import { formatNumber } from '@planta/charts/format';
import dayjs from 'dayjs';
import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { TablaConfig } from '../../../components/config/config-grid.tsx';
import { columnaEstado } from '../../../components/config/celdas.tsx';
import {
  columnaAcciones,
  type Confirmacion,
  textosDe,
  useCrudConfig,
} from '../../../components/config/use-crud-config.tsx';
import {
  cambiarEstadoVariable,
  createVariable,
  updateVariable,
  useLineasConfigVariables,
  useMetasVariable,
  useVariablesConfiguracion,
  type VariableConfig,
  variablesConfigKey,
} from '../api/config-variables.ts';
import { numeroOpcional } from '../../../components/config/numero.ts';
import type { VariableFormValues } from '../utils/variable-form-schema.ts';
import { Loading } from '../../../components/feedback/loading.tsx';
import { AGREGACION_LABEL, FUENTE_LABEL, NIVEL_LABEL, VariableDialog } from './variable-dialog.tsx';

// A variable's week and metas (with their date pickers) load once a variable is chosen.
const SemanaEditor = lazy(() => import('./semana-editor.tsx').then((m) => ({ default: m.SemanaEditor })));
const MetasPanel = lazy(() => import('./metas-panel.tsx').then((m) => ({ default: m.MetasPanel })));

function toInput(values: VariableFormValues) {
  return {
    nombre: values.nombre.trim(),
    nivel: values.nivel,
    linea_id: values.linea_id === '' ? null : values.linea_id,
    area: values.area.trim(),
    unidad: values.unidad.trim(),
    minimo: numeroOpcional(values.minimo),
    maximo: numeroOpcional(values.maximo),
    decimales: Number(values.decimales),
    agregacion: values.agregacion,
    fuente: values.fuente,
    mayor_es_mejor: values.mayor_es_mejor,
  };
}

const limite = (value: number | null, row: VariableConfig) =>
  value === null ? '' : formatNumber(value, row.decimales);

const invalidar = [variablesConfigKey, ['variables']];

/** Activate or deactivate a variable, once confirmed. */
function cambiarEstado(v: VariableConfig): Confirmacion<VariableConfig> {
  const activa = v.estado === 1;
  return {
    titulo: activa ? 'Desactivar variable' : 'Activar variable',
    boton: activa ? 'Desactivar' : 'Activar',
    texto: () =>
      activa
        ? `¿Desactivar ${v.nombre}? Dejará de aparecer en los tableros y reportes; sus datos se conservan.`
        : `¿Activar ${v.nombre}? Volverá a aparecer en los tableros y reportes.`,
    accion: () => cambiarEstadoVariable(v.id, activa ? 0 : 1, v.version),
    exito: activa ? 'Variable desactivada' : 'Variable activada',
    error: 'No se pudo cambiar el estado de la variable',
    detalle: () => v.nombre,
  };
}

/** /configuracion "Variables | Configuración": the variables, and a variable's daily values and metas. */
export function ConfigVariablesPage() {
  const variables = useVariablesConfiguracion();
  const lineas = useLineasConfigVariables();
  const [seleccion, setSeleccion] = useState<string | null>(null);
  const [anio, setAnio] = useState(() => dayjs().year());
  const seleccionada = variables.data?.find((v) => v.id === seleccion) ?? null;
  const metas = useMetasVariable(seleccionada?.id ?? null, anio);
  const crud = useCrudConfig({
    lista: variables,
    errorLista: 'No se pudo obtener la lista de variables',
    invalidar,
    entrada: toInput,
    crear: createVariable,
    actualizar: (v, input) => updateVariable(v.id, input),
    textos: { ...textosDe('Variable', true).textos, detalle: (input) => input.nombre },
  });
  const { accionEditar, confirmar } = crud;
  // The panel below shows in the grid's own deferred render (ConfigGrid), so both appear in one
  // commit and the panel never shows first to be pushed down by the list.
  const listaCargada = useDeferredValue(!variables.isPending, false);

  const columns = useMemo<ColumnaConfig<VariableConfig>[]>(
    () => [
      { field: 'nombre', headerName: 'Nombre', flex: 1.5, minWidth: 120 },
      { field: 'area', headerName: 'Área', width: 90 },
      { field: 'unidad', headerName: 'Unidad', width: 70 },
      { field: 'nivel', headerName: 'Nivel', width: 85, valueGetter: (v: string) => NIVEL_LABEL[v] ?? v },
      {
        field: 'linea',
        headerName: 'Línea',
        width: 85,
        valueGetter: (_v, row) => row.linea?.nombre ?? '',
      },
      {
        // Mínimo and máximo in one column (the list fits 1366 px with its actions).
        field: 'rango',
        headerName: 'Mín. – Máx.',
        width: 115,
        sortable: false,
        valueGetter: (_v, row) =>
          row.minimo === null && row.maximo === null
            ? ''
            : `${limite(row.minimo, row) || '…'} – ${limite(row.maximo, row) || '…'}`,
      },
      { field: 'decimales', headerName: 'Dec.', description: 'Decimales', type: 'number', width: 50 },
      {
        field: 'agregacion',
        headerName: 'Agregación',
        width: 95,
        valueGetter: (v: string) => AGREGACION_LABEL[v] ?? v,
      },
      {
        field: 'fuente',
        headerName: 'Fuente',
        width: 85,
        valueGetter: (v: string) => FUENTE_LABEL[v] ?? v,
      },
      columnaEstado<VariableConfig>('estado', (v) => v.estado === 1, ['Activa', 'Inactiva'], { width: 90 }),
      columnaAcciones(
        (row) => [
          accionEditar(row, row.nombre),
          <AccionFila
            key="valores"
            icon={<EventNoteIcon />}
            label={`Valores y metas de ${row.nombre}`}
            onClick={() => {
              setSeleccion(row.id);
              document.getElementById('valores-variable')?.scrollIntoView({ behavior: 'smooth' });
            }}
          />,
          <AccionFila
            key="estado"
            icon={row.estado === 1 ? <ToggleOnIcon color="success" /> : <ToggleOffIcon />}
            label={`${row.estado === 1 ? 'Desactivar' : 'Activar'} ${row.nombre}`}
            onClick={() => confirmar(row, cambiarEstado(row))}
          />,
        ],
        { width: 120 },
      ),
    ],
    [accionEditar, confirmar],
  );

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <TablaConfig<VariableConfig>
        titulo="Variables"
        nuevo="Nueva variable"
        onNuevo={crud.nuevo}
        {...crud.grid}
        columns={columns}
        hiddenOnPhone={['area', 'unidad', 'nivel', 'linea', 'rango', 'decimales', 'agregacion', 'fuente']}
        atenuada={(row) => row.estado !== 1}
        initialState={{ sorting: { sortModel: [{ field: 'nombre', sort: 'asc' }] } }}
      />

      {/* Below the list once it is in: shown earlier, it would jump down as the list grows. */}
      {listaCargada && (
        <Paper id="valores-variable" sx={{ p: 2, display: 'grid', gap: 2, minWidth: 0 }}>
          <Typography variant="h6" component="h2">
            Valores diarios y metas
          </Typography>
          <Autocomplete
            options={variables.data ?? []}
            value={seleccionada}
            onChange={(_e, value) => setSeleccion(value?.id ?? null)}
            getOptionLabel={(v) => v.nombre}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => <TextField {...params} label="Variable" />}
            sx={{ maxWidth: 480 }}
          />
          {seleccionada ? (
            <Suspense fallback={<Loading />}>
              <Typography variant="body2" color="text.secondary">
                {seleccionada.unidad} · {AGREGACION_LABEL[seleccionada.agregacion]} · {seleccionada.decimales}{' '}
                decimales{seleccionada.estado === 1 ? '' : ' · inactiva'}
              </Typography>
              <SemanaEditor key={seleccionada.id} variable={seleccionada} metas={metas.data ?? []} />
              <Divider />
              <Typography variant="subtitle1" component="h3">
                Metas de {seleccionada.nombre}
              </Typography>
              <MetasPanel
                key={`metas-${seleccionada.id}`}
                variable={seleccionada}
                anio={anio}
                onAnio={setAnio}
                metas={metas.data}
                loading={metas.isLoading}
                error={metas.isError ? `No se pudieron obtener las metas: ${metas.error.message}` : null}
              />
            </Suspense>
          ) : (
            <Typography variant="body2" color="text.secondary">
              Elija una variable para editar sus valores diarios y sus metas.
            </Typography>
          )}
        </Paper>
      )}

      <VariableDialog {...crud.dialogo} variable={crud.editado} lineas={lineas.data ?? []} />
      {crud.confirmacion}
    </Box>
  );
}
