import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { ColumnaConfig } from '../../../components/config/columnas.tsx';
import { useState } from 'react';
import { ConfigGrid } from '../../../components/config/config-grid.tsx';
import { CeldaLineas, CeldaTexto, columnaChip } from '../../../components/config/celdas.tsx';
import { Encabezado } from '../../../components/config/encabezado.tsx';
import { Selector } from '../../../components/config/selector.tsx';
import { usePlantCalendar } from '../../../components/dates/use-plant-calendar.ts';
import { formatFechaHora } from '../utils/reporte-form.ts';
import { type EnvioCorreo, LIMITE_CORREOS, useEnviosCorreo } from '../api/correos.ts';

const ESTADOS: [string, string][] = [
  ['', 'Todos'],
  ['PENDIENTE', 'Pendientes'],
  ['ENVIADO', 'Enviados'],
  ['FALLIDO', 'Fallidos'],
];

export const ESTADO_CORREO_LABEL: Record<string, string> = {
  PENDIENTE: 'Pendiente',
  ENVIADO: 'Enviado',
  FALLIDO: 'Fallido',
};

const ESTADO_CORREO_COLOR: Record<string, 'warning' | 'success' | 'error'> = {
  PENDIENTE: 'warning',
  ENVIADO: 'success',
  FALLIDO: 'error',
};

const numero = new Intl.NumberFormat('es-PE');

/** '3 correos no se pudieron enviar…' / '1 correo no se pudo enviar…' (the server counts up to its limit). */
export function fallidosTexto(n: number): string {
  const cuantos = n >= LIMITE_CORREOS ? `${numero.format(LIMITE_CORREOS)} o más` : numero.format(n);
  return n === 1
    ? '1 correo no se pudo enviar: revise SMTP_URL y las direcciones'
    : `${cuantos} correos no se pudieron enviar: revise SMTP_URL y las direcciones`;
}

const intentosTexto = (n: number) => (n === 1 ? '1 intento' : `${numero.format(n)} intentos`);

/**
 * The e-mail outbox (issue 17, admin): every message the server queued, its state, attempts, next
 * retry (30 s, 2 min, 10 min, 30 min, 2 h) and last error, so a failure is never lost silently.
 */
export function CorreosTab() {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const timeZone = usePlantCalendar().timeZone;
  const [estado, setEstado] = useState('');
  const correos = useEnviosCorreo(estado || null);
  const envios = correos.data?.envios;
  const fallidos = correos.data?.fallidos ?? 0;
  const fecha = (iso: string | null | undefined) => (iso ? formatFechaHora(iso, timeZone) : '');

  const columns: ColumnaConfig<EnvioCorreo>[] = [
    {
      field: 'creado',
      headerName: 'Creado',
      width: 140,
      flex: narrow ? 1 : undefined,
      valueFormatter: (v: string) => fecha(v),
      renderCell: narrow
        ? ({ row }: { row: EnvioCorreo }) => (
            <CeldaLineas
              principal={row.destinatario}
              secundarias={[
                row.asunto,
                `Creado: ${fecha(row.creado)} · ${intentosTexto(row.intentos)}`,
                row.proximo_intento ? `Próximo intento: ${fecha(row.proximo_intento)}` : null,
                row.ultimo_error,
              ]}
            />
          )
        : undefined,
    },
    {
      field: 'destinatario',
      headerName: 'Destinatario',
      flex: 1,
      minWidth: 170,
      renderCell: ({ value }: { value?: string }) => <CeldaTexto value={value} />,
    },
    {
      field: 'asunto',
      headerName: 'Asunto',
      flex: 1.3,
      minWidth: 170,
      renderCell: ({ value }: { value?: string }) => <CeldaTexto value={value} />,
    },
    columnaChip<EnvioCorreo>(
      'estado',
      'Estado',
      (c) => ESTADO_CORREO_LABEL[c.estado] ?? c.estado,
      (c) => ({
        color: ESTADO_CORREO_COLOR[c.estado] ?? 'default',
        variant: c.estado === 'FALLIDO' ? 'filled' : 'outlined',
      }),
      { width: 100 },
    ),
    {
      field: 'intentos',
      headerName: 'Intentos',
      type: 'number',
      width: 85,
      valueFormatter: (v: number) => numero.format(v),
    },
    {
      field: 'proximo_intento',
      headerName: 'Próximo intento',
      width: 140,
      // The ISO instant sorts; the cell shows it in plant time.
      valueFormatter: (v: string | null) => fecha(v) || '—',
    },
    {
      field: 'ultimo_error',
      headerName: 'Último error',
      flex: 1.5,
      minWidth: 180,
      sortable: false,
      renderCell: ({ value }: { value?: string | null }) => <CeldaTexto value={value} error />,
    },
  ];

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Encabezado titulo="Correos enviados">
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
          <Selector
            label="Estado"
            value={estado}
            opciones={ESTADOS}
            onChange={setEstado}
            vacioVisible
            sx={{ minWidth: 150 }}
          />
          <Button
            startIcon={<RefreshIcon />}
            onClick={() => void correos.refetch()}
            disabled={correos.isFetching}
          >
            Actualizar
          </Button>
        </Box>
      </Encabezado>
      <Typography variant="body2" color="text.secondary">
        Los correos de alarmas y reportes. Un envío fallido se reintenta a los 30 s, 2 min, 10 min, 30 min y 2
        h; tras 6 intentos queda como Fallido.
      </Typography>
      {fallidos > 0 && (
        <Alert
          severity="error"
          aria-label="Correos fallidos"
          sx={{ overflowWrap: 'anywhere' }}
          action={
            estado === 'FALLIDO' ? undefined : (
              <Button color="inherit" size="small" onClick={() => setEstado('FALLIDO')}>
                Ver
              </Button>
            )
          }
        >
          {fallidosTexto(fallidos)}
        </Alert>
      )}
      {!estado && envios?.length === 0 && (
        <Alert severity="info" role="status">
          No hay correos. Sin SMTP_URL no se envía ningún correo.
        </Alert>
      )}
      <ConfigGrid<EnvioCorreo>
        label="Correos enviados"
        rows={envios}
        columns={columns}
        loading={correos.isFetching && !correos.data}
        error={correos.isError ? `No se pudo obtener la lista de correos: ${correos.error.message}` : null}
        hiddenOnPhone={['destinatario', 'asunto', 'intentos', 'proximo_intento', 'ultimo_error']}
        sinFilas={estado ? 'No hay correos con este estado' : 'No hay correos'}
      />
      {envios?.length === LIMITE_CORREOS && (
        <Typography variant="caption" color="text.secondary">
          Se muestran los {numero.format(LIMITE_CORREOS)} correos más recientes.
        </Typography>
      )}
    </Box>
  );
}
