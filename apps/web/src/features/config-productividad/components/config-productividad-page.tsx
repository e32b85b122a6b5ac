import EventIcon from '@mui/icons-material/Event';
import SaveIcon from '@mui/icons-material/Save';
import { Alert, Box, Button, Chip, Paper, Tab, Tabs, TextField, Typography } from '@mui/material';
import { AccionFila, type ColumnaConfig } from '../../../components/config/columnas.tsx';
import { formatFecha, formatFechaLarga, formatNumber } from '@planta/charts/format';
import { useMemo, useState } from 'react';
import { ConfigGrid } from '../../../components/config/config-grid.tsx';
import { columnaAcciones } from '../../../components/config/use-crud-config.tsx';
import { type ErrorDeCampo, errorDeCampo, useGuardar } from '../../../components/config/guardar.ts';
import { ProductionDatePicker } from '../../../components/dates/production-date-picker.tsx';
import { usePlantCalendar } from '../../../components/dates/use-plant-calendar.ts';
import {
  guardarTurnosDia,
  invalidarTurnos,
  type Turno,
  useLineasProductividad,
  useTurnos,
  useTurnosDia,
} from '../api/config-productividad.ts';
import { type LineaDia, leerDia } from '../utils/dia-form.ts';
import { TurnosHorarioTab } from './turnos-horario-tab.tsx';

/** SPEC §8: lines or shifts could not be read. */
export const ERROR_DATOS = 'Error al obtener los datos del servidor';

/** 8 → '8', 7.5 → '7.5', 7.25 → '7.25' (es-PE). */
const horas = (h: number) => formatNumber(h, Number.isInteger(h) ? 0 : Number.isInteger(h * 10) ? 1 : 2);

type Seccion = 'horas' | 'horario';

/**
 * /configuracion/productividad: the paid hours per line and day ("Horas por día"), and the plant's
 * shift schedule ("Horario de turnos").
 */
export function ConfigProductividadPage() {
  const [seccion, setSeccion] = useState<Seccion>('horas');
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Tabs
        value={seccion}
        onChange={(_e, v: Seccion) => setSeccion(v)}
        variant="fullWidth"
        aria-label="Secciones"
      >
        <Tab value="horas" label="Horas por día" />
        <Tab value="horario" label="Horario de turnos" />
      </Tabs>
      {seccion === 'horas' ? <HorasPorDia /> : <TurnosHorarioTab />}
    </Box>
  );
}

/**
 * The paid hours (turnos.horas_productividad) of every production line on one day, edited together
 * and saved at once (new lines created, stored ones updated; the day's paid efficiency is derived
 * again); below, the shifts recorded, latest first.
 */
function HorasPorDia() {
  const calendario = usePlantCalendar();
  const [elegida, setElegida] = useState<string | null>(null);
  const fecha = elegida ?? calendario.today;
  const lineas = useLineasProductividad();
  const delDia = useTurnosDia(fecha);
  const turnos = useTurnos();
  const { guardar, guardando } = useGuardar();
  const [textos, setTextos] = useState<Record<string, string>>({});
  const [errores, setErrores] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [errorServidor, setErrorServidor] = useState<ErrorDeCampo | null>(null);

  const filas = useMemo<LineaDia[]>(
    () =>
      (lineas.data ?? []).map((linea) => {
        const turno = delDia.data?.find((t) => t.linea.id === linea.id);
        return { linea, ...(turno ? { turno } : {}) };
      }),
    [lineas.data, delDia.data],
  );

  // The form shows what is stored for the day: on a new day, after a save and after a conflict's
  // reload (state adjusted while rendering when the day's rows change, not in an effect).
  const [mostradas, setMostradas] = useState<LineaDia[] | null>(null);
  if (mostradas !== filas) {
    setMostradas(filas);
    setTextos(
      Object.fromEntries(filas.map((f) => [f.linea.id, f.turno ? horas(f.turno.horas_productividad) : ''])),
    );
    setErrores({});
    setGeneral(null);
  }

  const sinDatos =
    lineas.isError || delDia.isError || (lineas.isSuccess && lineas.data.length === 0) || turnos.isError;

  const guardarDia = async () => {
    if (!fecha) return;
    setErrorServidor(null);
    const lectura = leerDia(filas, textos);
    setErrores(lectura.errores);
    setGeneral(lectura.general);
    if (Object.keys(lectura.errores).length > 0 || lectura.general) return;
    await guardar(
      () => guardarTurnosDia({ fecha, entradas: lectura.entradas }),
      {
        exito: 'Horas de productividad guardadas',
        detalle: formatFecha(fecha),
        error: 'No se pudieron guardar las horas',
        invalidar: invalidarTurnos,
      },
      (error) => setErrorServidor(errorDeCampo(error) ?? { field: '', message: (error as Error).message }),
    );
  };

  const columnas = useMemo<ColumnaConfig<Turno>[]>(
    () => [
      {
        field: 'fecha',
        headerName: 'Fecha',
        minWidth: 100,
        flex: 0.8,
        valueFormatter: (v: string) => formatFecha(v),
      },
      {
        field: 'linea',
        headerName: 'Línea',
        minWidth: 90,
        flex: 1,
        valueGetter: (_v, row) => row.linea.nombre,
      },
      {
        field: 'horas_productividad',
        headerName: 'Horas',
        type: 'number',
        minWidth: 70,
        flex: 0.6,
        valueFormatter: (v: number) => horas(v),
      },
      columnaAcciones(
        (row) => [
          <AccionFila
            key="ver"
            icon={<EventIcon />}
            label={`Editar el día ${formatFecha(row.fecha)}`}
            onClick={() => {
              setElegida(row.fecha);
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          />,
        ],
        { headerName: 'Día', width: 56 },
      ),
    ],
    [],
  );

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      {sinDatos && <Alert severity="error">{ERROR_DATOS}</Alert>}
      <Paper sx={{ p: 2, display: 'grid', gap: 2, minWidth: 0 }}>
        {/* The day's row keeps its height while the plant's calendar loads: nothing below it moves. */}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', minHeight: 40 }}>
          {fecha && (
            <ProductionDatePicker
              value={fecha}
              onChange={(f) => {
                setErrorServidor(null);
                setElegida(f);
              }}
              label="Día"
              testId="productividad-fecha"
            />
          )}
          {fecha && (
            <Typography variant="body2" color="text.secondary">
              Horas pagadas de cada línea el {formatFechaLarga(fecha)} (0 a 24; admite 7,5 o 7.5).
            </Typography>
          )}
        </Box>
        {errorServidor && <Alert severity="warning">{errorServidor.message}</Alert>}
        {general && <Alert severity="error">{general}</Alert>}
        <Box
          component="form"
          aria-label="Horas de productividad del día"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void guardarDia();
          }}
          sx={{ display: 'grid', gap: 1.5 }}
        >
          {filas.map(({ linea, turno }) => (
            <Box
              key={linea.id}
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr 110px', sm: '160px 140px 1fr' },
                gap: 1.5,
                alignItems: 'center',
              }}
            >
              <Typography sx={{ fontWeight: 500 }}>{linea.nombre}</Typography>
              <TextField
                size="small"
                label="Horas"
                value={textos[linea.id] ?? ''}
                // Until the day's stored hours arrive: what is typed would be replaced by them.
                disabled={delDia.isLoading}
                onChange={(e) => setTextos((t) => ({ ...t, [linea.id]: e.target.value }))}
                error={!!errores[linea.id]}
                slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `Horas ${linea.nombre}` } }}
              />
              <Box
                sx={{
                  gridColumn: { xs: '1 / -1', sm: 'auto' },
                  display: 'flex',
                  gap: 1,
                  alignItems: 'center',
                  minWidth: 0,
                }}
              >
                {errores[linea.id] ? (
                  <Typography variant="caption" color="error" role="alert">
                    {errores[linea.id]}
                  </Typography>
                ) : (
                  <Chip
                    size="small"
                    variant="outlined"
                    color={turno ? 'success' : 'default'}
                    label={turno ? `Guardado: ${horas(turno.horas_productividad)} h` : 'Sin registro'}
                  />
                )}
              </Box>
            </Box>
          ))}
          <Box>
            <Button
              type="submit"
              variant="contained"
              startIcon={<SaveIcon />}
              disabled={guardando || !fecha || filas.length === 0 || delDia.isLoading}
            >
              Guardar día
            </Button>
          </Box>
        </Box>
      </Paper>
      {/* Below the form once its lines are in: shown earlier, it would jump down as they arrive. */}
      {!lineas.isPending && (
        <>
          <Typography variant="h6" component="h2">
            Turnos registrados
          </Typography>
          <ConfigGrid
            label="Turnos registrados"
            rows={turnos.data}
            columns={columnas}
            loading={turnos.isLoading}
            initialState={{ sorting: { sortModel: [{ field: 'fecha', sort: 'desc' }] } }}
          />
        </>
      )}
    </Box>
  );
}
