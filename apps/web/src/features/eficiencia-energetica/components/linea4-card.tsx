import { Box, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { Chart } from '../../../components/charts/chart.tsx';
import { formatFecha, formatNumber } from '@planta/charts/format';
import { useDatosLinea4 } from '../api/eficiencia.ts';
import { linea4PorHora, totalesLinea4 } from '@planta/charts/eficiencia-energetica/linea4';
import { buildLinea4Option } from '@planta/charts/eficiencia-energetica/linea4-option';
import { Cifra, Cifras, Seccion } from './seccion.tsx';

/** datosLinea4: line 4's own counters over the day's window, hour by hour. */
export function Linea4Card({ fecha, timeZone }: { fecha: string; timeZone: string | undefined }) {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const datos = useDatosLinea4(fecha, timeZone);
  const horas = useMemo(
    () => (datos.data && timeZone ? linea4PorHora(datos.data, timeZone) : []),
    [datos.data, timeZone],
  );
  const option = useMemo(() => buildLinea4Option(horas, compact), [horas, compact]);
  const totales = totalesLinea4(horas);
  const cargando = datos.isLoading || datos.isPlaceholderData;
  return (
    <Seccion
      titulo="Línea 4"
      subtitulo={`Contadores propios · ${formatFecha(fecha)} 08:00 → 07:00`}
      testId="linea4"
    >
      <Box data-testid="linea4-estado" data-cargando-linea4={cargando}>
        <Cifras>
          <Cifra
            etiqueta="Botellas llenas"
            valor={formatNumber(totales?.botellasLlenas)}
            testId="linea4-botellas"
          />
          <Cifra etiqueta="Paquetes" valor={formatNumber(totales?.paquetes)} testId="linea4-paquetes" />
        </Cifras>
        {datos.isError && (
          <Box role="alert" sx={{ color: 'error.main', mb: 1 }}>
            No se pudieron obtener los datos de la línea 4.
          </Box>
        )}
        <Chart
          option={option}
          loading={cargando}
          height={compact ? 240 : 280}
          ariaLabel={`Línea 4: botellas llenas y velocidad media por hora del ${formatFecha(fecha)}`}
          testId="grafico-linea4"
        />
      </Box>
    </Seccion>
  );
}
