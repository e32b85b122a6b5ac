import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HelpIcon from '@mui/icons-material/Help';
import RemoveIcon from '@mui/icons-material/Remove';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box } from '@mui/material';
import type { ComponentProps } from 'react';
import { Seccion as SeccionBase } from '../../../components/seccion.tsx';
import { type EstadoLimite, TEXTO_ESTADO } from '../utils/pta.ts';

/** A titled card of a PTA screen. */
export function Seccion(props: Omit<ComponentProps<typeof SeccionBase>, 'separacion'>) {
  return <SeccionBase separacion={1.5} {...props} />;
}

const ESTILO: Record<EstadoLimite, { color: string; Icon: typeof CheckCircleIcon }> = {
  CUMPLE: { color: 'success.main', Icon: CheckCircleIcon },
  NO_CUMPLE: { color: 'error.main', Icon: WarningAmberIcon },
  SIN_LIMITE: { color: 'text.secondary', Icon: RemoveIcon },
  SIN_DATO: { color: 'text.secondary', Icon: HelpIcon },
};

/** The status against the limits: an icon and the word (never colour alone). */
export function EstadoLimiteChip({
  estado,
  formal = false,
  testId,
}: {
  estado: EstadoLimite;
  /** 'Cumple' / 'No cumple' (the compliance table) instead of 'Dentro del límite' / 'Fuera de límite'. */
  formal?: boolean;
  testId?: string;
}) {
  const { color, Icon } = ESTILO[estado];
  return (
    <Box
      component="span"
      data-testid={testId}
      data-estado={estado}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        color,
        fontWeight: estado === 'NO_CUMPLE' ? 600 : 400,
        fontSize: '0.8125rem',
        whiteSpace: { xs: 'normal', sm: 'nowrap' },
      }}
    >
      <Icon sx={{ fontSize: '1rem' }} aria-hidden />
      {formal ? TEXTO_ESTADO[estado] : (INFORMAL[estado] ?? TEXTO_ESTADO[estado])}
    </Box>
  );
}

const INFORMAL: Partial<Record<EstadoLimite, string>> = {
  CUMPLE: 'Dentro del límite',
  NO_CUMPLE: 'Fuera de límite',
};

export const numeroSx = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
