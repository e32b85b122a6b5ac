import AddIcon from '@mui/icons-material/Add';
import ContentPasteIcon from '@mui/icons-material/ContentPaste';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { formatNumber } from '@planta/charts/format';
import { MESES } from '@planta/domain';
import { useMemo, useState } from 'react';
import { ConfigGrid } from '../../../components/config/config-grid.tsx';
import { type ErrorDeCampo, errorDeCampo, useGuardar } from '../../../components/config/guardar.ts';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import {
  createPlanificacion,
  deletePlanificacion,
  guardarPlanAnual,
  invalidarPlanes,
  type Plan,
  updatePlanificacion,
  usePlanificaciones,
  useVariablesPlan,
} from '../api/config-planificacion.ts';
import { aEntrada, type PlanFormValues } from '../utils/plan-form.ts';
import { PlanAnualDialog } from './plan-anual-dialog.tsx';
import { PlanDialog } from './plan-dialog.tsx';

/** SPEC §8. */
export const ERROR_LISTA = 'No se pudo obtener la lista de planificaciones';

type Dialogo =
  | { tipo: 'cerrado' }
  | { tipo: 'form'; id: string | null }
  | { tipo: 'anual' }
  | { tipo: 'eliminar'; plan: Plan };

/** 'Marzo 2025' of a plan's first-of-month fecha. */
export const mesAnio = (fecha: string) => `${MESES[Number(fecha.slice(5, 7)) - 1]} ${fecha.slice(0, 4)}`;

/**
 * /configuracion/planificacion: the monthly plans (negociado and AOP per variable), latest month
 * first, filtered by year and variable; created, edited and deleted one by one, or a year's AOP
 * pasted from a spreadsheet at once.
 */
export function ConfigPlanificacionPage() {
  const planes = usePlanificaciones();
  const variables = useVariablesPlan();
  const { guardar, guardando } = useGuardar();
  const [dialogo, setDialogo] = useState<Dialogo>({ tipo: 'cerrado' });
  const [errorServidor, setErrorServidor] = useState<ErrorDeCampo | null>(null);
  const [anio, setAnio] = useState('');
  const [variableId, setVariableId] = useState('');
  const esteAnio = new Date().getFullYear();

  const cerrar = () => {
    setDialogo({ tipo: 'cerrado' });
    setErrorServidor(null);
  };

  const anios = useMemo(
    () =>
      [...new Set([esteAnio, ...(planes.data ?? []).map((p) => Number(p.fecha.slice(0, 4)))])].sort(
        (a, b) => b - a,
      ),
    [planes.data, esteAnio],
  );
  const variablesConPlan = useMemo(() => {
    const porId = new Map((planes.data ?? []).map((p) => [p.variable.id, p.variable.nombre]));
    return [...porId]
      .map(([id, nombre]) => ({ id, nombre }))
      .sort((a, b) => a.nombre.localeCompare(b.nombre, 'es'));
  }, [planes.data]);
  const filas = useMemo(
    () =>
      (planes.data ?? []).filter(
        (p) => (!anio || p.fecha.startsWith(`${anio}-`)) && (!variableId || p.variable.id === variableId),
      ),
    [planes.data, anio, variableId],
  );
  // The record being edited, as the list has it now (reloaded after a conflict).
  const editado =
    dialogo.tipo === 'form' && dialogo.id ? (planes.data?.find((p) => p.id === dialogo.id) ?? null) : null;

  const guardarPlan = async (values: PlanFormValues) => {
    setErrorServidor(null);
    const entrada = aEntrada(values);
    const variable = variables.data?.find((v) => v.id === values.variable_id)?.nombre ?? '';
    const resultado = await guardar(
      () =>
        editado
          ? updatePlanificacion(editado.id, { ...entrada, version: editado.version })
          : createPlanificacion(entrada),
      {
        exito: editado ? 'Planificación actualizada' : 'Planificación creada',
        detalle: `${variable} · ${mesAnio(entrada.fecha)}`,
        error: 'No se pudo guardar la planificación',
        invalidar: invalidarPlanes,
      },
      (error) => setErrorServidor(errorDeCampo(error)),
    );
    if (resultado) cerrar();
  };

  const eliminar = async (plan: Plan) => {
    await guardar(() => deletePlanificacion(plan.id, plan.version), {
      exito: 'Planificación eliminada',
      detalle: `${plan.variable.nombre} · ${mesAnio(plan.fecha)}`,
      error: 'No se pudo eliminar la planificación',
      invalidar: invalidarPlanes,
    });
    cerrar();
  };

  const columnas = useMemo<GridColDef<Plan>[]>(
    () => [
      {
        field: 'fecha',
        headerName: 'Mes',
        minWidth: 130,
        flex: 0.8,
        valueFormatter: (value: string) => mesAnio(value),
      },
      {
        field: 'variable',
        headerName: 'Variable',
        minWidth: 160,
        flex: 1.4,
        valueGetter: (_value, row) => row.variable.nombre,
      },
      {
        field: 'negociado',
        headerName: 'Negociado',
        type: 'number',
        minWidth: 110,
        flex: 0.8,
        valueFormatter: (value: number) => formatNumber(value, Number.isInteger(value) ? 0 : 2),
      },
      {
        field: 'aop',
        headerName: 'AOP',
        type: 'number',
        minWidth: 100,
        flex: 0.8,
        valueFormatter: (value: number) => formatNumber(value, Number.isInteger(value) ? 0 : 2),
      },
      {
        field: 'acciones',
        type: 'actions',
        headerName: 'Acciones',
        width: 96,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="editar"
            icon={<EditIcon />}
            label={`Editar ${row.variable.nombre} ${mesAnio(row.fecha)}`}
            onClick={() => {
              setErrorServidor(null);
              setDialogo({ tipo: 'form', id: row.id });
            }}
          />,
          <GridActionsCellItem
            key="eliminar"
            icon={<DeleteIcon />}
            label={`Eliminar ${row.variable.nombre} ${mesAnio(row.fecha)}`}
            onClick={() => setDialogo({ tipo: 'eliminar', plan: row })}
          />,
        ],
      },
    ],
    [],
  );

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Año"
          value={anio}
          onChange={(e) => setAnio(e.target.value)}
          sx={{ minWidth: 110 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">Todos</MenuItem>
          {anios.map((a) => (
            <MenuItem key={a} value={String(a)}>
              {a}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Variable"
          value={variableId}
          onChange={(e) => setVariableId(e.target.value)}
          sx={{ minWidth: 200, flex: { xs: '1 1 160px', sm: '0 1 280px' } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">Todas</MenuItem>
          {variablesConPlan.map((v) => (
            <MenuItem key={v.id} value={v.id}>
              {v.nombre}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        <Button
          variant="outlined"
          startIcon={<ContentPasteIcon />}
          onClick={() => setDialogo({ tipo: 'anual' })}
        >
          Pegar AOP del año
        </Button>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => {
            setErrorServidor(null);
            setDialogo({ tipo: 'form', id: null });
          }}
        >
          Nueva planificación
        </Button>
      </Box>
      <ConfigGrid
        label="Planificaciones"
        rows={filas}
        columns={columnas}
        loading={planes.isLoading}
        error={planes.isError ? ERROR_LISTA : null}
        hiddenOnPhone={['negociado', 'variable']}
        initialState={{ sorting: { sortModel: [{ field: 'fecha', sort: 'desc' }] } }}
      />
      <PlanDialog
        open={dialogo.tipo === 'form'}
        plan={editado}
        variables={variables.data ?? []}
        anio={anio ? Number(anio) : esteAnio}
        errorServidor={errorServidor}
        guardando={guardando}
        onClose={cerrar}
        onSubmit={guardarPlan}
      />
      {dialogo.tipo === 'anual' && (
        <PlanAnualDialog
          open
          variables={variables.data ?? []}
          planes={planes.data ?? []}
          variableId={variableId}
          anio={anio ? Number(anio) : esteAnio}
          guardando={guardando}
          onClose={cerrar}
          onSubmit={async (input) => {
            const variable = variables.data?.find((v) => v.id === input.variable_id)?.nombre ?? '';
            const r = await guardar(() => guardarPlanAnual(input), {
              exito: 'Planificación del año guardada',
              detalle: `${variable} · ${input.anio}: ${input.meses.length} meses`,
              error: 'No se pudo guardar la planificación del año',
              invalidar: invalidarPlanes,
            });
            return r !== undefined;
          }}
        />
      )}
      {dialogo.tipo === 'eliminar' && (
        <ConfirmDialog
          open
          title="Eliminar planificación"
          text={`¿Eliminar la planificación de ${dialogo.plan.variable.nombre} de ${mesAnio(dialogo.plan.fecha)}?`}
          confirmLabel="Eliminar"
          onCancel={cerrar}
          onConfirm={() => eliminar(dialogo.plan)}
        />
      )}
    </Box>
  );
}
