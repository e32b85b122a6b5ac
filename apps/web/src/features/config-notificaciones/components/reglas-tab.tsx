import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import { Box, Button, Chip, Typography } from '@mui/material';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { ConfigGrid } from '../../../components/config/config-grid.tsx';
import { type ErrorDeCampo, errorDeCampo, useGuardar } from '../../../components/config/guardar.ts';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { lazyDialog } from '../../../components/feedback/lazy-dialog.tsx';
import { formatMedida, SEVERIDAD_COLOR, SEVERIDAD_LABEL } from '../../../components/alarmas/etiquetas.ts';
import {
  actualizarRegla,
  crearRegla,
  eliminarRegla,
  type ReglaConfig,
  reglasKey,
  useReglasNotificacion,
} from '../api/config-notificaciones.ts';
import {
  CONDICION_LABEL,
  type ReglaFormValues,
  reglaDefaults,
  reglaInput,
  ROL_DESTINO_LABEL,
} from '../utils/regla-form.ts';
import type { ReglaDialogProps } from './regla-dialog.tsx';

const ReglaDialog = lazyDialog<ReglaDialogProps>(
  () => import('./regla-dialog.tsx').then((m) => m.ReglaDialog),
  (p) => p.open,
);

type Dialogo = { kind: 'cerrado' } | { kind: 'form'; id: string | null } | { kind: 'eliminar'; id: string };

export const origenRegla = (r: ReglaConfig) =>
  r.fuente === 'VIVO' ? `Velocidad ${r.linea_nombre ?? ''}`.trim() : (r.variable?.nombre ?? '—');

/** The rule's limit as a short text: the threshold, or the variable's range / the meta. */
export function limiteRegla(r: ReglaConfig): string {
  const unidad = r.fuente === 'VIVO' ? 'bpm' : r.variable?.unidad;
  if (r.condicion === 'UMBRAL_BAJO' || r.condicion === 'UMBRAL_SOBRE')
    return r.umbral === null
      ? '—'
      : `${r.condicion === 'UMBRAL_BAJO' ? '<' : '>'} ${formatMedida(r.umbral, unidad)}`;
  if (r.condicion === 'FUERA_DE_RANGO') {
    const min = r.variable?.minimo;
    const max = r.variable?.maximo;
    return `${min === null || min === undefined ? '…' : formatMedida(min)} – ${
      max === null || max === undefined ? '…' : formatMedida(max)
    }`;
  }
  return 'Meta del día';
}

const destinatarios = (r: ReglaConfig) =>
  [
    ...r.roles_destino.map((rol) => ROL_DESTINO_LABEL[rol] ?? rol),
    ...r.usuarios_destino.map((u) => u.nombre || u.username),
  ].join(', ');

const canales = (r: ReglaConfig) =>
  [r.canal_app ? 'App' : null, r.canal_email ? 'Correo' : null].filter(Boolean).join(', ');

/** The rules: list, create / edit (with the 30-day preview), delete, activate / deactivate. */
export function ReglasTab() {
  const reglas = useReglasNotificacion();
  const { guardar, guardando } = useGuardar();
  const [dialogo, setDialogo] = useState<Dialogo>({ kind: 'cerrado' });
  const [errorServidor, setErrorServidor] = useState<ErrorDeCampo | null>(null);
  const [errorGeneral, setErrorGeneral] = useState<string | null>(null);
  const buscar = (id: string | null) => reglas.data?.find((r) => r.id === id) ?? null;

  const cerrar = () => {
    setDialogo({ kind: 'cerrado' });
    setErrorServidor(null);
    setErrorGeneral(null);
  };

  // The dialog edits the rule as currently loaded: after a conflict the list reloads and so does the form.
  const editada = dialogo.kind === 'form' ? buscar(dialogo.id) : null;
  const aEliminar = dialogo.kind === 'eliminar' ? buscar(dialogo.id) : null;

  const onSubmit = async (values: ReglaFormValues) => {
    setErrorServidor(null);
    setErrorGeneral(null);
    const input = reglaInput(values);
    const saved = await guardar(
      () =>
        editada ? actualizarRegla(editada.id, { ...input, version: editada.version }) : crearRegla(input),
      {
        exito: editada ? 'Regla actualizada' : 'Regla creada',
        detalle: input.nombre,
        error: editada ? 'No se pudo actualizar la regla' : 'No se pudo crear la regla',
        invalidar: [reglasKey],
      },
      (error) => {
        const campo = errorDeCampo(error);
        setErrorServidor(campo);
        if (!campo) setErrorGeneral(error instanceof Error ? error.message : String(error));
      },
    );
    if (saved) cerrar();
  };

  const columns = useMemo<GridColDef<ReglaConfig>[]>(() => {
    // Activate / deactivate from the row at once: the rule as loaded, with its version.
    const cambiarActiva = (r: ReglaConfig) =>
      guardar(
        () =>
          actualizarRegla(r.id, { ...reglaInput(reglaDefaults(r)), activa: !r.activa, version: r.version }),
        {
          exito: r.activa ? 'Regla desactivada' : 'Regla activada',
          detalle: r.nombre,
          error: 'No se pudo cambiar el estado de la regla',
          invalidar: [reglasKey],
        },
      );
    return [
      { field: 'nombre', headerName: 'Nombre', flex: 1.2, minWidth: 120 },
      {
        field: 'origen',
        headerName: 'Origen',
        flex: 1,
        minWidth: 110,
        valueGetter: (_v, row) => origenRegla(row),
      },
      {
        field: 'condicion',
        headerName: 'Condición',
        width: 160,
        valueGetter: (v: string) => CONDICION_LABEL[v] ?? v,
      },
      {
        field: 'limite',
        headerName: 'Límite / umbral',
        width: 115,
        sortable: false,
        valueGetter: (_v, row) => limiteRegla(row),
      },
      {
        field: 'duracion_min',
        headerName: 'Duración',
        width: 80,
        valueGetter: (v: number, row) => (row.fuente === 'VIVO' ? `${v} min` : '—'),
      },
      {
        field: 'severidad',
        headerName: 'Severidad',
        width: 95,
        valueGetter: (v: string) => SEVERIDAD_LABEL[v] ?? v,
        renderCell: ({ row, value }) => (
          <Chip
            size="small"
            label={value}
            color={SEVERIDAD_COLOR[row.severidad] ?? 'default'}
            variant="outlined"
          />
        ),
      },
      {
        field: 'destinatarios',
        headerName: 'Destinatarios',
        flex: 1,
        minWidth: 120,
        sortable: false,
        valueGetter: (_v, row) => destinatarios(row),
      },
      { field: 'canales', headerName: 'Canales', width: 90, valueGetter: (_v, row) => canales(row) },
      {
        field: 'activa',
        headerName: 'Estado',
        width: 85,
        valueGetter: (v: boolean) => (v ? 'Activa' : 'Inactiva'),
        renderCell: ({ value }) => (
          <Chip
            size="small"
            label={value}
            color={value === 'Activa' ? 'success' : 'default'}
            variant={value === 'Activa' ? 'outlined' : 'filled'}
          />
        ),
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Acciones',
        width: 110,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="edit"
            icon={<EditIcon />}
            label={`Editar ${row.nombre}`}
            onClick={() => setDialogo({ kind: 'form', id: row.id })}
          />,
          <GridActionsCellItem
            key="activa"
            icon={row.activa ? <ToggleOnIcon color="success" /> : <ToggleOffIcon />}
            label={`${row.activa ? 'Desactivar' : 'Activar'} ${row.nombre}`}
            onClick={() => void cambiarActiva(row)}
          />,
          <GridActionsCellItem
            key="delete"
            icon={<DeleteIcon />}
            label={`Eliminar ${row.nombre}`}
            onClick={() => setDialogo({ kind: 'eliminar', id: row.id })}
          />,
        ],
      },
    ];
  }, [guardar]);

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
        }}
      >
        <Typography variant="h6" component="h2">
          Reglas de notificación
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setDialogo({ kind: 'form', id: null })}
        >
          Nueva regla
        </Button>
      </Box>
      <ConfigGrid<ReglaConfig>
        label="Reglas de notificación"
        rows={reglas.data}
        columns={columns}
        loading={reglas.isLoading}
        error={reglas.isError ? `No se pudo obtener la lista de reglas: ${reglas.error.message}` : null}
        hiddenOnPhone={[
          'origen',
          'condicion',
          'limite',
          'duracion_min',
          'destinatarios',
          'canales',
          'activa',
        ]}
        getRowClassName={({ row }) => (row.activa ? '' : 'regla-inactiva')}
        initialState={{ sorting: { sortModel: [{ field: 'nombre', sort: 'asc' }] } }}
        sx={{ border: 0, '& .regla-inactiva': { opacity: 0.6 } }}
      />

      <ReglaDialog
        open={dialogo.kind === 'form'}
        regla={editada}
        guardando={guardando}
        errorServidor={errorServidor}
        errorGeneral={errorGeneral}
        onClose={cerrar}
        onSubmit={onSubmit}
      />
      {aEliminar && (
        <ConfirmDialog
          open
          title="Eliminar regla"
          text={`¿Eliminar la regla ${aEliminar.nombre}? Sus alarmas pasadas se conservan en el historial.`}
          confirmLabel="Eliminar"
          onCancel={cerrar}
          onConfirm={async () => {
            await guardar(() => eliminarRegla(aEliminar.id, aEliminar.version), {
              exito: 'Regla eliminada',
              detalle: aEliminar.nombre,
              error: 'No se pudo eliminar la regla',
              invalidar: [reglasKey],
            });
            cerrar();
          }}
        />
      )}
    </Box>
  );
}
