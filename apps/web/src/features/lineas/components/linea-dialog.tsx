import CloseIcon from '@mui/icons-material/Close';
import { Dialog, DialogContent, DialogTitle, IconButton, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { type ReactNode, useId } from 'react';

export interface LineaDialogProps {
  open: boolean;
  onClose: () => void;
  titulo: string;
  subtitulo?: ReactNode;
  testId: string;
  maxWidth?: 'sm' | 'md' | 'lg';
  children: ReactNode;
}

/** The frame of the Lineas dialogs: title, subtitle, close button; full screen on phones. */
export function LineaDialog({
  open,
  onClose,
  titulo,
  subtitulo,
  testId,
  maxWidth = 'lg',
  children,
}: LineaDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={id}
      data-testid={testId}
    >
      <DialogTitle id={id} sx={{ pr: 7, pb: subtitulo ? 0.5 : undefined }}>
        {titulo}
      </DialogTitle>
      {subtitulo && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 3, pb: 1.5 }}>
          {subtitulo}
        </Typography>
      )}
      <IconButton aria-label="Cerrar" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers sx={{ px: { xs: 1.5, sm: 3 } }}>
        {children}
      </DialogContent>
    </Dialog>
  );
}
