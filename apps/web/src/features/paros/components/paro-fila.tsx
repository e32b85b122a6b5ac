import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Box, Card, CardActionArea, Chip, Stack, Typography } from '@mui/material';
import { ETIQUETAS_CLASE_PERDIDA, horaPlanta } from '@planta/domain';
import type { Paro } from '../utils/paros.ts';
import { cronometro, duracionMs, esperaMotivo, minutosTexto } from '../utils/paros.ts';
import type { Pendiente } from '../utils/pendientes.ts';

export interface ParoFilaProps {
  paro: Paro;
  pendiente: Pendiente | undefined;
  timeZone: string;
  ahora: number;
  /** The line's micro-stop threshold, seconds. */
  umbral: number;
  onAbrir: (paro: Paro) => void;
}

/** The time range of a stop, plant time: "10:05–10:17", or "10:05 – En curso". */
export function rangoParo(paro: Pick<Paro, 'inicio' | 'fin'>, timeZone: string): string {
  const inicio = horaPlanta(paro.inicio, timeZone);
  return paro.fin ? `${inicio}–${horaPlanta(paro.fin, timeZone)}` : `${inicio} – En curso`;
}

/**
 * One stop of the shift, a single button as wide as the screen: its time range (or the running
 * time of one in progress), minutes, class and reason. A stop waiting for its reason stands out
 * (warning border and text); one whose reason waits to be sent says so.
 */
export function ParoFila({ paro, pendiente, timeZone, ahora, umbral, onAbrir }: ParoFilaProps) {
  const enCurso = !paro.fin;
  const espera = !pendiente && esperaMotivo(paro, ahora, umbral);
  const duracion = enCurso ? cronometro(duracionMs(paro, ahora)) : minutosTexto(paro.minutos);
  const motivo = pendiente?.motivo_nombre ?? paro.motivo?.nombre;
  return (
    <Card
      component="li"
      variant="outlined"
      data-espera={espera ? 'si' : 'no'}
      sx={{
        listStyle: 'none',
        borderLeftWidth: 6,
        borderLeftColor: espera ? 'warning.main' : pendiente ? 'info.main' : 'divider',
        bgcolor: espera ? 'rgba(255, 167, 38, 0.08)' : undefined,
      }}
    >
      <CardActionArea onClick={() => onAbrir(paro)} aria-haspopup="dialog" sx={{ p: 2, minHeight: 88 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
          <Typography component="span" variant="h6" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {rangoParo(paro, timeZone)}
          </Typography>
          <Typography
            component="span"
            variant={enCurso ? 'h6' : 'body1'}
            color={enCurso ? 'warning.main' : 'text.secondary'}
            sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', fontWeight: enCurso ? 700 : 400 }}
            {...(enCurso ? { role: 'timer', 'aria-label': `Duración ${duracion}` } : {})}
          >
            {duracion}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', minWidth: 0 }}>
          <Chip size="small" label={ETIQUETAS_CLASE_PERDIDA[paro.clase]} variant="outlined" />
          <Typography
            component="span"
            variant="body1"
            color={motivo ? 'text.primary' : 'warning.main'}
            sx={{
              fontWeight: motivo ? 400 : 700,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {motivo ?? 'Sin motivo'}
          </Typography>
        </Stack>
        {(pendiente || paro.comentario || paro.motivo_por) && (
          <Stack
            direction="row"
            spacing={1}
            sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
          >
            {pendiente && (
              <Chip size="small" color="info" icon={<CloudUploadIcon />} label="Pendiente de envío" />
            )}
            {!pendiente && paro.motivo_por && (
              <Typography component="span" variant="caption" color="text.secondary">
                Por {paro.motivo_por}
              </Typography>
            )}
            {(pendiente?.comentario ?? paro.comentario) && (
              <Typography
                component="span"
                variant="caption"
                color="text.secondary"
                sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }}
              >
                “{pendiente?.comentario ?? paro.comentario}”
              </Typography>
            )}
          </Stack>
        )}
      </CardActionArea>
    </Card>
  );
}
