import CloseIcon from '@mui/icons-material/Close';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatFechaLarga, formatValue } from '@planta/charts/format';
import {
  brechaPp,
  enlaceEficienciaPagada,
  type SeleccionEficiencia,
} from '@planta/charts/eficiencia-energetica/eta';

export interface EficienciaPagadaDialogProps {
  /** The selected line and day; null closes the dialog. */
  seleccion: SeleccionEficiencia | null;
  /** The line's name ('Línea 1'). */
  lineaNombre: string;
  onClose: () => void;
}

function Dato({ etiqueta, valor, testId }: { etiqueta: string; valor: string; testId: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {etiqueta}
      </Typography>
      <Typography variant="h6" component="p" data-testid={testId} sx={{ fontSize: '1.2rem' }}>
        {valor}
      </Typography>
    </Box>
  );
}

/**
 * The paid-efficiency view of a line's day (SPEC §2 dialog, state {linea, pagada, sap, fecha}):
 * eficiencia pagada against SAP's figure and the gap in percentage points, with the way to the
 * Eficiencia Pagada screen for that line and day.
 */
export function EficienciaPagadaDialog({ seleccion, lineaNombre, onClose }: EficienciaPagadaDialogProps) {
  const id = useId();
  return (
    <Dialog
      open={seleccion !== null}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby={id}
      data-testid="dialogo-eficiencia-pagada"
    >
      {seleccion && (
        <>
          <DialogTitle id={id} sx={{ pr: 7 }}>
            Eficiencia pagada
          </DialogTitle>
          <IconButton aria-label="Cerrar" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
            <CloseIcon />
          </IconButton>
          <DialogContent dividers>
            <Typography data-testid="seleccion-linea">{lineaNombre}</Typography>
            <Typography
              color="text.secondary"
              data-testid="seleccion-fecha"
              sx={{ mb: 2, '&::first-letter': { textTransform: 'uppercase' } }}
            >
              {formatFechaLarga(seleccion.fecha)}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1.5 }}>
              <Dato
                etiqueta="Pagada"
                valor={formatValue(seleccion.pagada, '%', 2)}
                testId="seleccion-pagada"
              />
              <Dato etiqueta="SAP" valor={formatValue(seleccion.sap, '%', 2)} testId="seleccion-sap" />
              <Dato
                etiqueta="Brecha"
                valor={formatValue(brechaPp(seleccion.pagada, seleccion.sap), 'pp', 2)}
                testId="seleccion-brecha"
              />
            </Box>
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={onClose}>Cerrar</Button>
            <Button
              variant="contained"
              component={RouterLink}
              to={enlaceEficienciaPagada(seleccion)}
              endIcon={<OpenInNewIcon />}
              data-testid="enlace-eficiencia-pagada"
            >
              Ver Eficiencia Pagada
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
