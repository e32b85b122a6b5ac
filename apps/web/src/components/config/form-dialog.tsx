import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { FormEvent, ReactNode } from 'react';

export interface FormDialogProps {
  open: boolean;
  /** 'Nueva variable', 'Editar variable: Producción'…; also the form's accessible name unless `nombre`. */
  titulo: ReactNode;
  /**
   * The form's accessible name when the title is not it (e.g. 'Proyección' of 'Proyección 2026:
   * Cartón'); '' for none (a title that a field's label would be found in, e.g. 'Año').
   */
  nombre?: string;
  maxWidth?: 'xs' | 'sm' | 'md';
  /** The fields in two columns from 600 px up (one on a phone); a field spans both with `gridColumn: '1 / -1'`. */
  columnas?: 1 | 2;
  /** A save is under way: the dialog cannot be closed (Escape, backdrop, Cancelar) nor saved again. */
  guardando: boolean;
  /** The server's error on no field of the form, above the fields. */
  errorGeneral?: string | null;
  /** The submit button's text ('Guardar'); while saving it reads 'Guardando...'. */
  textoGuardar?: string;
  /** The submit button is also disabled when this is true (e.g. nothing chosen yet). */
  sinGuardar?: boolean;
  /** Buttons before Cancelar, at the left of the actions (e.g. 'Quitar nodo'). */
  acciones?: ReactNode;
  onClose: () => void;
  /** The form was submitted (Guardar or Enter); react-hook-form's `handleSubmit(…)` fits here. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  children: ReactNode;
}

const DOS_COLUMNAS = { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' };

/**
 * The configuration screens' create / edit dialog: full screen below 600 px, the title, the
 * fields, Cancelar and Guardar. While saving it cannot be closed (Escape, backdrop or Cancelar) and
 * Guardar reads 'Guardando...'; a server error on no field shows above the fields (a field's
 * error goes under its field: `useFormularioConfig`).
 */
export function FormDialog({
  open,
  titulo,
  nombre,
  maxWidth = 'sm',
  columnas = 1,
  guardando,
  errorGeneral,
  textoGuardar = 'Guardar',
  sinGuardar = false,
  acciones,
  onClose,
  onSubmit,
  children,
}: FormDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={guardando ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth={maxWidth}
    >
      <Box
        component="form"
        noValidate
        aria-label={(nombre ?? (typeof titulo === 'string' ? titulo : undefined)) || undefined}
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          void onSubmit(event);
        }}
      >
        <DialogTitle>{titulo}</DialogTitle>
        <DialogContent
          sx={{
            display: 'grid',
            gap: 2,
            pt: '8px !important',
            minWidth: 0,
            ...(columnas === 2 && { gridTemplateColumns: DOS_COLUMNAS }),
          }}
        >
          {errorGeneral && (
            <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
              {errorGeneral}
            </Alert>
          )}
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', rowGap: 1 }}>
          {acciones}
          {acciones && <Box sx={{ flex: 1 }} />}
          <Button onClick={onClose} disabled={guardando}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" disabled={guardando || sinGuardar}>
            {guardando ? 'Guardando...' : textoGuardar}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
