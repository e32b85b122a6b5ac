import {
  Alert,
  Box,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { formatNumber } from '@planta/charts/format';
import { MESES } from '@planta/domain';
import { useMemo, useState } from 'react';
import { FormDialog } from '../../../components/config/form-dialog.tsx';
import type { Plan } from '../api/config-planificacion.ts';
import { leerPlanAnual, type MesPegado } from '../utils/numero-escrito.ts';

export interface PlanAnualDialogProps {
  open: boolean;
  variables: readonly { id: string; nombre: string }[];
  /** Every plan loaded: which months exist already (and the version each was read at). */
  planes: readonly Plan[];
  /** Defaults (the list's filters), read when the dialog mounts: render it only while open. */
  variableId: string;
  anio: number;
  guardando: boolean;
  onClose: () => void;
  onSubmit: (input: {
    variable_id: string;
    anio: number;
    meses: (MesPegado & { version?: number })[];
  }) => Promise<boolean>;
}

const cifra = (n: number) => formatNumber(n, Number.isInteger(n) ? 0 : 2);

/**
 * A year's AOP pasted at once from a spreadsheet (a row or a column of 12 cells), optionally the
 * negociado too; a preview of every month (new or replacing what is stored) before one save.
 */
export function PlanAnualDialog({
  open,
  variables,
  planes,
  variableId: variableInicial,
  anio: anioInicial,
  guardando,
  onClose,
  onSubmit,
}: PlanAnualDialogProps) {
  const [variableId, setVariableId] = useState(variableInicial);
  const [anio, setAnio] = useState(String(anioInicial));
  const [aop, setAop] = useState('');
  const [negociado, setNegociado] = useState('');
  const [intentado, setIntentado] = useState(false);

  const anioValido = /^\d{4}$/.test(anio) && Number(anio) >= 2000 && Number(anio) <= 2100;
  const lectura = useMemo(() => leerPlanAnual(aop, negociado), [aop, negociado]);
  const existentes = useMemo(
    () =>
      new Map(
        planes
          .filter((p) => p.variable.id === variableId && p.fecha.startsWith(`${anio}-`))
          .map((p) => [Number(p.fecha.slice(5, 7)), p]),
      ),
    [planes, variableId, anio],
  );
  const errores = [
    ...(variableId ? [] : ['Elija la variable']),
    ...(anioValido ? [] : ['Año entre 2000 y 2100']),
    ...lectura.errores,
  ];
  const mostrarErrores = intentado || aop.trim() !== '';

  const guardar = async () => {
    setIntentado(true);
    if (errores.length > 0) return;
    const meses = lectura.meses.map((m) => {
      const actual = existentes.get(m.mes);
      return actual ? { ...m, version: actual.version } : m;
    });
    if (await onSubmit({ variable_id: variableId, anio: Number(anio), meses })) onClose();
  };

  return (
    <FormDialog
      open={open}
      titulo="Pegar el AOP del año"
      nombre=""
      maxWidth="md"
      guardando={guardando}
      textoGuardar="Guardar el año"
      onClose={onClose}
      onSubmit={guardar}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
        <TextField
          select
          label="Variable"
          value={variableId}
          onChange={(e) => setVariableId(e.target.value)}
          slotProps={{ select: { SelectDisplayProps: { 'aria-label': 'Variable' } as object } }}
        >
          {variables.map((v) => (
            <MenuItem key={v.id} value={v.id}>
              {v.nombre}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Año"
          value={anio}
          onChange={(e) => setAnio(e.target.value.trim())}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          error={!anioValido}
          helperText={anioValido ? undefined : 'Año entre 2000 y 2100'}
        />
      </Box>
      <Typography variant="body2" color="text.secondary">
        Copie de Excel o LibreOffice una fila o una columna con un valor por mes, desde enero (hasta 12), y
        péguela aquí. Se aceptan 1,234.5 y 1.234,5.
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label="AOP por mes"
          multiline
          minRows={3}
          maxRows={12}
          value={aop}
          onChange={(e) => setAop(e.target.value)}
        />
        <TextField
          label="Negociado por mes (opcional)"
          multiline
          minRows={3}
          maxRows={12}
          value={negociado}
          onChange={(e) => setNegociado(e.target.value)}
          helperText="Un mes nuevo sin negociado toma el AOP; uno que ya existe conserva su negociado."
        />
      </Box>
      {mostrarErrores && errores.length > 0 && (
        <Alert severity="error" role="alert">
          {errores.map((e) => (
            <div key={e}>{e}</div>
          ))}
        </Alert>
      )}
      {lectura.meses.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Vista previa del año">
            <TableHead>
              <TableRow>
                <TableCell>Mes</TableCell>
                <TableCell align="right">AOP</TableCell>
                <TableCell align="right">Negociado</TableCell>
                <TableCell>Cambio</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lectura.meses.map((m) => {
                const actual = existentes.get(m.mes);
                const neg = m.negociado ?? actual?.negociado ?? m.aop;
                return (
                  <TableRow key={m.mes}>
                    <TableCell>{MESES[m.mes - 1]}</TableCell>
                    <TableCell align="right">{cifra(m.aop)}</TableCell>
                    <TableCell align="right">
                      {cifra(neg)}
                      {m.negociado === undefined && (
                        <Typography component="span" variant="caption" color="text.secondary">
                          {actual ? ' (se mantiene)' : ' (= AOP)'}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{actual ? `Reemplaza AOP ${cifra(actual.aop)}` : 'Nuevo'}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
    </FormDialog>
  );
}
