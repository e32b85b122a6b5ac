import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, Chip, MenuItem, Tab, Tabs, TextField } from '@mui/material';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { formatNumber } from '../../../components/charts/format.ts';
import { ConfigGrid } from '../../../components/config/config-grid.tsx';
import { type ErrorDeCampo, errorDeCampo, useGuardar } from '../../../components/config/guardar.ts';
import { usePlantCalendar } from '../../../components/dates/use-plant-calendar.ts';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { Loading } from '../../../components/feedback/loading.tsx';
import { ApiError } from '../../../lib/graphql-client.ts';
import type { ClasificacionCamposFragment } from '../api/config-zero-waste.generated.ts';
import {
  createClasificacion,
  deleteClasificacion,
  guardarProyeccion,
  invalidarZeroWaste,
  updateClasificacion,
  useClasificaciones,
  useProyeccion,
} from '../api/config-zero-waste.ts';
import { ClasificacionDialog, type ClasificacionFormValues } from './clasificacion-dialog.tsx';
import { KgMes } from './kg-mes.tsx';
import { ProyeccionDialog, type ProyeccionValores } from './proyeccion-dialog.tsx';

type Seccion = 'clasificaciones' | 'kg' | 'proyeccion';

type Dialogo =
  | { kind: 'cerrado' }
  | { kind: 'clasificacion'; clasificacion: ClasificacionCamposFragment | null }
  | { kind: 'borrar'; clasificacion: ClasificacionCamposFragment }
  | { kind: 'proyeccion'; fila: FilaProyeccion };

interface FilaProyeccion extends Partial<ProyeccionValores> {
  id: string;
  descripcion: string;
  aprovechable: boolean;
  version: number | null;
}

const registroCambiado = (error: unknown) =>
  error instanceof ApiError && (error.field === 'version' || error.code === 'NOT_FOUND');

/** /configuracion/zero-waste: classifications, each month's kg and the yearly projections (issue 16). */
export function ConfigZeroWastePage() {
  const calendario = usePlantCalendar();
  if (!calendario.today) return <Loading />;
  return <Contenido hoy={calendario.today} />;
}

function Contenido({ hoy }: { hoy: string }) {
  const [seccion, setSeccion] = useState<Seccion>('clasificaciones');
  const clasificaciones = useClasificaciones();
  const { guardar, guardando } = useGuardar();
  const [dialogo, setDialogo] = useState<Dialogo>({ kind: 'cerrado' });
  const [errorServidor, setErrorServidor] = useState<ErrorDeCampo | null>(null);
  const cerrar = () => {
    setDialogo({ kind: 'cerrado' });
    setErrorServidor(null);
  };
  const [anio, setAnio] = useState(Number(hoy.slice(0, 4)));
  const proyeccion = useProyeccion(anio);
  const anios = Array.from({ length: 7 }, (_, i) => Number(hoy.slice(0, 4)) + 1 - i);

  const guardarClasificacion = async (values: ClasificacionFormValues) => {
    if (dialogo.kind !== 'clasificacion') return;
    setErrorServidor(null);
    const editando = dialogo.clasificacion;
    const input = { descripcion: values.descripcion.trim(), aprovechable: values.aprovechable };
    const result = await guardar(
      () =>
        editando
          ? updateClasificacion(editando.id, { ...input, version: editando.version })
          : createClasificacion(input),
      {
        exito: editando ? 'Clasificación actualizada' : 'Clasificación creada',
        detalle: input.descripcion,
        error: 'No se pudo guardar la clasificación',
        invalidar: invalidarZeroWaste,
      },
      (error) => (registroCambiado(error) ? cerrar() : setErrorServidor(errorDeCampo(error))),
    );
    if (result) cerrar();
  };

  const borrar = async (c: ClasificacionCamposFragment) => {
    await guardar(() => deleteClasificacion(c.id, c.version), {
      exito: 'Clasificación eliminada',
      detalle: c.descripcion,
      error: 'No se pudo eliminar la clasificación',
      invalidar: invalidarZeroWaste,
    });
    cerrar();
  };

  const guardarFilaProyeccion = async (fila: FilaProyeccion, values: ProyeccionValores) => {
    const result = await guardar(
      () =>
        guardarProyeccion({
          anio,
          clasificacion_id: fila.id,
          ...values,
          ...(fila.version === null ? {} : { version: fila.version }),
        }),
      {
        exito: 'Proyección guardada',
        detalle: `${fila.descripcion} · ${anio}`,
        error: 'No se pudo guardar la proyección',
        invalidar: invalidarZeroWaste,
      },
      () => cerrar(),
    );
    if (result) cerrar();
  };

  const columnas = useMemo<GridColDef<ClasificacionCamposFragment>[]>(
    () => [
      { field: 'descripcion', headerName: 'Descripción', flex: 1, minWidth: 120 },
      {
        field: 'aprovechable',
        headerName: 'Aprovechable',
        minWidth: 96,
        width: 120,
        valueGetter: (value: boolean) => (value ? 'Sí' : 'No'),
        renderCell: ({ value }) => (
          <Chip
            size="small"
            variant="outlined"
            color={value === 'Sí' ? 'success' : 'default'}
            label={value}
          />
        ),
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
            label={`Editar ${row.descripcion}`}
            onClick={() => setDialogo({ kind: 'clasificacion', clasificacion: row })}
          />,
          <GridActionsCellItem
            key="eliminar"
            icon={<DeleteIcon />}
            label={`Eliminar ${row.descripcion}`}
            onClick={() => setDialogo({ kind: 'borrar', clasificacion: row })}
          />,
        ],
      },
    ],
    [],
  );

  const filasProyeccion = useMemo<FilaProyeccion[]>(() => {
    const porId = new Map((proyeccion.data ?? []).map((p) => [p.clasificacion.id, p]));
    return (clasificaciones.data ?? []).map((c) => {
      const p = porId.get(c.id);
      return {
        id: c.id,
        descripcion: c.descripcion,
        aprovechable: c.aprovechable,
        version: p?.version ?? null,
        aprovechables: p?.aprovechables,
        no_aprovechables: p?.no_aprovechables,
        zero_waste: p?.zero_waste,
      };
    });
  }, [clasificaciones.data, proyeccion.data]);

  const columnasProyeccion = useMemo<GridColDef<FilaProyeccion>[]>(
    () => [
      { field: 'descripcion', headerName: 'Clasificación', flex: 1, minWidth: 130 },
      {
        field: 'aprovechables',
        headerName: 'Aprovechables (kg)',
        type: 'number',
        flex: 1,
        minWidth: 110,
        valueFormatter: (value?: number) => (value === undefined ? '—' : formatNumber(value, 0)),
      },
      {
        field: 'no_aprovechables',
        headerName: 'No aprovechables (kg)',
        type: 'number',
        flex: 1,
        minWidth: 110,
        valueFormatter: (value?: number) => (value === undefined ? '—' : formatNumber(value, 0)),
      },
      {
        field: 'zero_waste',
        headerName: 'Zero waste (%)',
        type: 'number',
        minWidth: 100,
        valueFormatter: (value?: number) => (value === undefined ? '—' : formatNumber(value, 2)),
      },
      {
        field: 'acciones',
        type: 'actions',
        headerName: 'Editar',
        width: 70,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="editar"
            icon={<EditIcon />}
            label={`Editar proyección de ${row.descripcion}`}
            onClick={() => setDialogo({ kind: 'proyeccion', fila: row })}
          />,
        ],
      },
    ],
    [],
  );

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Tabs
        value={seccion}
        onChange={(_e, v: Seccion) => setSeccion(v)}
        variant="scrollable"
        scrollButtons="auto"
        aria-label="Secciones"
      >
        <Tab value="clasificaciones" label="Clasificaciones" />
        <Tab value="kg" label="Kg del mes" />
        <Tab value="proyeccion" label="Proyección" />
      </Tabs>
      {clasificaciones.isError && (
        <Alert severity="error">
          No se pudieron obtener las clasificaciones: {clasificaciones.error.message}
        </Alert>
      )}

      {seccion === 'clasificaciones' && (
        <>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setDialogo({ kind: 'clasificacion', clasificacion: null })}
            >
              Nueva clasificación
            </Button>
          </Box>
          <ConfigGrid<ClasificacionCamposFragment>
            label="Clasificaciones"
            rows={clasificaciones.data}
            columns={columnas}
            loading={clasificaciones.isFetching}
          />
        </>
      )}

      {seccion === 'kg' &&
        (clasificaciones.data ? <KgMes clasificaciones={clasificaciones.data} hoy={hoy} /> : <Loading />)}

      {seccion === 'proyeccion' && (
        <>
          <TextField
            select
            size="small"
            label="Año"
            value={anio}
            onChange={(e) => setAnio(Number(e.target.value))}
            sx={{ width: 120 }}
            slotProps={{ select: { SelectDisplayProps: { 'aria-label': 'Año' } as object } }}
          >
            {anios.map((a) => (
              <MenuItem key={a} value={a}>
                {a}
              </MenuItem>
            ))}
          </TextField>
          <ConfigGrid<FilaProyeccion>
            label={`Proyección ${anio}`}
            rows={filasProyeccion}
            columns={columnasProyeccion}
            loading={proyeccion.isFetching || clasificaciones.isFetching}
            error={proyeccion.isError ? proyeccion.error.message : null}
            hiddenOnPhone={['no_aprovechables']}
          />
        </>
      )}

      <ClasificacionDialog
        open={dialogo.kind === 'clasificacion'}
        clasificacion={dialogo.kind === 'clasificacion' ? dialogo.clasificacion : null}
        errorServidor={errorServidor}
        guardando={guardando}
        onClose={cerrar}
        onSubmit={guardarClasificacion}
      />
      {dialogo.kind === 'proyeccion' && (
        <ProyeccionDialog
          key={`${dialogo.fila.id}-${anio}`}
          descripcion={dialogo.fila.descripcion}
          anio={anio}
          actual={
            dialogo.fila.version === null
              ? null
              : {
                  aprovechables: dialogo.fila.aprovechables ?? 0,
                  no_aprovechables: dialogo.fila.no_aprovechables ?? 0,
                  zero_waste: dialogo.fila.zero_waste ?? 0,
                }
          }
          guardando={guardando}
          onClose={cerrar}
          onSubmit={(values) => guardarFilaProyeccion(dialogo.fila, values)}
        />
      )}
      <ConfirmDialog
        open={dialogo.kind === 'borrar'}
        title="Eliminar clasificación"
        text={
          dialogo.kind === 'borrar'
            ? `¿Eliminar la clasificación «${dialogo.clasificacion.descripcion}»? Solo se puede eliminar si ningún mes ni proyección la usa.`
            : ''
        }
        confirmLabel="Eliminar"
        onCancel={cerrar}
        onConfirm={() => (dialogo.kind === 'borrar' ? borrar(dialogo.clasificacion) : Promise.resolve())}
      />
    </Box>
  );
}
