import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, MenuItem, Tab, Tabs, TextField } from '@mui/material';
import { GridActionsCellItem, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { DateField } from '@mui/x-date-pickers/DateField';
import { addDays } from '@planta/domain';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { ConfigGrid } from '../../../components/config/config-grid.tsx';
import { type ErrorDeCampo, errorDeCampo, useGuardar } from '../../../components/config/guardar.ts';
import { formatFecha, formatNumber } from '../../../components/charts/format.ts';
import { DATE_FORMAT } from '../../../components/dates/production-date-picker.tsx';
import { usePlantCalendar } from '../../../components/dates/use-plant-calendar.ts';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { Loading } from '../../../components/feedback/loading.tsx';
import { ApiError } from '../../../lib/graphql-client.ts';
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
import {
  aNumero,
  desdePlanta,
  formatInstante,
  type ManualFormValues,
  type ParoFormValues,
  tipoLabel,
} from '../utils/paro-form.ts';
import { ManualDialog } from './manual-dialog.tsx';
import { ParoDialog } from './paro-dialog.tsx';

type Dialogo =
  | { kind: 'cerrado' }
  | { kind: 'paro'; paro: ParoCamposFragment | null }
  | { kind: 'borrar-paro'; paro: ParoCamposFragment }
  | { kind: 'manual'; manual: MttrMttfManualCamposFragment | null }
  | { kind: 'borrar-manual'; manual: MttrMttfManualCamposFragment };

/** Another admin changed or removed the record: the dialog closes and the reloaded list shows it. */
const registroCambiado = (error: unknown) =>
  error instanceof ApiError && (error.field === 'version' || error.code === 'NOT_FOUND');

/** /configuracion/mttr-mttf: downtime events (paros) and MTTR/MTTF entered by hand (issue 16). */
export function ConfigMttrMttfPage() {
  const calendario = usePlantCalendar();
  if (!calendario.timeZone || !calendario.today) return <Loading />;
  return <Contenido timeZone={calendario.timeZone} hoy={calendario.today} />;
}

function Contenido({ timeZone, hoy }: { timeZone: string; hoy: string }) {
  const [tab, setTab] = useState<'paros' | 'manual'>('paros');
  const lineas = useLineasProduccion();
  const { guardar, guardando } = useGuardar();
  const [dialogo, setDialogo] = useState<Dialogo>({ kind: 'cerrado' });
  const [errorServidor, setErrorServidor] = useState<ErrorDeCampo | null>(null);
  const cerrar = () => {
    setDialogo({ kind: 'cerrado' });
    setErrorServidor(null);
  };

  // ---------------------------------------------------------------- paros
  const [desde, setDesde] = useState(addDays(hoy, -6));
  const [hasta, setHasta] = useState(hoy);
  const [lineaId, setLineaId] = useState('');
  const [pagina, setPagina] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const paros = useParos({
    desde,
    hasta,
    lineaId: lineaId || null,
    pagina: pagina.page,
    porPagina: pagina.pageSize,
  });

  const guardarParo = async (values: ParoFormValues) => {
    if (dialogo.kind !== 'paro' || !values.inicio || !values.fin) return;
    setErrorServidor(null);
    const editando = dialogo.paro;
    const input = {
      linea_id: values.linea_id,
      tipo: values.tipo as ParoCamposFragment['tipo'],
      inicio: desdePlanta(values.inicio, timeZone),
      fin: desdePlanta(values.fin, timeZone),
      equipo: values.equipo.trim(),
      causa: values.causa.trim(),
    };
    const linea = lineas.data?.find((l) => l.id === values.linea_id)?.nombre ?? '';
    const result = await guardar(
      () => (editando ? updateParo(editando.id, { ...input, version: editando.version }) : createParo(input)),
      {
        exito: editando ? 'Paro actualizado' : 'Paro registrado',
        detalle: `${linea} · ${tipoLabel(input.tipo)}`,
        error: 'No se pudo guardar el paro',
        invalidar: invalidarParos,
      },
      (error) => (registroCambiado(error) ? cerrar() : setErrorServidor(errorDeCampo(error))),
    );
    if (result) cerrar();
  };

  const borrarParo = async (paro: ParoCamposFragment) => {
    await guardar(() => deleteParo(paro.id, paro.version), {
      exito: 'Paro eliminado',
      detalle: `${paro.linea_nombre} · ${formatInstante(paro.inicio, timeZone)}`,
      error: 'No se pudo eliminar el paro',
      invalidar: invalidarParos,
    });
    cerrar();
  };

  const columnasParos = useMemo<GridColDef<ParoCamposFragment>[]>(
    () => [
      { field: 'linea_nombre', headerName: 'Línea', minWidth: 90, flex: 0.6 },
      {
        field: 'inicio',
        headerName: 'Inicio',
        minWidth: 140,
        flex: 1,
        valueFormatter: (value: string) => formatInstante(value, timeZone),
      },
      {
        field: 'fin',
        headerName: 'Fin',
        minWidth: 140,
        flex: 1,
        valueFormatter: (value: string) => formatInstante(value, timeZone),
      },
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
      {
        field: 'acciones',
        type: 'actions',
        headerName: 'Acciones',
        width: 96,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="editar"
            icon={<EditIcon />}
            label={`Editar paro ${row.linea_nombre} ${formatInstante(row.inicio, timeZone)}`}
            onClick={() => setDialogo({ kind: 'paro', paro: row })}
          />,
          <GridActionsCellItem
            key="eliminar"
            icon={<DeleteIcon />}
            label={`Eliminar paro ${row.linea_nombre} ${formatInstante(row.inicio, timeZone)}`}
            onClick={() => setDialogo({ kind: 'borrar-paro', paro: row })}
          />,
        ],
      },
    ],
    [timeZone],
  );

  // ---------------------------------------------------------------- hand-entered MTTR/MTTF
  const [anio, setAnio] = useState(Number(hoy.slice(0, 4)));
  const manuales = useManuales(`${anio}-01-01`, `${anio}-12-31`);
  const anios = Array.from({ length: 6 }, (_, i) => Number(hoy.slice(0, 4)) - i);

  const guardarManual = async (values: ManualFormValues) => {
    if (dialogo.kind !== 'manual' || !values.fecha) return;
    setErrorServidor(null);
    const editando = dialogo.manual;
    const input = {
      linea_id: values.linea_id,
      fecha: values.fecha.format('YYYY-MM-DD'),
      mttr: aNumero(values.mttr),
      mttf: aNumero(values.mttf),
    };
    const linea = lineas.data?.find((l) => l.id === values.linea_id)?.nombre ?? '';
    const result = await guardar(
      () => (editando ? updateManual({ ...input, version: editando.version }) : createManual(input)),
      {
        exito: editando ? 'MTTR/MTTF actualizado' : 'MTTR/MTTF registrado',
        detalle: `${linea} · ${formatFecha(input.fecha)}`,
        error: 'No se pudo guardar el MTTR/MTTF',
        invalidar: invalidarParos,
      },
      (error) => (registroCambiado(error) ? cerrar() : setErrorServidor(errorDeCampo(error))),
    );
    if (result) cerrar();
  };

  const borrarManual = async (manual: MttrMttfManualCamposFragment) => {
    await guardar(() => deleteManual(manual.linea_id, manual.fecha, manual.version), {
      exito: 'MTTR/MTTF manual quitado',
      detalle: `${manual.linea_nombre} · ${formatFecha(manual.fecha)}`,
      error: 'No se pudo quitar el MTTR/MTTF',
      invalidar: invalidarParos,
    });
    cerrar();
  };

  const columnasManuales = useMemo<GridColDef<MttrMttfManualCamposFragment>[]>(
    () => [
      { field: 'linea_nombre', headerName: 'Línea', minWidth: 90, flex: 1 },
      {
        field: 'fecha',
        headerName: 'Día',
        minWidth: 100,
        flex: 1,
        valueFormatter: (value: string) => formatFecha(value),
      },
      {
        field: 'mttr',
        headerName: 'MTTR (min)',
        type: 'number',
        minWidth: 90,
        flex: 1,
        valueFormatter: (value: number) => formatNumber(value, 2),
      },
      {
        field: 'mttf',
        headerName: 'MTTF (min)',
        type: 'number',
        minWidth: 90,
        flex: 1,
        valueFormatter: (value: number) => formatNumber(value, 2),
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
            label={`Editar MTTR/MTTF ${row.linea_nombre} ${formatFecha(row.fecha)}`}
            onClick={() => setDialogo({ kind: 'manual', manual: row })}
          />,
          <GridActionsCellItem
            key="quitar"
            icon={<DeleteIcon />}
            label={`Quitar MTTR/MTTF ${row.linea_nombre} ${formatFecha(row.fecha)}`}
            onClick={() => setDialogo({ kind: 'borrar-manual', manual: row })}
          />,
        ],
      },
    ],
    [],
  );

  const lineasLista = lineas.data ?? [];
  const diaNuevo = hasta < hoy ? hasta : hoy;

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Tabs
        value={tab}
        onChange={(_e, v: 'paros' | 'manual') => setTab(v)}
        variant="fullWidth"
        aria-label="Secciones"
      >
        <Tab value="paros" label="Paros" />
        <Tab value="manual" label="MTTR/MTTF manual" />
      </Tabs>
      {lineas.isError && (
        <Alert severity="error">No se pudo obtener la lista de líneas: {lineas.error.message}</Alert>
      )}

      {tab === 'paros' ? (
        <>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr 1fr', md: '180px 180px 180px 1fr' },
              alignItems: 'start',
            }}
          >
            <TextField
              select
              size="small"
              label="Línea"
              value={lineaId}
              onChange={(e) => {
                setLineaId(e.target.value);
                setPagina((p) => ({ ...p, page: 0 }));
              }}
              sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
              slotProps={{ select: { SelectDisplayProps: { 'aria-label': 'Filtrar por línea' } as object } }}
            >
              <MenuItem value="">Todas</MenuItem>
              {lineasLista.map((l) => (
                <MenuItem key={l.id} value={l.id}>
                  {l.nombre}
                </MenuItem>
              ))}
            </TextField>
            <RangoDia
              label="Desde"
              testId="paros-desde"
              value={desde}
              hoy={hoy}
              onChange={(f) => {
                setDesde(f);
                setPagina((p) => ({ ...p, page: 0 }));
              }}
            />
            <RangoDia
              label="Hasta"
              testId="paros-hasta"
              value={hasta}
              hoy={hoy}
              onChange={(f) => {
                setHasta(f);
                setPagina((p) => ({ ...p, page: 0 }));
              }}
            />
            <Box
              sx={{ display: 'flex', justifyContent: 'flex-end', gridColumn: { xs: '1 / -1', md: 'auto' } }}
            >
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => setDialogo({ kind: 'paro', paro: null })}
              >
                Nuevo paro
              </Button>
            </Box>
          </Box>
          <ConfigGrid<ParoCamposFragment>
            label="Paros"
            rows={paros.data?.items}
            rowCount={paros.data?.total ?? 0}
            columns={columnasParos}
            loading={paros.isFetching}
            error={paros.isError ? paros.error.message : null}
            paginationMode="server"
            paginationModel={pagina}
            onPaginationModelChange={setPagina}
            pageSizeOptions={[10, 25, 50, 100]}
            hiddenOnPhone={['fin', 'equipo', 'causa']}
          />
        </>
      ) : (
        <>
          <Box sx={{ display: 'flex', gap: 2, justifyContent: 'space-between', flexWrap: 'wrap' }}>
            <TextField
              select
              size="small"
              label="Año"
              value={anio}
              onChange={(e) => setAnio(Number(e.target.value))}
              sx={{ width: 120 }}
            >
              {anios.map((a) => (
                <MenuItem key={a} value={a}>
                  {a}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setDialogo({ kind: 'manual', manual: null })}
            >
              Nuevo MTTR/MTTF
            </Button>
          </Box>
          <ConfigGrid<MttrMttfManualCamposFragment>
            label="MTTR/MTTF ingresados a mano"
            rows={manuales.data}
            getRowId={(r) => `${r.linea_id}:${r.fecha}`}
            columns={columnasManuales}
            loading={manuales.isFetching}
            error={manuales.isError ? manuales.error.message : null}
          />
        </>
      )}

      <ParoDialog
        open={dialogo.kind === 'paro'}
        paro={dialogo.kind === 'paro' ? dialogo.paro : null}
        lineas={lineasLista}
        timeZone={timeZone}
        dia={diaNuevo}
        errorServidor={errorServidor}
        guardando={guardando}
        onClose={cerrar}
        onSubmit={guardarParo}
      />
      <ManualDialog
        open={dialogo.kind === 'manual'}
        manual={dialogo.kind === 'manual' ? dialogo.manual : null}
        lineas={lineasLista}
        hoy={hoy}
        errorServidor={errorServidor}
        guardando={guardando}
        onClose={cerrar}
        onSubmit={guardarManual}
      />
      <ConfirmDialog
        open={dialogo.kind === 'borrar-paro'}
        title="Eliminar paro"
        text={
          dialogo.kind === 'borrar-paro'
            ? `¿Eliminar el paro de ${dialogo.paro.linea_nombre} del ${formatInstante(dialogo.paro.inicio, timeZone)} (${tipoLabel(dialogo.paro.tipo)}, ${formatNumber(dialogo.paro.minutos, 1)} min)? El MTTR/MTTF de ese día se recalcula.`
            : ''
        }
        confirmLabel="Eliminar"
        onCancel={cerrar}
        onConfirm={() => (dialogo.kind === 'borrar-paro' ? borrarParo(dialogo.paro) : Promise.resolve())}
      />
      <ConfirmDialog
        open={dialogo.kind === 'borrar-manual'}
        title="Quitar MTTR/MTTF manual"
        text={
          dialogo.kind === 'borrar-manual'
            ? `¿Quitar el MTTR/MTTF ingresado a mano de ${dialogo.manual.linea_nombre} del ${formatFecha(dialogo.manual.fecha)}? El día se calculará otra vez de sus paros.`
            : ''
        }
        confirmLabel="Quitar"
        onCancel={cerrar}
        onConfirm={() =>
          dialogo.kind === 'borrar-manual' ? borrarManual(dialogo.manual) : Promise.resolve()
        }
      />
    </Box>
  );
}

/** A day of the range filter: applied when complete and valid, never after today. */
function RangoDia({
  label,
  testId,
  value,
  hoy,
  onChange,
}: {
  label: string;
  testId: string;
  value: string;
  hoy: string;
  onChange: (fecha: string) => void;
}) {
  return (
    <Box data-testid={testId} sx={{ display: 'grid', minWidth: 0 }}>
      <DateField
        label={label}
        size="small"
        defaultValue={dayjs(value)}
        format={DATE_FORMAT}
        maxDate={dayjs(hoy)}
        onChange={(v) => {
          if (v && v.isValid() && v.year() >= 2000) {
            const fecha = v.format('YYYY-MM-DD');
            if (fecha <= hoy && fecha !== value) onChange(fecha);
          }
        }}
      />
    </Box>
  );
}
