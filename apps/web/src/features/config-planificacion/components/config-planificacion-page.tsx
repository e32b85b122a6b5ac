import AddIcon from '@mui/icons-material/Add';
import ContentPasteIcon from '@mui/icons-material/ContentPaste';
import { Box, Button } from '@mui/material';
import type { ColumnaConfig } from '../../../components/config/columnas.tsx';
import { formatNumber } from '@planta/charts/format';
import { MESES } from '@planta/domain';
import { useMemo, useState } from 'react';
import { ConfigGrid } from '../../../components/config/config-grid.tsx';
import { Selector } from '../../../components/config/selector.tsx';
import { columnaAcciones, useCrudConfig } from '../../../components/config/use-crud-config.tsx';
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
import { aEntrada } from '../utils/plan-form.ts';
import { PlanAnualDialog } from './plan-anual-dialog.tsx';
import { PlanDialog } from './plan-dialog.tsx';

/** SPEC §8. */
export const ERROR_LISTA = 'No se pudo obtener la lista de planificaciones';

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
  const [anual, setAnual] = useState(false);
  const [anio, setAnio] = useState('');
  const [variableId, setVariableId] = useState('');
  const esteAnio = new Date().getFullYear();
  const nombreVariable = (id: string) => variables.data?.find((v) => v.id === id)?.nombre ?? '';
  const crud = useCrudConfig({
    lista: planes,
    invalidar: invalidarPlanes,
    entrada: aEntrada,
    crear: createPlanificacion,
    actualizar: (plan, entrada) => updatePlanificacion(plan.id, entrada),
    textos: {
      creado: 'Planificación creada',
      actualizado: 'Planificación actualizada',
      error: 'No se pudo guardar la planificación',
      detalle: (entrada) => `${nombreVariable(entrada.variable_id)} · ${mesAnio(entrada.fecha)}`,
    },
    eliminar: {
      titulo: 'Eliminar planificación',
      texto: (plan) => `¿Eliminar la planificación de ${plan.variable.nombre} de ${mesAnio(plan.fecha)}?`,
      accion: (plan) => deletePlanificacion(plan.id, plan.version),
      exito: 'Planificación eliminada',
      error: 'No se pudo eliminar la planificación',
      detalle: (plan) => `${plan.variable.nombre} · ${mesAnio(plan.fecha)}`,
    },
  });
  const { acciones } = crud;

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
  const columnas = useMemo<ColumnaConfig<Plan>[]>(
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
      columnaAcciones((row) => acciones(row, `${row.variable.nombre} ${mesAnio(row.fecha)}`)),
    ],
    [acciones],
  );

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Selector
          label="Año"
          value={anio}
          opciones={[['', 'Todos'], ...anios.map((a) => [String(a), a] as const)]}
          onChange={setAnio}
          vacioVisible
          sx={{ minWidth: 110 }}
        />
        <Selector
          label="Variable"
          value={variableId}
          opciones={[['', 'Todas'], ...variablesConPlan.map((v) => [v.id, v.nombre] as const)]}
          onChange={setVariableId}
          vacioVisible
          sx={{ minWidth: 200, flex: { xs: '1 1 160px', sm: '0 1 280px' } }}
        />
        <Box sx={{ flex: 1 }} />
        <Button variant="outlined" startIcon={<ContentPasteIcon />} onClick={() => setAnual(true)}>
          Pegar AOP del año
        </Button>
        <Button variant="contained" startIcon={<AddIcon />} onClick={crud.nuevo}>
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
        {...crud.dialogo}
        plan={crud.editado}
        variables={variables.data ?? []}
        anio={anio ? Number(anio) : esteAnio}
      />
      {anual && (
        <PlanAnualDialog
          open
          variables={variables.data ?? []}
          planes={planes.data ?? []}
          variableId={variableId}
          anio={anio ? Number(anio) : esteAnio}
          guardando={crud.guardando}
          onClose={() => setAnual(false)}
          onSubmit={async (input) => {
            const r = await crud.guardar(() => guardarPlanAnual(input), {
              exito: 'Planificación del año guardada',
              detalle: `${nombreVariable(input.variable_id)} · ${input.anio}: ${input.meses.length} meses`,
              error: 'No se pudo guardar la planificación del año',
              invalidar: invalidarPlanes,
            });
            return r !== undefined;
          }}
        />
      )}
      {crud.confirmacion}
    </Box>
  );
}
