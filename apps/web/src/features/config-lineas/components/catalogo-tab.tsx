import { Box } from '@mui/material';
import type { ColumnaConfig } from '../../../components/config/columnas.tsx';
import { type ReactNode, useMemo } from 'react';
import { TablaConfig } from '../../../components/config/config-grid.tsx';
import { columnaAcciones, textosDe, useCrudConfig } from '../../../components/config/use-crud-config.tsx';
import { catalogoKey } from '../api/config-lineas.ts';
import type { Campo, Valores } from '../utils/formulario.ts';
import { RegistroDialog } from './registro-dialog.tsx';

type Fila = { id: string; version: number };

export interface CatalogoTabProps<R extends Fila> {
  /** Heading and grid label, e.g. 'Líneas'. */
  titulo: string;
  /** One record, capitalised ('Línea', 'Producto por presentación'): the texts are made of it. */
  singular: string;
  /** The record's noun is feminine: 'la línea', 'Nueva línea', 'Línea creada'. */
  femenino?: boolean;
  rows: readonly R[] | undefined;
  loading: boolean;
  error: string | null;
  columns: ColumnaConfig<R>[];
  hiddenOnPhone?: string[];
  campos: readonly Campo[];
  nombre: (row: R) => string;
  valores: (row: R | null) => Valores;
  aInput: (valores: Valores) => Record<string, unknown>;
  calculado?: (valores: Valores) => ReactNode;
  api: {
    create: (input: never) => Promise<unknown>;
    update: (id: string, input: never) => Promise<unknown>;
    remove: (id: string, version: number) => Promise<unknown>;
  };
}

/** One table of the screen: grid, "new" button, edit and delete actions (`useCrudConfig`). */
export function CatalogoTab<R extends Fila>(props: CatalogoTabProps<R>) {
  const { titulo, rows, nombre, api } = props;
  const cosa = props.singular.toLowerCase();
  const la = `${props.femenino ? 'la' : 'el'} ${cosa}`;
  const nuevo = `${props.femenino ? 'Nueva' : 'Nuevo'} ${cosa}`;
  const { textos, eliminar } = textosDe(props.singular, props.femenino);
  const crud = useCrudConfig({
    lista: { data: rows, isLoading: props.loading, error: null },
    invalidar: [catalogoKey],
    entrada: props.aInput,
    crear: (input) => api.create(input as never),
    actualizar: (fila, input) => api.update(fila.id, input as never),
    textos,
    eliminar: {
      ...eliminar,
      titulo: `Eliminar ${la}`,
      texto: (fila) => `¿Eliminar ${nombre(fila)}? Solo se puede eliminar si nada lo usa.`,
      accion: (fila) => api.remove(fila.id, fila.version),
      detalle: nombre,
    },
  });
  const { acciones, editado } = crud;

  const columns = useMemo<ColumnaConfig<R>[]>(
    () => [...props.columns, columnaAcciones((row) => acciones(row, nombre(row)), { width: 100 })],
    [props.columns, nombre, acciones],
  );

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <TablaConfig<R>
        titulo={titulo}
        nuevo={nuevo}
        onNuevo={crud.nuevo}
        rows={rows}
        columns={columns}
        loading={props.loading}
        error={props.error}
        hiddenOnPhone={props.hiddenOnPhone}
      />
      <RegistroDialog
        {...crud.dialogo}
        titulo={editado ? `Editar ${la}: ${nombre(editado)}` : nuevo}
        campos={props.campos}
        valores={props.valores(editado)}
        calculado={props.calculado}
      />
      {crud.confirmacion}
    </Box>
  );
}
