import { Box } from '@mui/material';
import { colorEstado, etiquetaEstado } from '../utils/clases.ts';

/** The colours of the states a chart draws, as a list under it (a custom series has no legend). */
export function LeyendaEstados({ estados }: { estados: readonly string[] }) {
  return (
    <Box
      component="ul"
      aria-label="Leyenda"
      sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, display: 'flex', flexWrap: 'wrap', gap: { xs: 1, sm: 2 } }}
    >
      {estados.map((e) => (
        <Box
          component="li"
          key={e}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.75,
            fontSize: '0.8rem',
            color: 'text.secondary',
          }}
        >
          <Box
            component="span"
            aria-hidden
            sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: colorEstado(e), flexShrink: 0 }}
          />
          {etiquetaEstado(e)}
        </Box>
      ))}
    </Box>
  );
}
