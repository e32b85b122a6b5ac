import SaveIcon from '@mui/icons-material/Save';
import {
  Alert,
  Box,
  Button,
  Chip,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { MESES } from '@planta/domain';
import { useMemo, useState } from 'react';
import { formatNumber } from '@planta/charts/format';
import { useGuardar } from '../../../components/config/guardar.ts';
import { Selector, SelectorAnio } from '../../../components/config/selector.tsx';
import { Loading } from '../../../components/feedback/loading.tsx';
import type { ClasificacionCamposFragment } from '../api/config-zero-waste.generated.ts';
import { guardarMes, invalidarZeroWaste, useRegistrosDelMes } from '../api/config-zero-waste.ts';
import { errorKg, leerNumero, zwlDe } from '../utils/kilos.ts';

export interface KgMesProps {
  clasificaciones: readonly ClasificacionCamposFragment[];
  /** The current production day: no later month is offered. */
  hoy: string;
}

/**
 * Every classification's kg of one month, edited together and saved in one request (all or
 * nothing). Each field says what is wrong as it is typed; the month's ZWL is shown as it will be.
 */
export function KgMes({ clasificaciones, hoy }: KgMesProps) {
  const anioActual = Number(hoy.slice(0, 4));
  const [anio, setAnio] = useState(anioActual);
  const [mes, setMes] = useState(Number(hoy.slice(5, 7)));
  const primerDia = `${anio}-${String(mes).padStart(2, '0')}-01`;
  const registros = useRegistrosDelMes(primerDia);
  const { guardar, guardando } = useGuardar();
  const [valores, setValores] = useState<Record<string, string>>({});
  const [enviado, setEnviado] = useState(false);

  const porClasificacion = useMemo(
    () => new Map((registros.data ?? []).map((r) => [r.clasificacion.id, r])),
    [registros.data],
  );
  // The month's stored kg fill the fields whenever they (re)load: another month, after a save, or
  // after a conflict (the other admin's figures replace what was typed).
  const [cargados, setCargados] = useState(registros.data);
  if (registros.data !== cargados) {
    setCargados(registros.data);
    if (registros.data) {
      setValores(Object.fromEntries(registros.data.map((r) => [r.clasificacion.id, String(r.kg)])));
      setEnviado(false);
    }
  }

  const errores = new Map(
    clasificaciones.map((c) => [c.id, errorKg(valores[c.id] ?? '', porClasificacion.has(c.id))]),
  );
  const hayErrores = [...errores.values()].some((e) => e !== null);
  let aprovechable = 0;
  let total = 0;
  for (const c of clasificaciones) {
    const kg = leerNumero(valores[c.id] ?? '');
    if (kg === null || kg < 0) continue;
    total += kg;
    if (c.aprovechable) aprovechable += kg;
  }
  const zwl = zwlDe(aprovechable, total);

  const guardarTodo = async () => {
    setEnviado(true);
    if (hayErrores) return;
    const lista = clasificaciones
      .filter((c) => (valores[c.id] ?? '').trim() !== '')
      .map((c) => ({
        clasificacion_id: c.id,
        kg: leerNumero(valores[c.id]!)!,
        version: porClasificacion.get(c.id)?.version,
      }));
    await guardar(() => guardarMes({ mes: primerDia, registros: lista }), {
      exito: 'Kg del mes guardados',
      detalle: `${MESES[mes - 1]} ${anio}`,
      error: 'No se pudieron guardar los kg del mes',
      invalidar: invalidarZeroWaste,
    });
  };

  const anios = Array.from({ length: 6 }, (_, i) => anioActual - i);
  const meses = MESES.map((nombre, i) => ({ nombre, numero: i + 1 })).filter(
    (m) => anio < anioActual || m.numero <= Number(hoy.slice(5, 7)),
  );

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <SelectorAnio
          value={anio}
          anios={anios}
          width={110}
          nombrado
          onChange={(nuevo) => {
            setAnio(nuevo);
            if (nuevo === anioActual) setMes((m) => Math.min(m, Number(hoy.slice(5, 7))));
          }}
        />
        <Selector
          label="Mes"
          value={mes}
          opciones={meses.map((m) => [m.numero, m.nombre] as const)}
          onChange={setMes}
          nombre="Mes"
          sx={{ width: 150 }}
        />
        <Typography data-testid="zwl-mes" sx={{ flex: '1 1 auto', textAlign: { sm: 'right' } }}>
          ZWL del mes: <strong>{zwl === null ? '—' : `${formatNumber(zwl, 2)} %`}</strong>
        </Typography>
      </Box>
      {registros.isError && (
        <Alert severity="error">No se pudieron obtener los kg del mes: {registros.error.message}</Alert>
      )}
      {registros.isLoading ? (
        <Loading />
      ) : (
        <Paper sx={{ minWidth: 0, overflowX: 'auto' }}>
          <Table size="small" aria-label={`Kg por clasificación, ${MESES[mes - 1]} ${anio}`}>
            <TableHead>
              <TableRow>
                <TableCell>Clasificación</TableCell>
                <TableCell sx={{ width: { xs: 130, sm: 200 } }}>Kg</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {clasificaciones.map((c) => {
                const error = enviado || (valores[c.id] ?? '') !== '' ? errores.get(c.id) : null;
                return (
                  <TableRow key={c.id}>
                    <TableCell>
                      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                        {c.descripcion}
                        <Chip
                          size="small"
                          variant="outlined"
                          color={c.aprovechable ? 'success' : 'default'}
                          label={c.aprovechable ? 'Aprovechable' : 'No aprovechable'}
                        />
                      </Box>
                    </TableCell>
                    <TableCell>
                      <TextField
                        size="small"
                        value={valores[c.id] ?? ''}
                        onChange={(e) => setValores((v) => ({ ...v, [c.id]: e.target.value }))}
                        error={!!error}
                        helperText={error}
                        slotProps={{
                          htmlInput: { inputMode: 'decimal', 'aria-label': `Kg de ${c.descripcion}` },
                        }}
                        fullWidth
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Paper>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          startIcon={<SaveIcon />}
          disabled={guardando || registros.isLoading || clasificaciones.length === 0}
          onClick={() => void guardarTodo()}
        >
          Guardar mes
        </Button>
      </Box>
    </Box>
  );
}
