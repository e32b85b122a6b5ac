import { Box } from '@mui/material';
import { LoadError } from '../../../components/feedback/load-error.tsx';
import { Loading } from '../../../components/feedback/loading.tsx';
import { ExportButton } from '../../../components/export/export-button.tsx';
import { REFRESCO_HOY_MS } from '../../../components/reportes/consulta-reporte.ts';
import { ReporteFiltros } from '../../../components/reportes/reporte-filtros.tsx';
import { ReporteResultado } from '../../../components/reportes/reporte-resultado.tsx';
import { useFiltrosReporte } from '../../../components/reportes/use-filtros-reporte.ts';
import { exportarReporteAire, useReporteAire } from '../api/reporte-aire.ts';

/**
 * Reporte de Aire: the compressed-air meters (Nm³/h, the interval's mean) over a range of
 * production days by interval — a chart and a paged table with the range's averages.
 */
export function ReporteAirePage() {
  const estado = useFiltrosReporte();
  const { filtros, consulta, timeZone } = estado;
  const query = useReporteAire(consulta, estado.incluyeHoy ? REFRESCO_HOY_MS : undefined);
  if (!filtros || !consulta || !timeZone) {
    return estado.calendarError ? (
      <LoadError>No se pudo obtener el calendario de la planta.</LoadError>
    ) : (
      <Loading />
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <ReporteFiltros estado={{ ...estado, filtros }}>
        <ExportButton iniciar={(formato) => exportarReporteAire(consulta, formato)} />
      </ReporteFiltros>
      <ReporteResultado
        titulo="Aire comprimido"
        query={query}
        consulta={consulta}
        filtros={filtros}
        timeZone={timeZone}
      />
    </Box>
  );
}
