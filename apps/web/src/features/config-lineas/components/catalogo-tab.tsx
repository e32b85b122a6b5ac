import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Typography } from '@mui/material';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { type ReactNode, useMemo, useState } from 'react';
import { ConfigGrid } from '../../../components/config/config-grid.tsx';
import { type ErrorDeCampo, errorDeCampo, useGuardar } from '../../../components/config/guardar.ts';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { catalogoKey } from '../api/config-lineas.ts';
import type { Campo, Valores } from '../utils/formulario.ts';
import { RegistroDialog } from './registro-dialog.tsx';

type Fila = { id: string; version: number };

export interface CatalogoTabProps<R extends Fila> {
  /** Heading and grid label, e.g. 'Líneas'. */
  titulo: string;
  /** 'la línea', 'el producto'… for texts. */
  articulo: string;
  /** 'Nueva línea', … */
  nuevo: string;
  /** Notification titles: 'Línea creada' / 'Línea actualizada' / 'Línea eliminada'. */
  avisos: { creado: string; actualizado: string; eliminado: string };
  rows: readonly R[] | undefined;
  loading: boolean;
  error: string | null;
  columns: GridColDef<R>[];
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

type Dialogo = { kind: 'cerrado' } | { kind: 'form'; id: string | null } | { kind: 'eliminar'; id: string };

/** One table of the screen: grid, "new" button, edit and delete actions, all saves through useGuardar. */
export function CatalogoTab<R extends Fila>(props: CatalogoTabProps<R>) {
  const { titulo, articulo, rows, nombre, api, avisos } = props;
  const { guardar, guardando } = useGuardar();
  const [dialogo, setDialogo] = useState<Dialogo>({ kind: 'cerrado' });
  const [errorServidor, setErrorServidor] = useState<ErrorDeCampo | null>(null);
  const buscar = (id: string | null) => rows?.find((r) => r.id === id) ?? null;
  const editado = dialogo.kind === 'form' ? buscar(dialogo.id) : null;
  const aEliminar = dialogo.kind === 'eliminar' ? buscar(dialogo.id) : null;
  const cerrar = () => {
    setDialogo({ kind: 'cerrado' });
    setErrorServidor(null);
  };

  const onSubmit = async (valores: Valores) => {
    setErrorServidor(null);
    const input = props.aInput(valores);
    const saved = await guardar(
      () =>
        editado
          ? api.update(editado.id, { ...input, version: editado.version } as never)
          : api.create(input as never),
      {
        exito: editado ? avisos.actualizado : avisos.creado,
        error: editado ? `No se pudo actualizar ${articulo}` : `No se pudo crear ${articulo}`,
        invalidar: [catalogoKey],
      },
      (error) => setErrorServidor(errorDeCampo(error)),
    );
    if (saved) cerrar();
  };

  const columns = useMemo<GridColDef<R>[]>(
    () => [
      ...props.columns,
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Acciones',
        width: 100,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="edit"
            icon={<EditIcon />}
            label={`Editar ${nombre(row)}`}
            onClick={() => setDialogo({ kind: 'form', id: row.id })}
          />,
          <GridActionsCellItem
            key="delete"
            icon={<DeleteIcon />}
            label={`Eliminar ${nombre(row)}`}
            onClick={() => setDialogo({ kind: 'eliminar', id: row.id })}
          />,
        ],
      },
    ],
    [props.columns, nombre],
  );

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
          {titulo}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setDialogo({ kind: 'form', id: null })}
        >
          {props.nuevo}
        </Button>
      </Box>
      <ConfigGrid<R>
        label={titulo}
        rows={rows}
        columns={columns}
        loading={props.loading}
        error={props.error}
        hiddenOnPhone={props.hiddenOnPhone}
      />
      <RegistroDialog
        open={dialogo.kind === 'form'}
        titulo={editado ? `Editar ${articulo}: ${nombre(editado)}` : props.nuevo}
        campos={props.campos}
        valores={props.valores(editado)}
        guardando={guardando}
        errorServidor={errorServidor}
        calculado={props.calculado}
        onClose={cerrar}
        onSubmit={onSubmit}
      />
      {aEliminar && (
        <ConfirmDialog
          open
          title={`Eliminar ${articulo}`}
          text={`¿Eliminar ${nombre(aEliminar)}? Solo se puede eliminar si nada lo usa.`}
          confirmLabel="Eliminar"
          onCancel={cerrar}
          onConfirm={async () => {
            await guardar(() => api.remove(aEliminar.id, aEliminar.version), {
              exito: avisos.eliminado,
              detalle: nombre(aEliminar),
              error: `No se pudo eliminar ${articulo}`,
              invalidar: [catalogoKey],
            });
            cerrar();
          }}
        />
      )}
    </Box>
  );
}
