import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Tab, Tabs } from '@mui/material';
import type { ColumnaConfig } from '../../../components/config/columnas.tsx';
import type { PaginaConfig } from '../../../components/config/config-grid.tsx';
import { addDays } from '@planta/domain';
import { lazy, Suspense, useMemo, useState } from 'react';
import { ConfigGrid } from '../../../components/config/config-grid.tsx';
import { Selector, SelectorAnio } from '../../../components/config/selector.tsx';
import { columnaAcciones, useCrudConfig } from '../../../components/config/use-crud-config.tsx';
import { formatFecha, formatNumber } from '@planta/charts/format';
import { RangoFechas } from '../../../components/dates/rango-fechas.tsx';
import { usePlantCalendar } from '../../../components/dates/use-plant-calendar.ts';
import { Loading } from '../../../components/feedback/loading.tsx';
import type { MttrMttfManualCamposFragment, ParoCamposFragment } from '../api/paros.generated.ts';
import {
  createManual,
  createParo,
  deleteManual,
  deleteParo,
  invalidarParos,
  updateManual,
  updateParo,
  useLineasProduccion,
  useManuales,
  useParos,
} from '../api/paros.ts';
import { aNumero, desdePlanta, formatInstante, tipoLabel } from '../utils/paro-form.ts';
import type { ManualFormValues, ParoFormValues } from '../utils/paro-schema.ts';
import type { ManualDialogProps } from './manual-dialog.tsx';
import type { ParoDialogProps } from './paro-dialog.tsx';
import { lazyDialog } from '../../../components/feedback/lazy-dialog.tsx';

// The dialogs (and the date-time pickers they bring) load when first opened.
const ParoDialog = lazyDialog<ParoDialogProps>(
  () => import('./paro-dialog.tsx').then((m) => m.ParoDialog),
  (p) => p.open,
);
// The reasons' tab (and its forms) loads when opened.
const MotivosParoTab = lazy(() =>
  import('./motivos-paro-tab.tsx').then((m) => ({ default: m.MotivosParoTab })),
);
const ManualDialog = lazyDialog<ManualDialogProps>(
  () => import('./manual-dialog.tsx').then((m) => m.ManualDialog),
  (p) => p.open,
);

type Linea = { id: string; nombre: string };
type Seccion = 'paros' | 'manual' | 'motivos';
type Estado<T> = [T, (cambio: (previo: T) => T) => void];

/** The paros' filter: days, line and page (kept while the other tab is shown). */
interface FiltroParos {
  desde: string;
  hasta: string;
  lineaId: string;
  pagina: PaginaConfig;
}

const nombreDe = (lineas: readonly Linea[], id: string) => lineas.find((l) => l.id === id)?.nombre ?? '';

/**
 * /configuracion/mttr-mttf: downtime events (paros), MTTR/MTTF entered by hand (issue 16) and the
 * tree of stop reasons with each line's micro-stop threshold.
 */
export function ConfigMttrMttfPage() {
  const calendario = usePlantCalendar();
  if (!calendario.timeZone || !calendario.today) return <Loading />;
  return <Contenido timeZone={calendario.timeZone} hoy={calendario.today} />;
}

function Contenido({ timeZone, hoy }: { timeZone: string; hoy: string }) {
  const [tab, setTab] = useState<Seccion>('paros');
  const lineas = useLineasProduccion();
  const lineasLista = lineas.data ?? [];
  const filtro = useState<FiltroParos>(() => ({
    desde: addDays(hoy, -6),
    hasta: hoy,
    lineaId: '',
    pagina: { page: 0, pageSize: 25 },
  }));
  const anio = useState(Number(hoy.slice(0, 4)));

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Tabs value={tab} onChange={(_e, v: Seccion) => setTab(v)} variant="fullWidth" aria-label="Secciones">
        <Tab value="paros" label="Paros" />
        <Tab value="manual" label="MTTR/MTTF manual" />
        <Tab value="motivos" label="Motivos de paro" />
      </Tabs>
      {lineas.isError && (
        <Alert severity="error">No se pudo obtener la lista de líneas: {lineas.error.message}</Alert>
      )}
      {tab === 'paros' && <Paros timeZone={timeZone} hoy={hoy} lineas={lineasLista} filtro={filtro} />}
      {tab === 'manual' && <Manuales hoy={hoy} lineas={lineasLista} anio={anio} />}
      {tab === 'motivos' && (
        <Suspense fallback={<Loading />}>
          <MotivosParoTab lineas={lineasLista} />
        </Suspense>
      )}
    </Box>
  );
}

/** The paros of a range of days (and a line), paged by the server: create, edit, delete. */
function Paros({
  timeZone,
  hoy,
  lineas,
  filtro: [{ desde, hasta, lineaId, pagina }, setFiltro],
}: {
  timeZone: string;
  hoy: string;
  lineas: readonly Linea[];
  filtro: Estado<FiltroParos>;
}) {
  const paros = useParos({
    desde,
    hasta,
    lineaId: lineaId || null,
    pagina: pagina.page,
    porPagina: pagina.pageSize,
  });
  const crud = useCrudConfig({
    lista: { ...paros, data: paros.data?.items },
    invalidar: invalidarParos,
    entrada: (values: ParoFormValues) => ({
      linea_id: values.linea_id,
      tipo: values.tipo as ParoCamposFragment['tipo'],
      inicio: desdePlanta(values.inicio!, timeZone),
      fin: desdePlanta(values.fin!, timeZone),
      equipo: values.equipo.trim(),
      causa: values.causa.trim(),
    }),
    crear: createParo,
    actualizar: (paro, input) => updateParo(paro.id, input),
    textos: {
      creado: 'Paro registrado',
      actualizado: 'Paro actualizado',
      error: 'No se pudo guardar el paro',
      detalle: (input) => `${nombreDe(lineas, input.linea_id)} · ${tipoLabel(input.tipo)}`,
    },
    cerrarSiCambio: true,
    eliminar: {
      titulo: 'Eliminar paro',
      texto: (p) =>
        `¿Eliminar el paro de ${p.linea_nombre} del ${formatInstante(p.inicio, timeZone)} (${tipoLabel(p.tipo)}, ${formatNumber(p.minutos, 1)} min)? El MTTR/MTTF de ese día se recalcula.`,
      accion: (p) => deleteParo(p.id, p.version),
      exito: 'Paro eliminado',
      error: 'No se pudo eliminar el paro',
      detalle: (p) => `${p.linea_nombre} · ${formatInstante(p.inicio, timeZone)}`,
    },
  });
  const { acciones } = crud;
  // Another line or day range: back to the first page.
  const filtrar = (cambio: Partial<FiltroParos>) =>
    setFiltro((f) => ({ ...f, ...cambio, pagina: { ...f.pagina, page: 0 } }));

  const columnas = useMemo<ColumnaConfig<ParoCamposFragment>[]>(() => {
    const instante = (field: 'inicio' | 'fin', headerName: string): ColumnaConfig<ParoCamposFragment> => ({
      field,
      headerName,
      minWidth: 140,
      flex: 1,
      valueFormatter: (value: string | null) =>
        value === null ? 'En curso' : formatInstante(value, timeZone),
    });
    return [
      { field: 'linea_nombre', headerName: 'Línea', minWidth: 90, flex: 0.6 },
      instante('inicio', 'Inicio'),
      instante('fin', 'Fin'),
      {
        field: 'minutos',
        headerName: 'Min',
        type: 'number',
        minWidth: 70,
        valueFormatter: (value: number) => formatNumber(value, 1),
      },
      {
        field: 'tipo',
        headerName: 'Tipo',
        minWidth: 110,
        valueFormatter: (value: string) => tipoLabel(value),
      },
      { field: 'equipo', headerName: 'Equipo', minWidth: 120, flex: 1 },
      { field: 'causa', headerName: 'Causa', minWidth: 160, flex: 1.5 },
      columnaAcciones((row) =>
        acciones(row, `paro ${row.linea_nombre} ${formatInstante(row.inicio, timeZone)}`),
      ),
    ];
  }, [timeZone, acciones]);

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <Selector
          label="Línea"
          value={lineaId}
          opciones={[['', 'Todas'], ...lineas.map((l) => [l.id, l.nombre] as const)]}
          onChange={(v) => filtrar({ lineaId: v })}
          nombre="Filtrar por línea"
          sx={{ width: { xs: '100%', sm: 180 } }}
        />
        <RangoFechas desde={desde} hasta={hasta} hoy={hoy} onChange={filtrar} testId="paros" />
        <Button variant="contained" startIcon={<AddIcon />} onClick={crud.nuevo} sx={{ ml: 'auto' }}>
          Nuevo paro
        </Button>
      </Box>
      <ConfigGrid<ParoCamposFragment>
        label="Paros"
        rows={paros.data?.items}
        rowCount={paros.data?.total ?? 0}
        columns={columnas}
        loading={paros.isFetching}
        error={paros.isError ? paros.error.message : null}
        paginationMode="server"
        paginationModel={pagina}
        onPaginationModelChange={(p) => setFiltro((f) => ({ ...f, pagina: p }))}
        pageSizeOptions={[10, 25, 50, 100]}
        hiddenOnPhone={['fin', 'equipo', 'causa']}
      />
      <ParoDialog
        {...crud.dialogo}
        paro={crud.editado}
        lineas={lineas}
        timeZone={timeZone}
        dia={hasta < hoy ? hasta : hoy}
      />
      {crud.confirmacion}
    </>
  );
}

/** MTTR and MTTF entered by hand, of one year: create, edit, remove. */
function Manuales({
  hoy,
  lineas,
  anio: [anio, setAnio],
}: {
  hoy: string;
  lineas: readonly Linea[];
  anio: Estado<number>;
}) {
  const manuales = useManuales(`${anio}-01-01`, `${anio}-12-31`);
  const anios = Array.from({ length: 6 }, (_, i) => Number(hoy.slice(0, 4)) - i);
  const crud = useCrudConfig({
    lista: manuales,
    clave: (m) => `${m.linea_id}:${m.fecha}`,
    invalidar: invalidarParos,
    entrada: (values: ManualFormValues) => ({
      linea_id: values.linea_id,
      fecha: values.fecha!.format('YYYY-MM-DD'),
      mttr: aNumero(values.mttr),
      mttf: aNumero(values.mttf),
    }),
    crear: createManual,
    actualizar: (_manual, input) => updateManual(input),
    textos: {
      creado: 'MTTR/MTTF registrado',
      actualizado: 'MTTR/MTTF actualizado',
      error: 'No se pudo guardar el MTTR/MTTF',
      detalle: (input) => `${nombreDe(lineas, input.linea_id)} · ${formatFecha(input.fecha)}`,
    },
    cerrarSiCambio: true,
    eliminar: {
      titulo: 'Quitar MTTR/MTTF manual',
      boton: 'Quitar',
      texto: (m) =>
        `¿Quitar el MTTR/MTTF ingresado a mano de ${m.linea_nombre} del ${formatFecha(m.fecha)}? El día se calculará otra vez de sus paros.`,
      accion: (m) => deleteManual(m.linea_id, m.fecha, m.version),
      exito: 'MTTR/MTTF manual quitado',
      error: 'No se pudo quitar el MTTR/MTTF',
      detalle: (m) => `${m.linea_nombre} · ${formatFecha(m.fecha)}`,
    },
  });
  const { acciones } = crud;

  const columnas = useMemo<ColumnaConfig<MttrMttfManualCamposFragment>[]>(() => {
    const minutos = (
      field: 'mttr' | 'mttf',
      headerName: string,
    ): ColumnaConfig<MttrMttfManualCamposFragment> => ({
      field,
      headerName,
      type: 'number',
      minWidth: 90,
      flex: 1,
      valueFormatter: (value: number) => formatNumber(value, 2),
    });
    return [
      { field: 'linea_nombre', headerName: 'Línea', minWidth: 90, flex: 1 },
      {
        field: 'fecha',
        headerName: 'Día',
        minWidth: 100,
        flex: 1,
        valueFormatter: (value: string) => formatFecha(value),
      },
      minutos('mttr', 'MTTR (min)'),
      minutos('mttf', 'MTTF (min)'),
      columnaAcciones((row) => acciones(row, `MTTR/MTTF ${row.linea_nombre} ${formatFecha(row.fecha)}`)),
    ];
  }, [acciones]);

  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <SelectorAnio value={anio} anios={anios} onChange={(a) => setAnio(() => a)} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={crud.nuevo}>
          Nuevo MTTR/MTTF
        </Button>
      </Box>
      <ConfigGrid<MttrMttfManualCamposFragment>
        label="MTTR/MTTF ingresados a mano"
        rows={manuales.data}
        getRowId={(r) => `${r.linea_id}:${r.fecha}`}
        columns={columnas}
        loading={manuales.isFetching}
        error={manuales.isError ? manuales.error.message : null}
      />
      <ManualDialog {...crud.dialogo} manual={crud.editado} lineas={lineas} hoy={hoy} />
      {crud.confirmacion}
    </>
  );
}
