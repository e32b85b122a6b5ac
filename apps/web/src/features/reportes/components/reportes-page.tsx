import AirIcon from '@mui/icons-material/Air';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import SpeedIcon from '@mui/icons-material/Speed';
import TableChartIcon from '@mui/icons-material/TableChart';
import WaterDropIcon from '@mui/icons-material/WaterDrop';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  LinearProgress,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { usePlantCalendar } from '../../../components/dates/use-plant-calendar.ts';
import { LoadError } from '../../../components/feedback/load-error.tsx';
import { Loading } from '../../../components/feedback/loading.tsx';
import { descargarArchivo } from '../../../lib/download.ts';
import { type ExportacionReciente, useExportacionesRecientes } from '../api/exportaciones.ts';
import { descargable, fechaHoraPlanta, rango, tamano } from '../utils/exportaciones.ts';

interface Informe {
  ruta: string;
  titulo: string;
  icono: ReactNode;
  contiene: string;
  exporta: string;
}

const INFORMES: Informe[] = [
  {
    ruta: '/reportes/contadores',
    titulo: 'Reporte de Contadores',
    icono: <SpeedIcon />,
    contiene:
      'Contadores de cada línea (botellas, botellas llenas, paquetes, producto terminado, velocidad, tiempo en marcha y producto) por hora, turno o día de producción, con fila de totales.',
    exporta: 'Excel (.xlsx) y CSV',
  },
  {
    ruta: '/reportes/scada',
    titulo: 'Reporte de Variables SCADA',
    icono: <TableChartIcon />,
    contiene:
      'Cualquier lectura OPC elegida, por minuto, 15 minutos, hora o día con la agregación de cada variable: tabla y gráfico de las series.',
    exporta: 'Excel (.xlsx) y CSV',
  },
  {
    ruta: '/reportes/aire',
    titulo: 'Reporte de Aire',
    icono: <AirIcon />,
    contiene:
      'Medidores de aire comprimido (Nm³/h, media del intervalo) por rango e intervalo: gráfico y tabla con los promedios del rango.',
    exporta: 'Excel (.xlsx) y CSV',
  },
  {
    ruta: '/reportes/agua',
    titulo: 'Reporte de Agua',
    icono: <WaterDropIcon />,
    contiene:
      'Variables de agua elegidas por rango e intervalo (sumas para volúmenes, medias para niveles): gráfico y tabla con totales.',
    exporta: 'Excel (.xlsx) y CSV',
  },
];

function TarjetaInforme({ informe }: { informe: Informe }) {
  return (
    <Card variant="outlined" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
            {informe.icono}
          </Box>
          <Typography variant="h6" component="h2">
            {informe.titulo}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {informe.contiene}
        </Typography>
        <Chip size="small" label={informe.exporta} sx={{ mt: 1.5 }} variant="outlined" />
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          component={RouterLink}
          to={informe.ruta}
          endIcon={<ArrowForwardIcon />}
          aria-label={`Abrir ${informe.titulo}`}
        >
          Abrir
        </Button>
      </CardActions>
    </Card>
  );
}

const filas = (n: number) => `${n.toLocaleString('es-PE')} ${n === 1 ? 'fila' : 'filas'}`;

const ESTADO: Record<string, string> = { EN_PROCESO: 'Generando', LISTA: 'Lista', ERROR: 'Error' };

function FilaExportacion({
  e,
  timeZone,
  ahora,
}: {
  e: ExportacionReciente;
  timeZone: string;
  ahora: number;
}) {
  const [bajando, setBajando] = useState(false);
  const puede = descargable(e, ahora);
  const bajar = async () => {
    setBajando(true);
    try {
      await descargarArchivo(e.file_url, e.nombre);
    } finally {
      setBajando(false);
    }
  };
  return (
    <Box
      component="li"
      data-testid="exportacion"
      data-id={e.id}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) auto' },
        gap: 1.5,
        alignItems: 'center',
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0 },
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{e.nombre}</Typography>
        <Typography variant="body2" color="text.secondary">
          {e.informe} · {rango(e, timeZone)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {e.formato} · {tamano(e.bytes)}
          {e.estado === 'LISTA' ? ` · ${filas(e.filas)}` : ''} · creada {fechaHoraPlanta(e.creada, timeZone)}{' '}
          · caduca {fechaHoraPlanta(e.expira, timeZone)}
        </Typography>
        {e.estado === 'EN_PROCESO' && (
          <LinearProgress
            variant="determinate"
            value={Math.round(e.progreso * 100)}
            aria-label={`Progreso de ${e.nombre}`}
            sx={{ mt: 1, maxWidth: 360 }}
          />
        )}
        {e.estado === 'ERROR' && e.error && (
          <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
            {e.error}
          </Typography>
        )}
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifySelf: { md: 'end' } }}>
        <Chip
          size="small"
          label={
            e.estado === 'EN_PROCESO'
              ? `${ESTADO.EN_PROCESO} ${Math.round(e.progreso * 100)} %`
              : ESTADO[e.estado]
          }
          color={e.estado === 'ERROR' ? 'error' : e.estado === 'LISTA' ? 'success' : 'default'}
          variant="outlined"
        />
        {puede && (
          <Button
            variant="contained"
            size="small"
            startIcon={<FileDownloadIcon />}
            disabled={bajando}
            onClick={() => void bajar()}
            aria-label={`Descargar ${e.nombre}`}
          >
            Descargar
          </Button>
        )}
      </Stack>
    </Box>
  );
}

function ExportacionesRecientes({ timeZone }: { timeZone: string }) {
  const query = useExportacionesRecientes();
  // "Now" as of the last answer (refetched every minute): expired files lose their button then.
  const ahora = query.dataUpdatedAt;
  let cuerpo: ReactNode;
  if (query.isPending) cuerpo = <Loading />;
  else if (query.isError) cuerpo = <LoadError>No se pudieron obtener sus exportaciones.</LoadError>;
  else if (query.data.length === 0) {
    cuerpo = (
      <Typography color="text.secondary" data-testid="sin-exportaciones">
        Todavía no tiene exportaciones. Use «Exportar» en el Reporte de Aire o de Agua: el archivo queda aquí
        24 horas.
      </Typography>
    );
  } else {
    cuerpo = (
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Mis exportaciones recientes">
        {query.data.map((e) => (
          <FilaExportacion key={e.id} e={e} timeZone={timeZone} ahora={ahora} />
        ))}
      </Box>
    );
  }
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="mis-exportaciones"
      sx={{ p: { xs: 2, sm: 2.5 } }}
    >
      <Typography id="mis-exportaciones" variant="h6" component="h2" gutterBottom>
        Mis exportaciones recientes
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Se pueden descargar durante 24 horas desde que se crean. Fechas en hora de planta.
      </Typography>
      {cuerpo}
    </Paper>
  );
}

/** /reportes: the four reports (what each contains, a link) and the caller's recent exports. */
export function ReportesPage() {
  const { timeZone, isError } = usePlantCalendar();
  return (
    <Box sx={{ display: 'grid', gap: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Box
        component="nav"
        aria-label="Reportes disponibles"
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(4, minmax(0, 1fr))',
          },
        }}
      >
        {INFORMES.map((informe) => (
          <TarjetaInforme key={informe.ruta} informe={informe} />
        ))}
      </Box>
      {timeZone ? (
        <ExportacionesRecientes timeZone={timeZone} />
      ) : isError ? (
        <LoadError>No se pudo obtener el calendario de la planta.</LoadError>
      ) : (
        <Loading />
      )}
    </Box>
  );
}
