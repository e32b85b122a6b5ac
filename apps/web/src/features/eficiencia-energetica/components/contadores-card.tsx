import TableChartIcon from '@mui/icons-material/TableChart';
import {
  Box,
  Button,
  Collapse,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { Chart } from '../../../components/charts/chart.tsx';
import { formatFecha, formatNumber, formatValue } from '@planta/charts/format';
import { useResumenVariables } from '../../../components/kpi/api/variables.ts';
import { useContadoresHora, useVariablesEnergia } from '../api/eficiencia.ts';
import { buildContadoresOption, DECIMALES_KPI } from '@planta/charts/eficiencia-energetica/contadores-option';
import { type DiaEficiencia } from '@planta/charts/eficiencia-energetica/eta';
import {
  contadoresPorHora,
  energiaDelDia,
  rangoHora,
  variablesEnergiaLinea,
} from '@planta/charts/eficiencia-energetica/horas';
import { Cifra, Cifras, Seccion } from './seccion.tsx';

export interface ContadoresCardProps {
  fecha: string;
  timeZone: string | undefined;
  linea: { id: string; numero: number; nombre: string };
  /** The line's ETA, paid and SAP efficiency of `fecha` (datosEtaLinea), undefined while loading. */
  dia: DiaEficiencia | undefined;
  onSelectDia: () => void;
}

/** A line's hourly counters over the window 08:00 → 07:00: energy, efficiency, kpi_energia, format. */
export function ContadoresCard({ fecha, timeZone, linea, dia, onSelectDia }: ContadoresCardProps) {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const contadores = useContadoresHora(linea.id, fecha, timeZone);
  const [tabla, setTabla] = useState(false);
  const horas = useMemo(
    () => (contadores.data && timeZone ? contadoresPorHora(contadores.data, timeZone) : []),
    [contadores.data, timeZone],
  );
  const option = useMemo(() => buildContadoresOption(horas, compact), [horas, compact]);
  const energia = energiaDelDia(horas);
  // The day's kWh/L as /fabrica and Lineas read it: the line's variable (Σ kWh / Σ litres).
  const variables = useVariablesEnergia();
  const { kpi: variableKpi } = variablesEnergiaLinea(variables.data ?? [], linea.numero);
  const resumen = useResumenVariables(variableKpi ? [variableKpi] : [], fecha);
  const kpiDia = resumen.isPlaceholderData ? undefined : resumen.data?.[0]?.diario;
  const cargando = contadores.isLoading || contadores.isPlaceholderData;

  return (
    <Seccion
      titulo={`Contadores por hora · ${linea.nombre}`}
      subtitulo={`${formatFecha(fecha)} 08:00 → 07:00 del día siguiente`}
      testId="contadores"
      acciones={
        <Button
          size="small"
          startIcon={<TableChartIcon />}
          onClick={() => setTabla((t) => !t)}
          aria-expanded={tabla}
          disabled={!option}
        >
          {tabla ? 'Ocultar tabla' : 'Ver tabla'}
        </Button>
      }
    >
      <Box
        data-testid="resumen-linea"
        data-fecha={contadores.data && !contadores.isPlaceholderData ? fecha : undefined}
        data-linea={linea.numero}
      >
        <Cifras>
          <Cifra etiqueta="Energía del día" valor={formatValue(energia, 'kWh', 2)} testId="energia-dia" />
          <Cifra
            etiqueta="KPI energía"
            valor={formatValue(kpiDia, 'kWh/L', DECIMALES_KPI)}
            testId="kpi-energia-dia"
          />
          <Cifra etiqueta="ETA del día" valor={formatValue(dia?.eta, '%', 2)} testId="eta-dia" />
          <Box sx={{ minWidth: 0 }}>
            <Cifra
              etiqueta="Eficiencia pagada"
              valor={formatValue(dia?.pagada, '%', 2)}
              testId="pagada-dia"
            />
            <Button
              size="small"
              sx={{ px: 0, minWidth: 0 }}
              onClick={onSelectDia}
              disabled={!dia || (dia.pagada === null && dia.sap === null && dia.eta === null)}
              data-testid="ver-pagada-dia"
            >
              Ver pagada y SAP
            </Button>
          </Box>
        </Cifras>
      </Box>
      {contadores.isError && (
        <Box role="alert" sx={{ color: 'error.main', mb: 1 }}>
          No se pudieron obtener los contadores por hora.
        </Box>
      )}
      <Chart
        option={option}
        loading={cargando}
        height={compact ? 260 : 300}
        ariaLabel={`${linea.nombre}: energía (kWh) y eficiencia (%) por hora del ${formatFecha(fecha)}, de 08:00 a 07:00`}
        testId="grafico-contadores"
      />
      <Collapse in={tabla} unmountOnExit>
        <Box sx={{ overflowX: 'auto', mt: 1 }}>
          <Table
            size="small"
            aria-label={`Contadores por hora de ${linea.nombre}`}
            data-testid="tabla-contadores"
          >
            <TableHead>
              <TableRow>
                <TableCell>Hora</TableCell>
                <TableCell align="right">Energía (kWh)</TableCell>
                <TableCell align="right">Eficiencia (%)</TableCell>
                <TableCell align="right">KPI (kWh/L)</TableCell>
                <TableCell align="right">Formato</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {horas.map(({ hora, contador }) => (
                <TableRow key={hora}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{rangoHora(hora)}</TableCell>
                  <TableCell align="right">{formatNumber(contador?.energia, 2)}</TableCell>
                  <TableCell align="right">{formatNumber(contador?.eficiencia, 2)}</TableCell>
                  <TableCell align="right">{formatNumber(contador?.kpi_energia, DECIMALES_KPI)}</TableCell>
                  <TableCell align="right">{contador ? contador.formato || '—' : '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Collapse>
    </Seccion>
  );
}
