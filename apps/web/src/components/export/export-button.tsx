import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Box, Button, CircularProgress, LinearProgress, Menu, MenuItem, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { type EstadoExportacionUi, useExportacion } from './use-exportacion.ts';

export type FormatoTabla = 'XLSX' | 'CSV';

const ETIQUETA: Record<FormatoTabla, string> = { XLSX: 'Excel (.xlsx)', CSV: 'CSV' };

/** What the button says while an export runs (and after). */
export function textoEstado(estado: EstadoExportacionUi, progreso: number): string {
  if (estado === 'iniciando') return 'Iniciando exportación…';
  if (estado === 'EN_PROCESO') return `Exportando… ${Math.round(Math.min(1, Math.max(0, progreso)) * 100)} %`;
  if (estado === 'LISTA') return 'Exportación descargada';
  if (estado === 'ERROR') return 'La exportación falló';
  return '';
}

export interface ExportButtonProps {
  /** Starts the export on the server (e.g. the exportarReporteAire mutation) and returns its id. */
  iniciar: (formato: FormatoTabla) => Promise<{ id: string }>;
  disabled?: boolean;
  formatos?: readonly FormatoTabla[];
}

/**
 * "Exportar" with a menu Excel (.xlsx) / CSV. While the export runs the button is busy and shows
 * its progress (announced through aria-live); the file downloads when ready; the server's Spanish
 * error shows when it fails. A second click while one runs does nothing.
 */
export function ExportButton({ iniciar, disabled = false, formatos = ['XLSX', 'CSV'] }: ExportButtonProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const exportacion = useExportacion();
  const menuId = useId();
  const buttonId = useId();
  const ocupada = exportacion.ocupada;
  const elegir = (formato: FormatoTabla) => {
    setAnchor(null);
    void exportacion.iniciar(() => iniciar(formato));
  };
  const texto = textoEstado(exportacion.estado, exportacion.progreso);
  return (
    <Box sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'stretch', minWidth: 140 }}>
      <Button
        id={buttonId}
        variant="outlined"
        startIcon={
          ocupada ? <CircularProgress size={16} color="inherit" aria-hidden /> : <FileDownloadIcon />
        }
        disabled={disabled || ocupada}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        aria-busy={ocupada}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        Exportar
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {formatos.map((f) => (
          <MenuItem key={f} onClick={() => elegir(f)}>
            {ETIQUETA[f]}
          </MenuItem>
        ))}
      </Menu>
      {exportacion.estado === 'EN_PROCESO' && (
        <LinearProgress
          variant="determinate"
          value={Math.round(exportacion.progreso * 100)}
          aria-label="Progreso de la exportación"
          sx={{ mt: 0.5 }}
        />
      )}
      <Typography
        variant="caption"
        color={exportacion.estado === 'ERROR' ? 'error' : 'text.secondary'}
        aria-live="polite"
        role="status"
        sx={{ minHeight: '1.5em', mt: 0.25 }}
        title={exportacion.error ?? undefined}
      >
        {ocupada || exportacion.estado === 'ERROR' ? texto : ''}
      </Typography>
    </Box>
  );
}
