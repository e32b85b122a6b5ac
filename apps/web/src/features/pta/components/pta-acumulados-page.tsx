import {
  Box,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { Chart } from '../../../components/charts/chart.tsx';
import { formatFecha, formatNumber } from '@planta/charts/format';
import { ProductionDayBar } from '../../../components/dates/production-day-bar.tsx';
import { useProductionDate } from '../../../components/dates/use-production-date.ts';
import { LoadError } from '../../../components/feedback/load-error.tsx';
import { Loading } from '../../../components/feedback/loading.tsx';
import { type PtaTotales, usePtaAcumulados } from '../api/pta.ts';
import { buildAcumuladosOption } from '../utils/acumulados-option.ts';
import { numeroSx, Seccion } from './pta-comunes.tsx';

const cargaDe = (t: PtaTotales, clave: string) => t.cargas.find((c) => c.clave === clave);

/** The figures of a period, in the order shown (label, value, unit, decimals, test key). */
function figuras(t: PtaTotales): [string, number | null, string, number, string][] {
  return [
    ['Volumen tratado (afluente)', t.afluente_m3, 'm³', 0, 'afluente'],
    ['Volumen vertido (efluente)', t.efluente_m3, 'm³', 0, 'efluente'],
    ['DQO removida', cargaDe(t, 'DQO')?.carga_removida_kg ?? null, 'kg', 0, 'dqo-removida'],
    ['DBO₅ removida', cargaDe(t, 'DBO5')?.carga_removida_kg ?? null, 'kg', 0, 'dbo-removida'],
    ['SST removidos', cargaDe(t, 'SST')?.carga_removida_kg ?? null, 'kg', 0, 'sst-removida'],
    ['Remoción de DQO', cargaDe(t, 'DQO')?.remocion_pct ?? null, '%', 1, 'remocion-dqo'],
    ['Lodos generados', t.lodos_kg, 'kg', 0, 'lodos'],
    ['Lodos por kg de DQO removida', t.lodos_kg_por_kg_dqo, 'kg/kg', 2, 'lodos-dqo'],
    ['Energía de la PTA', t.energia_kwh, 'kWh', 0, 'energia'],
    ['Energía por m³ tratado', t.energia_kwh_m3, 'kWh/m³', 2, 'energia-m3'],
  ];
}

/** A period's totals as a list of figures ("—" where the period has no data). */
function TotalesCard({ titulo, t, testId }: { titulo: string; t: PtaTotales; testId: string }) {
  return (
    <Seccion
      titulo={titulo}
      subtitulo={`Del ${formatFecha(t.desde)} al ${formatFecha(t.hasta)} · ${t.dias} ${t.dias === 1 ? 'día' : 'días'} con registro`}
      testId={testId}
    >
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 2, rowGap: 0.5 }}
      >
        {figuras(t).map(([label, valor, unidad, decimales, key]) => (
          <Box key={key} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              data-testid={`${testId}-${key}`}
              data-valor={valor ?? ''}
              sx={{ ...numeroSx, m: 0, textAlign: 'right' }}
            >
              {formatNumber(valor, decimales)}
              {valor !== null && <Box component="span" sx={{ color: 'text.secondary' }}>{` ${unidad}`}</Box>}
            </Typography>
          </Box>
        ))}
      </Box>
    </Seccion>
  );
}

/** Columns of the month-by-month table; `telefono: false` ones are left out on phones (no sideways scroll). */
const COLUMNAS: [string, (t: PtaTotales) => number | null, number, boolean, string][] = [
  ['Afluente (m³)', (t) => t.afluente_m3, 0, true, 'm³'],
  ['Efluente (m³)', (t) => t.efluente_m3, 0, false, ''],
  ['DQO removida (kg)', (t) => cargaDe(t, 'DQO')?.carga_removida_kg ?? null, 0, true, 'DQO kg'],
  ['Remoción DQO (%)', (t) => cargaDe(t, 'DQO')?.remocion_pct ?? null, 1, true, 'DQO %'],
  ['SST removidos (kg)', (t) => cargaDe(t, 'SST')?.carga_removida_kg ?? null, 0, false, ''],
  ['Lodos (kg)', (t) => t.lodos_kg, 0, false, ''],
  ['Energía (kWh/m³)', (t) => t.energia_kwh_m3, 2, true, 'kWh/m³'],
];

const celda = (telefono: boolean) =>
  ({
    textAlign: 'right',
    px: { xs: 0.75, sm: 2 },
    display: telefono ? 'table-cell' : { xs: 'none', sm: 'table-cell' },
  }) as const;

/**
 * Acumulados ~ PTA: the month and the year to the chosen day (volumes, loads removed, removal,
 * sludge, energy per m³ treated; ratios of the sums), and month by month as a table and a chart.
 */
export function PtaAcumuladosPage() {
  const dia = useProductionDate();
  const { fecha, isToday } = dia;
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const q = usePtaAcumulados(fecha, isToday ? 60_000 : undefined);
  const a = q.data;
  const option = useMemo(
    () =>
      a
        ? buildAcumuladosOption(
            a.meses.map((m) => ({
              nombreMes: m.nombre_mes,
              afluenteM3: m.totales.afluente_m3,
              dqoRemovidaKg: cargaDe(m.totales, 'DQO')?.carga_removida_kg ?? null,
              energiaKwhM3: m.totales.energia_kwh_m3,
            })),
            compact,
          )
        : null,
    [a, compact],
  );

  const error = <LoadError>No se pudieron obtener los acumulados de la PTA.</LoadError>;
  if (!fecha) return dia.isError ? error : <Loading />;
  const cargando = q.isLoading || q.isPlaceholderData;
  const anio = fecha.slice(0, 4);

  return (
    <Box sx={{ display: 'grid', gap: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <ProductionDayBar {...dia} fecha={fecha} onChange={dia.setFecha} label="Hasta el día" />

      {q.isError && error}

      <Box
        data-testid="pta-estado"
        data-cargando-acumulados={cargando}
        data-fecha={a && !q.isPlaceholderData ? a.fecha : undefined}
        aria-busy={q.isFetching}
        sx={{ display: 'grid', gap: { xs: 2, sm: 2.5 }, minWidth: 0 }}
      >
        {a ? (
          <Box
            sx={{
              display: 'grid',
              gap: { xs: 2, sm: 2.5 },
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            <TotalesCard titulo="Mes a la fecha" t={a.mes} testId="pta-mes" />
            <TotalesCard titulo="Año a la fecha" t={a.anio} testId="pta-anio" />
          </Box>
        ) : (
          !q.isError && <Loading />
        )}

        <Seccion
          titulo={`Mes a mes ${anio}`}
          subtitulo="Volumen tratado y DQO removida por mes; energía por m³ tratado (Σ energía / Σ afluente)"
          testId="pta-grafico-meses"
        >
          <Chart
            option={option}
            loading={cargando}
            height={compact ? 260 : 320}
            ariaLabel={`Volumen tratado, DQO removida y energía por m³ de la PTA por mes de ${anio}`}
            testId="grafico-pta-meses"
          />
        </Seccion>

        {a && (
          <Seccion
            titulo={`Tabla mes a mes ${anio}`}
            subtitulo="Sumas del mes (m³ afluente, kg de DQO removida); remoción de DQO (%) y kWh/m³ como cociente de las sumas"
            testId="pta-tabla-meses"
          >
            <Box sx={{ overflowX: 'auto', minWidth: 0 }}>
              <Table
                size="small"
                aria-label={`Acumulados de la PTA por mes de ${anio}`}
                data-testid="tabla-meses"
              >
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ px: { xs: 0.75, sm: 2 } }}>Mes</TableCell>
                    {COLUMNAS.map(([titulo, , , telefono, corto]) => (
                      <TableCell key={titulo} sx={celda(telefono)}>
                        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                          {titulo}
                        </Box>
                        {/* Phones: a short header (the full one is in the table's caption). */}
                        <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
                          {corto}
                        </Box>
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {[
                    ...a.meses.map((m) => ({
                      key: String(m.mes),
                      nombre: m.nombre_mes,
                      t: m.totales,
                      total: false,
                    })),
                    { key: 'anio', nombre: 'Año', t: a.anio, total: true },
                  ].map((fila) => (
                    <TableRow
                      key={fila.key}
                      data-testid="fila-mes"
                      data-mes={fila.key}
                      sx={fila.total ? { '& > *': { fontWeight: 600 } } : undefined}
                    >
                      <TableCell component="th" scope="row" sx={{ px: { xs: 0.75, sm: 2 } }}>
                        {fila.nombre}
                      </TableCell>
                      {COLUMNAS.map(([titulo, valor, decimales, telefono]) => (
                        <TableCell
                          key={titulo}
                          sx={{ ...numeroSx, ...celda(telefono) }}
                          data-valor={valor(fila.t) ?? ''}
                        >
                          {formatNumber(valor(fila.t), decimales)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </Seccion>
        )}
      </Box>
    </Box>
  );
}
