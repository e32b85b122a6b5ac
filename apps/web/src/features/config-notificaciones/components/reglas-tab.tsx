import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import { Box } from '@mui/material';
import { AccionFila, type ColumnaConfig } from '../../../components/config/columnas.tsx';
import { useMemo } from 'react';
import { TablaConfig } from '../../../components/config/config-grid.tsx';
import { columnaChip, columnaEstado } from '../../../components/config/celdas.tsx';
import { columnaAcciones, textosDe, useCrudConfig } from '../../../components/config/use-crud-config.tsx';
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
import { CONDICION_LABEL, reglaDefaults, reglaInput, ROL_DESTINO_LABEL } from '../utils/regla-form.ts';
import type { ReglaDialogProps } from './regla-dialog.tsx';

const ReglaDialog = lazyDialog<ReglaDialogProps>(
  () => import('./regla-dialog.tsx').then((m) => m.ReglaDialog),
  (p) => p.open,
);

const REGLA = textosDe('Regla', true);

export function origenRegla(r: ReglaConfig): string {
  if (r.fuente === 'VIVO') return `Velocidad ${r.linea_nombre ?? ''}`.trim();
  if (r.fuente === 'PAROS') return `Paros ${r.linea_nombre ?? ''}`.trim();
  return r.variable?.nombre ?? '—';
}

/** The rule's limit as a short text: the threshold, or the variable's range / the meta. */
export function limiteRegla(r: ReglaConfig): string {
  if (r.condicion === 'PARO_SIN_MOTIVO')
    return r.umbral === null ? '—' : `> ${formatMedida(r.umbral, 'min')}`;
  if (r.condicion === 'MICROPAROS_HORA')
    return r.umbral === null ? '—' : `> ${formatMedida(r.umbral)} por hora`;
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

/** An inactive rule's row is shown faded. */
const reglaInactiva = (r: ReglaConfig) => !r.activa;

/** The rules: list, create / edit (with the 30-day preview), delete, activate / deactivate. */
export function ReglasTab() {
  const reglas = useReglasNotificacion();
  const crud = useCrudConfig({
    lista: reglas,
    errorLista: 'No se pudo obtener la lista de reglas',
    invalidar: [reglasKey],
    entrada: reglaInput,
    crear: crearRegla,
    actualizar: (regla, input) => actualizarRegla(regla.id, input),
    textos: { ...REGLA.textos, detalle: (input) => input.nombre },
    errorGeneral: true,
    eliminar: {
      ...REGLA.eliminar,
      texto: (r) => `¿Eliminar la regla ${r.nombre}? Sus alarmas pasadas se conservan en el historial.`,
      accion: (r) => eliminarRegla(r.id, r.version),
      detalle: (r) => r.nombre,
    },
  });
  const { guardar, accionEditar, accionEliminar } = crud;

  const columns = useMemo<ColumnaConfig<ReglaConfig>[]>(() => {
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
      columnaChip<ReglaConfig>(
        'severidad',
        'Severidad',
        (r) => SEVERIDAD_LABEL[r.severidad] ?? r.severidad,
        (r) => ({ color: SEVERIDAD_COLOR[r.severidad] ?? 'default' }),
        { width: 95 },
      ),
      {
        field: 'destinatarios',
        headerName: 'Destinatarios',
        flex: 1,
        minWidth: 120,
        sortable: false,
        valueGetter: (_v, row) => destinatarios(row),
      },
      { field: 'canales', headerName: 'Canales', width: 90, valueGetter: (_v, row) => canales(row) },
      columnaEstado<ReglaConfig>('activa', (r) => r.activa, ['Activa', 'Inactiva'], { width: 85 }),
      columnaAcciones(
        (row) => [
          accionEditar(row, row.nombre),
          <AccionFila
            key="activa"
            icon={row.activa ? <ToggleOnIcon color="success" /> : <ToggleOffIcon />}
            label={`${row.activa ? 'Desactivar' : 'Activar'} ${row.nombre}`}
            onClick={() => void cambiarActiva(row)}
          />,
          accionEliminar(row, row.nombre),
        ],
        { width: 110 },
      ),
    ];
  }, [guardar, accionEditar, accionEliminar]);

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <TablaConfig<ReglaConfig>
        titulo="Reglas de notificación"
        nuevo="Nueva regla"
        onNuevo={crud.nuevo}
        {...crud.grid}
        columns={columns}
        hiddenOnPhone={[
          'origen',
          'condicion',
          'limite',
          'duracion_min',
          'destinatarios',
          'canales',
          'activa',
        ]}
        atenuada={reglaInactiva}
        initialState={{ sorting: { sortModel: [{ field: 'nombre', sort: 'asc' }] } }}
      />

      <ReglaDialog {...crud.dialogo} regla={crud.editado} />
      {crud.confirmacion}
    </Box>
  );
}
