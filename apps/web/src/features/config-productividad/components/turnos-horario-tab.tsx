import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Button,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useGuardar } from '../../../components/config/guardar.ts';
import { Loading } from '../../../components/feedback/loading.tsx';
import { guardarTurnosHorario, invalidarTurnosHorario, useTurnosHorario } from '../api/turnos-horario.ts';
import {
  duracionTexto,
  duracionTurno,
  horarioEntrada,
  type HorarioFormValues,
  INICIO_DIA,
} from '../utils/turnos-horario-form.ts';
import { HorarioDialog } from './horario-dialog.tsx';

/**
 * The plant's shifts (the production day 08:00 → 08:00 split in 1 to 6), shown as a table and
 * edited as a whole in a dialog, saved against the version read (a stale one is a CONFLICT: the
 * server's message shows and the shifts reload).
 */
export function TurnosHorarioTab() {
  const turnos = useTurnosHorario();
  const { guardar, guardando } = useGuardar();
  const [abierto, setAbierto] = useState(false);
  // Each opening starts from the shifts as read, not from what a cancelled edit left typed.
  const [apertura, setApertura] = useState(0);
  const [errorGeneral, setErrorGeneral] = useState<string | null>(null);
  const lista = turnos.data ?? [];
  const total = lista.reduce((suma, t) => suma + (duracionTurno(t) ?? 0), 0);

  const abrir = () => {
    setErrorGeneral(null);
    setApertura((n) => n + 1);
    setAbierto(true);
  };
  const cerrar = () => {
    setErrorGeneral(null);
    setAbierto(false);
  };

  const guardarHorario = async (values: HorarioFormValues) => {
    setErrorGeneral(null);
    const entrada = horarioEntrada(values.turnos);
    const hecho = await guardar(
      () => guardarTurnosHorario(entrada, lista[0]?.version),
      {
        exito: 'Horario de turnos guardado',
        detalle: entrada.map((t) => `${t.nombre} ${t.inicio}–${t.fin}`).join(' · '),
        error: 'No se pudo guardar el horario de turnos',
        invalidar: invalidarTurnosHorario,
      },
      (error) => setErrorGeneral(error instanceof Error ? error.message : String(error)),
    );
    if (hecho !== undefined) cerrar();
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, minWidth: 200 }}>
          Horario de turnos
        </Typography>
        <Button variant="contained" startIcon={<EditIcon />} onClick={abrir} disabled={!turnos.isSuccess}>
          Editar horario
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary">
        Los turnos dividen el día de producción, de {INICIO_DIA} a {INICIO_DIA} (hora de planta).
      </Typography>
      {turnos.isError && (
        <Alert severity="error">No se pudo obtener el horario de turnos: {turnos.error.message}</Alert>
      )}
      {turnos.isLoading && <Loading />}
      {turnos.isSuccess && (
        <Paper sx={{ minWidth: 0, overflowX: 'auto' }}>
          <Table
            size="small"
            aria-label="Horario de turnos"
            // Narrower cells on a phone: the five columns fit 360 px.
            sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}
          >
            <TableHead>
              <TableRow>
                <TableCell>Nº</TableCell>
                <TableCell>Nombre</TableCell>
                <TableCell>Inicio</TableCell>
                <TableCell>Fin</TableCell>
                <TableCell align="right">Duración</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lista.map((t) => {
                const minutos = duracionTurno(t);
                return (
                  <TableRow key={t.numero}>
                    <TableCell>{t.numero}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{t.nombre}</TableCell>
                    <TableCell>{t.inicio}</TableCell>
                    <TableCell>{t.fin}</TableCell>
                    <TableCell align="right">{minutos === null ? '—' : duracionTexto(minutos)}</TableCell>
                  </TableRow>
                );
              })}
              <TableRow>
                <TableCell colSpan={4} sx={{ fontWeight: 500 }}>
                  Total
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 500 }}>
                  {duracionTexto(total)}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </Paper>
      )}
      <HorarioDialog
        key={apertura}
        open={abierto}
        turnos={lista}
        guardando={guardando}
        errorGeneral={errorGeneral}
        onClose={cerrar}
        onSubmit={guardarHorario}
      />
    </Box>
  );
}
