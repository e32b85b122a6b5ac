import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, Tab, Tabs } from '@mui/material';
import { AccionFila, type ColumnaConfig } from '../../../components/config/columnas.tsx';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { formatNumber } from '@planta/charts/format';
import { columnaChip } from '../../../components/config/celdas.tsx';
import { ConfigGrid } from '../../../components/config/config-grid.tsx';
import { useGuardar } from '../../../components/config/guardar.ts';
import { SelectorAnio } from '../../../components/config/selector.tsx';
import { columnaAcciones, useCrudConfig } from '../../../components/config/use-crud-config.tsx';
import { usePlantCalendar } from '../../../components/dates/use-plant-calendar.ts';
import { Loading } from '../../../components/feedback/loading.tsx';
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

interface FilaProyeccion extends Partial<ProyeccionValores> {
  id: string;
  descripcion: string;
  aprovechable: boolean;
  version: number | null;
}

/** /configuracion/zero-waste: classifications, each month's kg and the yearly projections (issue 16). */
export function ConfigZeroWastePage() {
  const calendario = usePlantCalendar();
  if (!calendario.today) return <Loading />;
  return <Contenido hoy={calendario.today} />;
}

function Contenido({ hoy }: { hoy: string }) {
  const [seccion, setSeccion] = useState<Seccion>('clasificaciones');
  const clasificaciones = useClasificaciones();
  // The projection's year, kept while another tab is shown.
  const anio = useState(Number(hoy.slice(0, 4)));

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
      {seccion === 'clasificaciones' && <Clasificaciones clasificaciones={clasificaciones} />}
      {seccion === 'kg' &&
        (clasificaciones.data ? <KgMes clasificaciones={clasificaciones.data} hoy={hoy} /> : <Loading />)}
      {seccion === 'proyeccion' && <Proyeccion clasificaciones={clasificaciones} hoy={hoy} anio={anio} />}
    </Box>
  );
}

type ListaClasificaciones = UseQueryResult<ClasificacionCamposFragment[]>;

/** The classifications: list, create, edit, delete. */
function Clasificaciones({ clasificaciones }: { clasificaciones: ListaClasificaciones }) {
  const crud = useCrudConfig({
    lista: clasificaciones,
    invalidar: invalidarZeroWaste,
    entrada: (values: ClasificacionFormValues) => ({
      descripcion: values.descripcion.trim(),
      aprovechable: values.aprovechable,
    }),
    crear: createClasificacion,
    actualizar: (c, input) => updateClasificacion(c.id, input),
    textos: {
      creado: 'Clasificación creada',
      actualizado: 'Clasificación actualizada',
      error: 'No se pudo guardar la clasificación',
      detalle: (input) => input.descripcion,
    },
    cerrarSiCambio: true,
    eliminar: {
      titulo: 'Eliminar clasificación',
      texto: (c) =>
        `¿Eliminar la clasificación «${c.descripcion}»? Solo se puede eliminar si ningún mes ni proyección la usa.`,
      accion: (c) => deleteClasificacion(c.id, c.version),
      exito: 'Clasificación eliminada',
      error: 'No se pudo eliminar la clasificación',
      detalle: (c) => c.descripcion,
    },
  });
  const { acciones } = crud;

  const columnas = useMemo<ColumnaConfig<ClasificacionCamposFragment>[]>(
    () => [
      { field: 'descripcion', headerName: 'Descripción', flex: 1, minWidth: 120 },
      columnaChip<ClasificacionCamposFragment>(
        'aprovechable',
        'Aprovechable',
        (c) => (c.aprovechable ? 'Sí' : 'No'),
        (c) => ({ color: c.aprovechable ? 'success' : 'default' }),
        { minWidth: 96, width: 120 },
      ),
      columnaAcciones((row) => acciones(row, row.descripcion)),
    ],
    [acciones],
  );

  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={crud.nuevo}>
          Nueva clasificación
        </Button>
      </Box>
      <ConfigGrid<ClasificacionCamposFragment>
        label="Clasificaciones"
        rows={clasificaciones.data}
        columns={columnas}
        loading={clasificaciones.isFetching}
      />
      <ClasificacionDialog {...crud.dialogo} clasificacion={crud.editado} />
      {crud.confirmacion}
    </>
  );
}

/** Each classification's projection of a year (kg and zero waste %), edited one by one. */
function Proyeccion({
  clasificaciones,
  hoy,
  anio: [anio, setAnio],
}: {
  clasificaciones: ListaClasificaciones;
  hoy: string;
  anio: [number, (anio: number) => void];
}) {
  const { guardar, guardando } = useGuardar();
  const [editada, setEditada] = useState<FilaProyeccion | null>(null);
  const proyeccion = useProyeccion(anio);
  const anios = Array.from({ length: 7 }, (_, i) => Number(hoy.slice(0, 4)) + 1 - i);
  const cerrar = () => setEditada(null);

  const guardarFila = async (fila: FilaProyeccion, values: ProyeccionValores) => {
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
      cerrar,
    );
    if (result) cerrar();
  };

  const filas = useMemo<FilaProyeccion[]>(() => {
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

  const columnas = useMemo<ColumnaConfig<FilaProyeccion>[]>(() => {
    const kg = (
      field: 'aprovechables' | 'no_aprovechables',
      headerName: string,
    ): ColumnaConfig<FilaProyeccion> => ({
      field,
      headerName,
      type: 'number',
      flex: 1,
      minWidth: 110,
      valueFormatter: (value?: number) => (value === undefined ? '—' : formatNumber(value, 0)),
    });
    return [
      { field: 'descripcion', headerName: 'Clasificación', flex: 1, minWidth: 130 },
      kg('aprovechables', 'Aprovechables (kg)'),
      kg('no_aprovechables', 'No aprovechables (kg)'),
      {
        field: 'zero_waste',
        headerName: 'Zero waste (%)',
        type: 'number',
        minWidth: 100,
        valueFormatter: (value?: number) => (value === undefined ? '—' : formatNumber(value, 2)),
      },
      columnaAcciones(
        (row) => [
          <AccionFila
            key="editar"
            icon={<EditIcon />}
            label={`Editar proyección de ${row.descripcion}`}
            onClick={() => setEditada(row)}
          />,
        ],
        { headerName: 'Editar', width: 70 },
      ),
    ];
  }, []);

  return (
    <>
      <SelectorAnio value={anio} anios={anios} onChange={setAnio} nombrado />
      <ConfigGrid<FilaProyeccion>
        label={`Proyección ${anio}`}
        rows={filas}
        columns={columnas}
        loading={proyeccion.isFetching || clasificaciones.isFetching}
        error={proyeccion.isError ? proyeccion.error.message : null}
        hiddenOnPhone={['no_aprovechables']}
      />
      {editada && (
        <ProyeccionDialog
          key={`${editada.id}-${anio}`}
          descripcion={editada.descripcion}
          anio={anio}
          actual={
            editada.version === null
              ? null
              : {
                  aprovechables: editada.aprovechables ?? 0,
                  no_aprovechables: editada.no_aprovechables ?? 0,
                  zero_waste: editada.zero_waste ?? 0,
                }
          }
          guardando={guardando}
          onClose={cerrar}
          onSubmit={(values) => guardarFila(editada, values)}
        />
      )}
    </>
  );
}
