import {
  Alert,
  Box,
  FormControl,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../../lib/search-params.ts';
import { useCambiarParams } from '../../../lib/use-url-params.ts';
import { Chart } from '../../../components/charts/chart.tsx';
import { formatFecha, formatNumber } from '@planta/charts/format';
import { ProductionDatePicker } from '../../../components/dates/production-date-picker.tsx';
import { ProductionDayBar } from '../../../components/dates/production-day-bar.tsx';
import { useProductionDate } from '../../../components/dates/use-production-date.ts';
import { ExportButton } from '../../../components/export/export-button.tsx';
import { LoadError } from '../../../components/feedback/load-error.tsx';
import { Loading } from '../../../components/feedback/loading.tsx';
import { Seccion } from '../../../components/seccion.tsx';
import { useAreasRrhh } from '../../../components/importar-reloj/areas-rrhh.ts';
import { ImportarRelojButton } from '../../../components/importar-reloj/importar-reloj.tsx';
import {
  CLAVE_ASISTENCIA,
  exportarAsistencia,
  useAsistenciaDiaria,
  useAsistenciaRango,
  useAusencias,
} from '../api/asistencia-diaria.ts';
import { ajustarRango, diasEntre, leerRango, totalPlanta } from '../utils/asistencia.ts';
import {
  buildEstadosAreaOption,
  buildTendenciaAsistenciaOption,
} from '@planta/charts/rrhh/asistencia-options';
import { AsistenciaKpis } from './asistencia-kpis.tsx';
import { ListaAusentes } from './lista-ausentes.tsx';
import { TablaAreas } from './tabla-areas.tsx';

const AREA_PARAM = 'area';
const DESDE_PARAM = 'desde';
const HASTA_PARAM = 'hasta';
const TODAS = '__todas__';

export const SIN_REGISTROS = 'Sin registros de asistencia para el día';

/**
 * Asistencia Diaria (/recursos-humanos/asistencia-diaria): a day's attendance by area
 * (presentes, faltas, vacaciones, incapacidad, permiso; attendance and absenteeism % with
 * vacations outside the scheduled), its figures for the plant or one area, the states by area,
 * the attendance trend over a range (the 30 days ending on the day by default) and who was absent
 * and why. The day, the range and the area live in the URL.
 */
export function AsistenciaDiariaPage() {
  const dia = useProductionDate();
  const { fecha, today } = dia;
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const queryClient = useQueryClient();
  const [params] = useSearchParams();

  const areas = useAreasRrhh();
  const areaParam = params.get(AREA_PARAM);
  const area = areaParam && areaParam.trim() !== '' ? areaParam : null;
  const rango = fecha ? leerRango(params.get(DESDE_PARAM), params.get(HASTA_PARAM), fecha, today) : undefined;

  const diaria = useAsistenciaDiaria(fecha);
  const tendencia = useAsistenciaRango(rango, area);
  const ausencias = useAusencias(fecha, area);

  const setParam = useCambiarParams();

  const filas = useMemo(
    () => (diaria.data ?? []).filter((f) => area === null || f.area === area),
    [diaria.data, area],
  );
  const total = useMemo(() => totalPlanta(filas), [filas]);
  const estadosOption = useMemo(() => buildEstadosAreaOption({ filas, compact }), [filas, compact]);
  const tendenciaOption = useMemo(
    () => (tendencia.data ? buildTendenciaAsistenciaOption({ dias: tendencia.data, compact }) : null),
    [tendencia.data, compact],
  );

  const invalidar = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: [CLAVE_ASISTENCIA] }),
    [queryClient],
  );

  if (!fecha || !rango) {
    return dia.isError ? <LoadError>No se pudo obtener el calendario de la planta.</LoadError> : <Loading />;
  }

  const opcionesArea = areas.data ?? [];
  // An area from the URL that the list does not have yet (or any more) stays selectable.
  const opciones = area !== null && !opcionesArea.includes(area) ? [...opcionesArea, area] : opcionesArea;
  const sinRegistros = diaria.isSuccess && !diaria.isPlaceholderData && filas.length === 0;
  const listo =
    diaria.isSuccess && !diaria.isPlaceholderData && ausencias.isSuccess && !ausencias.isPlaceholderData;
  const errorDatos = diaria.isError || tendencia.isError || ausencias.isError;
  const nombreArea = area ?? 'la planta';
  const dias = diasEntre(rango.desde, rango.hasta);

  const elegirRango = (cambio: { desde?: string; hasta?: string }) => {
    const nuevo = ajustarRango(rango, cambio, today);
    const porDefecto = leerRango(null, null, fecha, today);
    setParam(
      nuevo.desde === porDefecto.desde && nuevo.hasta === porDefecto.hasta
        ? { [DESDE_PARAM]: null, [HASTA_PARAM]: null }
        : { [DESDE_PARAM]: nuevo.desde, [HASTA_PARAM]: nuevo.hasta },
    );
  };

  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: { xs: 2, sm: 2.5 }, minWidth: 0 }}
    >
      <Paper
        sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 2, minWidth: 0 }}
        data-testid="barra-asistencia"
      >
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'flex-start',
            justifyContent: 'space-between',
            gap: { xs: 1.5, sm: 2 },
            minWidth: 0,
          }}
        >
          <Box sx={{ flex: '1 1 420px', minWidth: 0 }}>
            <ProductionDayBar
              fecha={fecha}
              today={today}
              firstDay={dia.firstDay}
              isToday={dia.isToday}
              invalidParam={dia.invalidParam}
              onChange={dia.setFecha}
              label="Día"
              todayLabel="Hoy"
            />
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: { xs: 1.5, sm: 2 } }}>
            <ExportButton
              iniciar={(formato) =>
                exportarAsistencia({ fecha, desde: rango.desde, hasta: rango.hasta, area }, formato)
              }
            />
            <ImportarRelojButton onImportado={invalidar} />
          </Box>
        </Box>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'flex-start',
            gap: { xs: 1.5, sm: 2 },
            minWidth: 0,
          }}
        >
          <Box
            role="group"
            aria-label="Rango de la tendencia"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', minWidth: 0 }}
          >
            <ProductionDatePicker
              label="Tendencia desde"
              testId="tendencia-desde"
              value={rango.desde}
              minDate={dia.firstDay}
              maxDate={rango.hasta}
              onChange={(desde) => elegirRango({ desde })}
            />
            <ProductionDatePicker
              label="Tendencia hasta"
              testId="tendencia-hasta"
              value={rango.hasta}
              minDate={rango.desde}
              maxDate={today}
              onChange={(hasta) => elegirRango({ hasta })}
            />
          </Box>
          <FormControl size="small" sx={{ width: { xs: 258, sm: 220 } }}>
            <InputLabel id="asistencia-area">Área</InputLabel>
            <Select
              labelId="asistencia-area"
              label="Área"
              value={area ?? TODAS}
              data-testid="selector-area"
              onChange={(e) => setParam({ [AREA_PARAM]: e.target.value === TODAS ? null : e.target.value })}
            >
              <MenuItem value={TODAS}>Todas</MenuItem>
              {opciones.map((a) => (
                <MenuItem key={a} value={a}>
                  {a}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </Box>
      </Paper>

      {areas.isError && <LoadError>No se pudo obtener la lista de áreas.</LoadError>}
      {errorDatos && <LoadError>No se pudieron obtener los datos de asistencia.</LoadError>}
      {sinRegistros && (
        <Alert severity="info" data-testid="sin-registros">
          {SIN_REGISTROS}
          {area !== null ? ` en ${area}` : ''}.
        </Alert>
      )}

      <Box
        data-testid="asistencia-diaria"
        data-fecha={listo ? fecha : undefined}
        data-area={area ?? ''}
        aria-busy={diaria.isFetching || ausencias.isFetching}
        sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: { xs: 2, sm: 2.5 }, minWidth: 0 }}
      >
        <AsistenciaKpis
          conteo={diaria.isSuccess && filas.length > 0 ? total : null}
          cargando={diaria.isLoading}
          actualizando={diaria.isPlaceholderData}
        />

        <Seccion
          titulo="Asistencia por área"
          subtitulo={`${formatFecha(fecha)} · porcentajes sobre programados sin vacaciones; el total usa las sumas`}
          testId="seccion-areas"
        >
          {diaria.isLoading ? (
            <Loading />
          ) : filas.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              {diaria.isError ? 'No disponible.' : SIN_REGISTROS}
            </Typography>
          ) : (
            <TablaAreas
              filas={filas}
              total={area === null ? total : null}
              etiqueta={`Asistencia por área del ${formatFecha(fecha)}`}
            />
          )}
        </Seccion>

        <Box
          sx={{
            display: 'grid',
            gap: { xs: 2, sm: 2.5 },
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
            minWidth: 0,
          }}
        >
          <Seccion
            titulo="Estados por área"
            subtitulo={`Personas por estado · ${formatFecha(fecha)}`}
            testId="seccion-estados"
          >
            <Chart
              option={estadosOption}
              loading={diaria.isLoading || diaria.isPlaceholderData}
              height={Math.max(compact ? 240 : 300, 70 + filas.length * (compact ? 34 : 40))}
              ariaLabel={`Personas por estado en cada área el ${formatFecha(fecha)}`}
              testId="chart-estados"
            />
          </Seccion>
          <Seccion
            titulo="Tendencia"
            subtitulo={`Asistencia y ausentismo de ${nombreArea} · del ${formatFecha(rango.desde)} al ${formatFecha(rango.hasta)} (${formatNumber(dias, 0)} ${dias === 1 ? 'día' : 'días'}); los días sin registros quedan vacíos`}
            testId="seccion-tendencia"
          >
            <Chart
              option={tendenciaOption}
              loading={tendencia.isLoading || tendencia.isPlaceholderData}
              height={compact ? 240 : 300}
              ariaLabel={`Asistencia y ausentismo por día de ${nombreArea} del ${formatFecha(rango.desde)} al ${formatFecha(rango.hasta)}`}
              testId="chart-tendencia"
            />
          </Seccion>
        </Box>

        <Seccion
          titulo="Ausentes del día"
          subtitulo={`Quién no asistió el ${formatFecha(fecha)} y por qué${area !== null ? ` · ${area}` : ''}`}
          testId="seccion-ausentes"
        >
          <ListaAusentes
            ausencias={ausencias.data ?? []}
            cargando={ausencias.isLoading || ausencias.isPlaceholderData}
          />
        </Seccion>
      </Box>
    </Box>
  );
}
