import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import EventNoteIcon from '@mui/icons-material/EventNote';
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import Autocomplete from '@mui/material/Autocomplete';
import { Box, Button, Chip, Divider, Paper, TextField, Typography } from '@mui/material';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { formatNumber } from '@planta/charts/format';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { ConfigGrid } from '../../../components/config/config-grid.tsx';
import { type ErrorDeCampo, errorDeCampo, useGuardar } from '../../../components/config/guardar.ts';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
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
import { MetasPanel } from './metas-panel.tsx';
import { SemanaEditor } from './semana-editor.tsx';
import { AGREGACION_LABEL, FUENTE_LABEL, NIVEL_LABEL, VariableDialog } from './variable-dialog.tsx';

type Dialogo = { kind: 'cerrado' } | { kind: 'form'; id: string | null } | { kind: 'estado'; id: string };

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

/** /configuracion "Variables | Configuración": the variables, and a variable's daily values and metas. */
export function ConfigVariablesPage() {
  const variables = useVariablesConfiguracion();
  const lineas = useLineasConfigVariables();
  const { guardar, guardando } = useGuardar();
  const [dialogo, setDialogo] = useState<Dialogo>({ kind: 'cerrado' });
  const [errorServidor, setErrorServidor] = useState<ErrorDeCampo | null>(null);
  const [seleccion, setSeleccion] = useState<string | null>(null);
  const [anio, setAnio] = useState(() => dayjs().year());
  const buscar = (id: string | null) => variables.data?.find((v) => v.id === id) ?? null;
  const seleccionada = buscar(seleccion);
  const metas = useMetasVariable(seleccionada?.id ?? null, anio);

  const cerrar = () => {
    setDialogo({ kind: 'cerrado' });
    setErrorServidor(null);
  };

  // The dialog edits the variable as currently loaded: after a conflict the list reloads and so does the form.
  const editada = dialogo.kind === 'form' ? buscar(dialogo.id) : null;
  const enEstado = dialogo.kind === 'estado' ? buscar(dialogo.id) : null;

  const onSubmit = async (values: VariableFormValues) => {
    setErrorServidor(null);
    const input = toInput(values);
    const saved = await guardar(
      () =>
        editada ? updateVariable(editada.id, { ...input, version: editada.version }) : createVariable(input),
      {
        exito: editada ? 'Variable actualizada' : 'Variable creada',
        detalle: input.nombre,
        error: editada ? 'No se pudo actualizar la variable' : 'No se pudo crear la variable',
        invalidar: [variablesConfigKey, ['variables']],
      },
      (error) => setErrorServidor(errorDeCampo(error)),
    );
    if (saved) cerrar();
  };

  const columns = useMemo<GridColDef<VariableConfig>[]>(
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
      {
        field: 'estado',
        headerName: 'Estado',
        width: 90,
        valueGetter: (v: number) => (v === 1 ? 'Activa' : 'Inactiva'),
        renderCell: ({ value }) => (
          <Chip
            size="small"
            label={value}
            color={value === 'Activa' ? 'success' : 'default'}
            variant={value === 'Activa' ? 'outlined' : 'filled'}
          />
        ),
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Acciones',
        width: 120,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="edit"
            icon={<EditIcon />}
            label={`Editar ${row.nombre}`}
            onClick={() => setDialogo({ kind: 'form', id: row.id })}
          />,
          <GridActionsCellItem
            key="valores"
            icon={<EventNoteIcon />}
            label={`Valores y metas de ${row.nombre}`}
            onClick={() => {
              setSeleccion(row.id);
              document.getElementById('valores-variable')?.scrollIntoView({ behavior: 'smooth' });
            }}
          />,
          <GridActionsCellItem
            key="estado"
            icon={row.estado === 1 ? <ToggleOnIcon color="success" /> : <ToggleOffIcon />}
            label={`${row.estado === 1 ? 'Desactivar' : 'Activar'} ${row.nombre}`}
            onClick={() => setDialogo({ kind: 'estado', id: row.id })}
          />,
        ],
      },
    ],
    [],
  );

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
        }}
      >
        <Typography variant="h6" component="h2">
          Variables
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setDialogo({ kind: 'form', id: null })}
        >
          Nueva variable
        </Button>
      </Box>
      <ConfigGrid<VariableConfig>
        label="Variables"
        rows={variables.data}
        columns={columns}
        loading={variables.isLoading}
        error={
          variables.isError ? `No se pudo obtener la lista de variables: ${variables.error.message}` : null
        }
        hiddenOnPhone={['area', 'unidad', 'nivel', 'linea', 'rango', 'decimales', 'agregacion', 'fuente']}
        getRowClassName={({ row }) => (row.estado === 1 ? '' : 'variable-inactiva')}
        initialState={{ sorting: { sortModel: [{ field: 'nombre', sort: 'asc' }] } }}
        sx={{ border: 0, '& .variable-inactiva': { opacity: 0.6 } }}
      />

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
          <>
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
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Elija una variable para editar sus valores diarios y sus metas.
          </Typography>
        )}
      </Paper>

      <VariableDialog
        open={dialogo.kind === 'form'}
        variable={editada}
        lineas={lineas.data ?? []}
        guardando={guardando}
        errorServidor={errorServidor}
        onClose={cerrar}
        onSubmit={onSubmit}
      />
      {enEstado && (
        <ConfirmDialog
          open
          title={enEstado.estado === 1 ? 'Desactivar variable' : 'Activar variable'}
          text={
            enEstado.estado === 1
              ? `¿Desactivar ${enEstado.nombre}? Dejará de aparecer en los tableros y reportes; sus datos se conservan.`
              : `¿Activar ${enEstado.nombre}? Volverá a aparecer en los tableros y reportes.`
          }
          confirmLabel={enEstado.estado === 1 ? 'Desactivar' : 'Activar'}
          onCancel={cerrar}
          onConfirm={async () => {
            await guardar(
              () => cambiarEstadoVariable(enEstado.id, enEstado.estado === 1 ? 0 : 1, enEstado.version),
              {
                exito: enEstado.estado === 1 ? 'Variable desactivada' : 'Variable activada',
                detalle: enEstado.nombre,
                error: 'No se pudo cambiar el estado de la variable',
                invalidar: [variablesConfigKey, ['variables']],
              },
            );
            cerrar();
          }}
        />
      )}
    </Box>
  );
}
