import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Box, Button, CircularProgress, IconButton } from '@mui/material';
import { REPORT_PARAMS } from '@planta/domain';
import { useLocation } from 'react-router';
import { useExportacion } from '../../components/export/use-exportacion.ts';
import { gql } from '../../lib/graphql-client.ts';
import type { ParametrosReporte } from '../../gql/types.ts';
import { GenerarReportePdfDocument } from './api/generar-reporte-pdf.generated.ts';
import { Hint } from '../../components/feedback/hint.tsx';

/** The URL parameters a screen's report uses (its date, range and filters). */
const PARAMETROS = REPORT_PARAMS;

/** The report's parameters from the screen's URL (`?fecha=…&desde=…`); others are left out. */
export function parametrosReporte(search: string): ParametrosReporte {
  const params = new URLSearchParams(search);
  const out: ParametrosReporte = {};
  for (const clave of PARAMETROS) {
    const valor = params.get(clave);
    if (valor) out[clave] = valor;
  }
  return out;
}

/**
 * The header's "Reporte" button: the server makes the PDF of the current screen for its date,
 * range and filters (generarReportePdf), the button shows its progress and the file downloads
 * when ready. A second click while one is being made does nothing.
 */
export function ReportButton({ wide }: { wide: boolean }) {
  const { pathname, search } = useLocation();
  const exportacion = useExportacion();
  const ocupada = exportacion.ocupada;
  const porcentaje = Math.round(Math.min(1, Math.max(0, exportacion.progreso)) * 100);
  const estado = ocupada ? `Generando reporte… ${porcentaje} %` : '';

  const generar = () =>
    void exportacion.iniciar(() =>
      gql(GenerarReportePdfDocument, { ruta: pathname, parametros: parametrosReporte(search) }).then(
        (r) => r.generarReportePdf,
      ),
    );
  const progreso = (
    <CircularProgress
      size={18}
      color="inherit"
      variant={exportacion.estado === 'EN_PROCESO' && porcentaje > 0 ? 'determinate' : 'indeterminate'}
      value={porcentaje}
      aria-hidden
    />
  );

  return (
    <>
      {wide ? (
        <Button
          color="inherit"
          startIcon={ocupada ? progreso : <PictureAsPdfIcon />}
          onClick={generar}
          aria-busy={ocupada}
          aria-disabled={ocupada}
          data-testid="boton-reporte"
        >
          {ocupada ? `Reporte ${porcentaje} %` : 'Reporte'}
        </Button>
      ) : (
        <Hint title={ocupada ? estado : 'Reporte'}>
          <IconButton
            color="inherit"
            aria-label="Reporte"
            onClick={generar}
            aria-busy={ocupada}
            aria-disabled={ocupada}
            data-testid="boton-reporte"
          >
            {ocupada ? progreso : <PictureAsPdfIcon />}
          </IconButton>
        </Hint>
      )}
      <Box component="span" role="status" aria-live="polite" sx={visuallyHidden}>
        {estado}
      </Box>
    </>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
