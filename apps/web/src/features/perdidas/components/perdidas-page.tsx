import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { productionDayRange, turnosDelDia } from '@planta/domain';
import { formatNumber } from '@planta/charts/format';
import { moverRango } from '@planta/charts/rango-url';
import { type ReactNode, useCallback, useMemo } from 'react';
import { useSearchParams } from '../../../lib/search-params.ts';
import { ProductionDayBar } from '../../../components/dates/production-day-bar.tsx';
import { usePlantCalendar } from '../../../components/dates/use-plant-calendar.ts';
import { useProductionDate } from '../../../components/dates/use-production-date.ts';
import { ExportButton } from '../../../components/export/export-button.tsx';
import { LoadError } from '../../../components/feedback/load-error.tsx';
import { Loading } from '../../../components/feedback/loading.tsx';
import {
  type ConsultaPerdidas,
  exportarParos,
  useLineasPerdidas,
  usePerdidasOee,
  useTurnosPerdidas,
} from '../api/perdidas.ts';
import { conFiltros, filtrosDeParams, MAX_DIAS, type Modo } from '../utils/filtros.ts';
import { FiltrosPerdidas } from './filtros-perdidas.tsx';
import { CascadaCard, LineaTiempoCard, LineaTiempoRango, ParetoCard } from './graficos-perdidas.tsx';
import { KpisPerdidas } from './kpis-perdidas.tsx';
import { TablaCambios, TablaPlanificados, TablaPrincipales } from './tablas-perdidas.tsx';

/** How often the figures of a period that includes the day in progress reload. */
const REFRESCO_HOY_MS = 60_000;

const SIN_LISTA: never[] = [];

/** A titled card around a table. */
function Seccion({
  titulo,
  subtitulo,
  children,
}: {
  titulo: string;
  subtitulo?: string;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-label={titulo} sx={{ minWidth: 0 }}>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
          {titulo}
        </Typography>
        {subtitulo && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {subtitulo}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}

const dosColumnas = {
  display: 'grid',
  gap: { xs: 1.5, sm: 2 },
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
  alignItems: 'start',
} as const;

/**
 * Pérdidas (/fabrica/perdidas): where the OEE went. For a production day (the date bar), a range of
 * days, every shift or one, the plant or a line (all kept in the URL): planned time, A, E, Q,
 * OEE, MTBF, MTTR and the share of stop minutes without a reason; the OEE waterfall; the Pareto
 * of unplanned stops' reasons; planned stops apart; each line's timeline for a day or a shift; the
 * longest stops and the changeovers by format pair (perdidasOee).
 */
export function PerdidasPage() {
  const dia = useProductionDate();
  const { fecha, today } = dia;
  const { timeZone } = usePlantCalendar();
  const [params, setParams] = useSearchParams();
  const lineas = useLineasPerdidas();
  const turnos = useTurnosPerdidas();
  const listaLineas = lineas.data ?? SIN_LISTA;
  const listaTurnos = turnos.data ?? SIN_LISTA;

  const filtros = useMemo(
    () =>
      fecha && today
        ? filtrosDeParams(
            params,
            fecha,
            today,
            listaTurnos.map((t) => t.numero),
            listaLineas.map((l) => l.numero),
          )
        : undefined,
    [params, fecha, today, listaTurnos, listaLineas],
  );
  const linea = filtros?.linea != null ? listaLineas.find((l) => l.numero === filtros.linea) : undefined;
  // The shift and line of the URL are only read once their lists are there (no query with a guess).
  const listo = filtros !== undefined && !lineas.isLoading && !turnos.isLoading;
  const consulta = useMemo<ConsultaPerdidas | undefined>(
    () =>
      listo
        ? { lineaId: linea?.id ?? null, desde: filtros.desde, hasta: filtros.hasta, turno: filtros.turno }
        : undefined,
    [listo, linea, filtros],
  );
  const conHoy = filtros !== undefined && today !== undefined && filtros.hasta >= today;
  const perdidas = usePerdidasOee(consulta, { refetchInterval: conHoy ? REFRESCO_HOY_MS : undefined });
  const datos = perdidas.data;
  const cargando = perdidas.isFetching && (perdidas.isPlaceholderData || !datos);

  const cambiar = useCallback(
    (cambio: Parameters<typeof conFiltros>[1]) =>
      setParams((actual) => conFiltros(actual, cambio), { replace: true }),
    [setParams],
  );
  const handleModo = useCallback(
    (modo: Modo) => {
      if (!filtros) return;
      // A range starts as the week ending on the chosen day; a day is the range's last day.
      if (modo === 'rango') {
        cambiar({ rango: moverRango(filtros, { desde: filtros.desde }, MAX_DIAS) });
      } else {
        setParams(
          (actual) => {
            const next = conFiltros(actual, { rango: null });
            if (today && filtros.hasta < today) next.set('fecha', filtros.hasta);
            else next.delete('fecha');
            return next;
          },
          { replace: true },
        );
      }
    },
    [cambiar, filtros, setParams, today],
  );
  // From the query asked for last (lib/search-params.ts), not the range still shown: both ends
  // typed quickly each keep the other.
  const handleRango = useCallback(
    (cambio: { desde?: string; hasta?: string }) => {
      if (!fecha || !today) return;
      setParams(
        (actual) =>
          conFiltros(actual, {
            rango: moverRango(filtrosDeParams(actual, fecha, today, [], []), cambio, MAX_DIAS),
          }),
        { replace: true },
      );
    },
    [setParams, fecha, today],
  );

  // The timeline's window: the production day, or the chosen shift of it.
  const ventana = useMemo(() => {
    if (!filtros || filtros.modo !== 'dia' || !timeZone) return undefined;
    if (filtros.turno !== null) {
      const turno = turnosDelDia(filtros.desde, listaTurnos, timeZone).find(
        (t) => t.numero === filtros.turno,
      );
      if (turno) return { desde: turno.desde.getTime(), hasta: turno.hasta.getTime() };
    }
    const { start, end } = productionDayRange(filtros.desde, timeZone);
    return { desde: start.getTime(), hasta: end.getTime() };
  }, [filtros, timeZone, listaTurnos]);

  const error = <LoadError>No se pudieron obtener las pérdidas.</LoadError>;
  if (!fecha || !filtros) return dia.isError ? error : <Loading />;
  const nombreTurno = listaTurnos.find((t) => t.numero === filtros.turno)?.nombre;
  const periodo = filtros.turno !== null ? 'turno' : filtros.modo === 'dia' ? 'día' : 'periodo';

  return (
    <Box
      sx={{ display: 'grid', gap: { xs: 1.5, sm: 2 }, minWidth: 0 }}
      data-testid="perdidas"
      data-desde={datos && !perdidas.isPlaceholderData ? datos.desde : undefined}
      data-hasta={datos && !perdidas.isPlaceholderData ? datos.hasta : undefined}
    >
      {filtros.modo === 'dia' && (
        <ProductionDayBar
          fecha={fecha}
          today={today}
          firstDay={dia.firstDay}
          isToday={dia.isToday}
          invalidParam={dia.invalidParam}
          onChange={dia.setFecha}
        />
      )}
      <FiltrosPerdidas
        filtros={filtros}
        hoy={today}
        primerDia={dia.firstDay}
        turnos={listaTurnos}
        lineas={listaLineas}
        onModo={handleModo}
        onRango={handleRango}
        onTurno={(turno) => cambiar({ turno })}
        onLinea={(l) => cambiar({ linea: l })}
        exportar={
          <ExportButton
            disabled={!consulta}
            iniciar={(formato) =>
              consulta ? exportarParos(consulta, formato) : Promise.reject(new Error('Sin consulta'))
            }
          />
        }
      />
      {filtros.aviso && <Alert severity="warning">{filtros.aviso}</Alert>}
      {(perdidas.isError || lineas.isError || turnos.isError) && error}
      {conHoy && (
        <Typography variant="body2" color="text.secondary">
          El periodo incluye el día en curso: sus cifras se completan a lo largo del día.
        </Typography>
      )}

      <KpisPerdidas datos={datos} loading={cargando} periodo={periodo} />

      <Box sx={dosColumnas}>
        <CascadaCard datos={datos} loading={cargando} />
        <ParetoCard datos={datos} loading={cargando} />
      </Box>

      {filtros.modo === 'dia' ? (
        <LineaTiempoCard
          lineas={datos?.lineas_tiempo}
          ventana={ventana}
          timeZone={timeZone}
          loading={cargando}
          titulo={nombreTurno ? `${nombreTurno} del día` : 'El día de producción'}
        />
      ) : (
        <LineaTiempoRango />
      )}

      <Seccion
        titulo="Paros más largos"
        subtitulo="Los diez paros más largos del periodo, con su motivo y quién lo dio."
      >
        {datos && timeZone ? <TablaPrincipales filas={datos.principales} timeZone={timeZone} /> : <Loading />}
      </Seccion>
      <Box sx={dosColumnas}>
        <Seccion
          titulo="Paros planificados"
          subtitulo={`CIP, mantenimiento planificado, sin pedidos y descansos: fuera del tiempo planificado${datos ? ` (${formatNumber(datos.paros_planificados)} min)` : ''}.`}
        >
          {datos ? (
            <TablaPlanificados filas={datos.planificados} total={datos.paros_planificados} />
          ) : (
            <Loading />
          )}
        </Seccion>
        <Seccion titulo="Cambios de formato" subtitulo="Por par de formatos: cuántos hubo y sus minutos.">
          {datos ? <TablaCambios filas={datos.cambios_formato} /> : <Loading />}
        </Seccion>
      </Box>
    </Box>
  );
}
