import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { AccionFila, type ColumnaConfig } from '../../../components/config/columnas.tsx';
import { DateField } from '@mui/x-date-pickers/DateField';
import { formatFecha, formatNumber } from '@planta/charts/format';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { ConfigGrid } from '../../../components/config/config-grid.tsx';
import { columnaAcciones } from '../../../components/config/use-crud-config.tsx';
import { useGuardar } from '../../../components/config/guardar.ts';
import { SelectorAnio } from '../../../components/config/selector.tsx';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import {
  deleteMeta,
  type MetaConfig,
  metasVariableKey,
  upsertMeta,
  type VariableConfig,
} from '../api/config-variables.ts';
import { numeroOpcional } from '../../../components/config/numero.ts';

export interface MetasPanelProps {
  variable: VariableConfig;
  anio: number;
  onAnio: (anio: number) => void;
  metas: MetaConfig[] | undefined;
  loading: boolean;
  error: string | null;
}

/** A variable's metas of one year: the list, a form that adds or replaces one date's, delete. */
export function MetasPanel({ variable, anio, onAnio, metas, loading, error }: MetasPanelProps) {
  const { guardar, guardando } = useGuardar();
  const [fecha, setFecha] = useState<Dayjs | null>(null);
  const [valor, setValor] = useState('');
  const [errores, setErrores] = useState<{ fecha?: string; valor?: string }>({});
  const [borrar, setBorrar] = useState<MetaConfig | null>(null);
  const anioActual = dayjs().year();
  const anios = Array.from({ length: 9 }, (_, i) => anioActual + 2 - i);

  const editar = (meta: MetaConfig) => {
    setFecha(dayjs(meta.fecha));
    setValor(String(meta.valor));
    setErrores({});
  };

  const guardarMeta = async () => {
    const f = fecha?.isValid() ? fecha.format('YYYY-MM-DD') : null;
    const v = numeroOpcional(valor);
    const faltas = {
      ...(f === null && { fecha: 'Escriba una fecha (DD/MM/AAAA)' }),
      ...((v === null || Number.isNaN(v)) && { valor: 'Escriba un número' }),
    };
    setErrores(faltas);
    if (f === null || v === null || Number.isNaN(v)) return;
    // The meta of that date as listed: replacing it names its version (another admin's save → conflict).
    const existente = metas?.find((m) => m.fecha === f);
    const ok = await guardar(
      () => upsertMeta({ variable_id: variable.id, fecha: f, valor: v, version: existente?.version }),
      {
        exito: existente ? 'Meta actualizada' : 'Meta registrada',
        detalle: `${variable.nombre}, ${formatFecha(f)}`,
        error: 'No se pudo guardar la meta',
        invalidar: [metasVariableKey],
      },
    );
    if (ok) {
      setFecha(null);
      setValor('');
    }
  };

  const columns = useMemo<ColumnaConfig<MetaConfig>[]>(
    () => [
      {
        field: 'fecha',
        headerName: 'Fecha',
        minWidth: 110,
        flex: 1,
        valueFormatter: (v: string) => formatFecha(v),
      },
      {
        field: 'valor',
        headerName: 'Valor',
        type: 'number',
        minWidth: 110,
        flex: 1,
        valueFormatter: (v: number) => formatNumber(v, variable.decimales),
      },
      columnaAcciones(
        (row) => [
          <AccionFila
            key="edit"
            icon={<EditIcon />}
            label={`Editar meta ${formatFecha(row.fecha)}`}
            onClick={() => editar(row)}
          />,
          <AccionFila
            key="delete"
            icon={<DeleteIcon />}
            label={`Eliminar meta ${formatFecha(row.fecha)}`}
            onClick={() => setBorrar(row)}
          />,
        ],
        { width: 100 },
      ),
    ],
    [variable.decimales],
  );

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1.5, alignItems: 'flex-start' }}>
        <SelectorAnio value={anio} anios={anios} width={100} onChange={onAnio} />
        <DateField
          label="Fecha de la meta"
          size="small"
          format="DD/MM/YYYY"
          value={fecha}
          onChange={setFecha}
          data-testid="fecha-meta"
          sx={{ width: 170 }}
          slotProps={{ textField: { error: Boolean(errores.fecha), helperText: errores.fecha } }}
        />
        <TextField
          label="Valor de la meta"
          size="small"
          inputMode="decimal"
          value={valor}
          onChange={(e) => setValor(e.target.value)}
          error={Boolean(errores.valor)}
          helperText={errores.valor}
          sx={{ width: 150 }}
        />
        <Button variant="contained" onClick={() => void guardarMeta()} disabled={guardando}>
          Guardar meta
        </Button>
      </Stack>
      <Typography variant="caption" color="text.secondary">
        Si la fecha ya tiene meta, se reemplaza su valor.
      </Typography>
      <ConfigGrid<MetaConfig>
        label={`Metas ${anio} de ${variable.nombre}`}
        rows={metas}
        columns={columns}
        loading={loading}
        error={error}
        initialState={{ sorting: { sortModel: [{ field: 'fecha', sort: 'asc' }] } }}
      />
      {borrar && (
        <ConfirmDialog
          open
          title="Eliminar meta"
          text={`¿Eliminar la meta del ${formatFecha(borrar.fecha)} (${formatNumber(borrar.valor, variable.decimales)}) de ${variable.nombre}?`}
          confirmLabel="Eliminar"
          onCancel={() => setBorrar(null)}
          onConfirm={async () => {
            await guardar(() => deleteMeta(borrar.id, borrar.version), {
              exito: 'Meta eliminada',
              detalle: `${variable.nombre}, ${formatFecha(borrar.fecha)}`,
              error: 'No se pudo eliminar la meta',
              invalidar: [metasVariableKey],
            });
            setBorrar(null);
          }}
        />
      )}
    </Box>
  );
}
