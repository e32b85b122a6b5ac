import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { AccionFila, type AccionFilaProps, type ColumnaConfig, type FilaTabla } from './columnas.tsx';
import type { QueryKey } from '@tanstack/react-query';
import { type ReactElement, type ReactNode, useCallback, useState } from 'react';
import { ApiError } from '../../lib/graphql-client.ts';
import { ConfirmDialog } from '../feedback/confirm-dialog.tsx';
import { type ErrorDeCampo, errorDeCampo, useGuardar } from './guardar.ts';

/** A record of a configuration table: read with its version, which an update or delete names. */
export interface FilaConfig {
  version: number;
}

/** An action on one record asked to be confirmed first (delete, deactivate…). */
export interface Confirmacion<R> {
  titulo: string;
  texto: (fila: R) => string;
  /** The confirm button ('Eliminar' unless told); also the row action's label: 'Eliminar Línea 1'. */
  boton?: string;
  /** The write, naming the version the record was read at. */
  accion: (fila: R) => Promise<unknown>;
  /** Titles of the notifications, and the positive one's caption. */
  exito: string;
  error: string;
  detalle: (fila: R) => string;
  /** After the confirmed action ran (done or refused). */
  despues?: (fila: R) => void;
}

export interface CrudConfigOptions<R extends FilaConfig, V, I extends object> {
  /** The list query: its rows (the record being edited is read from it again after a reload). */
  lista: { data?: readonly R[] | undefined; isLoading: boolean; error: Error | null };
  /** The list's error above the grid: this text and the server's message. */
  errorLista?: string;
  /** A record's key in the list: its id unless told. */
  clave?: (fila: R) => string;
  /** Queries refetched after a write, and after a conflict (to show the other admin's data). */
  invalidar: readonly QueryKey[];
  /** What the form's values send to the server. */
  entrada: (values: V) => I;
  crear: (input: I) => Promise<unknown>;
  /** The update: `input` carries the version the record was read at. */
  actualizar: (fila: R, input: I & { version: number }) => Promise<unknown>;
  /** Notification titles ('Línea creada' / 'Línea actualizada'), the error's, and the caption. */
  textos: {
    creado: string;
    actualizado: string;
    error: string | { crear: string; actualizar: string };
    detalle?: (input: I) => string;
  };
  /** A record another admin changed or removed meanwhile closes the dialog (else it stays, reloaded). */
  cerrarSiCambio?: boolean;
  /** A refusal on no field of the form shows in the dialog too, not only in the notification. */
  errorGeneral?: boolean;
  /** Deleting a record, once confirmed. */
  eliminar?: Confirmacion<R>;
}

/** What the screen's form dialog receives (spread it: `<XDialog {...crud.dialogo} … />`). */
export interface DialogoConfigProps<V> {
  open: boolean;
  guardando: boolean;
  /** The server's refusal of the last save on one field: under that field. */
  errorServidor: ErrorDeCampo | null;
  /** The server's refusal on no field: above the form (`errorGeneral` option). */
  errorGeneral: string | null;
  onClose: () => void;
  onSubmit: (values: V) => Promise<void>;
}

/** Another admin changed the record (stale version) or removed it. */
const registroCambiado = (error: unknown) =>
  error instanceof ApiError && (error.field === 'version' || error.code === 'NOT_FOUND');

const mensaje = (error: unknown) => (error instanceof Error ? error.message : String(error));

const porId = (fila: FilaConfig) => (fila as { id?: string }).id ?? '';

/**
 * A configuration table's list and writes, as every screen does them: the list for the grid, a
 * dialog that creates or edits a record (an update names the version it was read at), a delete
 * (or any other action) after a confirmation, each through `useGuardar` (one save at a time,
 * notifications, a CONFLICT reloads instead of overwriting). A server error on a field goes under
 * that field; the dialog closes when the save is done.
 */
export function useCrudConfig<R extends FilaConfig, V, I extends object>(o: CrudConfigOptions<R, V, I>) {
  const { guardar, guardando } = useGuardar();
  const clave = o.clave ?? porId;
  const [abierto, setAbierto] = useState<{ fila: R | null } | null>(null);
  // `c` null: the delete of the options (read when rendered, so the row actions stay stable).
  const [confirmando, setConfirmando] = useState<{ fila: R; c: Confirmacion<R> | null } | null>(null);
  const [errorServidor, setErrorServidor] = useState<ErrorDeCampo | null>(null);
  const [errorGeneral, setErrorGeneral] = useState<string | null>(null);

  // The record as the list has it now: after a conflict the list reloads, and so does the form.
  const abiertoFila = abierto?.fila;
  const editado = abiertoFila
    ? (o.lista.data?.find((r) => clave(r) === clave(abiertoFila)) ?? abiertoFila)
    : null;

  const cerrar = useCallback(() => {
    setAbierto(null);
    setConfirmando(null);
    setErrorServidor(null);
    setErrorGeneral(null);
  }, []);
  const abrir = useCallback((fila: R | null) => {
    setErrorServidor(null);
    setErrorGeneral(null);
    setAbierto({ fila });
  }, []);
  const confirmar = useCallback((fila: R, c: Confirmacion<R> | null) => setConfirmando({ fila, c }), []);

  const onSubmit = async (values: V) => {
    setErrorServidor(null);
    setErrorGeneral(null);
    const input = o.entrada(values);
    const { textos } = o;
    const error =
      typeof textos.error === 'string'
        ? textos.error
        : editado
          ? textos.error.actualizar
          : textos.error.crear;
    const hecho = await guardar(
      () => (editado ? o.actualizar(editado, { ...input, version: editado.version }) : o.crear(input)),
      {
        exito: editado ? textos.actualizado : textos.creado,
        detalle: textos.detalle?.(input),
        error,
        invalidar: o.invalidar,
      },
      (e) => {
        if (o.cerrarSiCambio && registroCambiado(e)) return cerrar();
        const campo = errorDeCampo(e);
        setErrorServidor(campo);
        if (!campo && o.errorGeneral) setErrorGeneral(mensaje(e));
      },
    );
    if (hecho !== undefined) cerrar();
  };

  const dialogo: DialogoConfigProps<V> = {
    open: abierto !== null,
    guardando,
    errorServidor,
    errorGeneral,
    onClose: cerrar,
    onSubmit,
  };

  const pedida = confirmando && (confirmando.c ?? o.eliminar);
  const confirmacion: ReactNode = confirmando && pedida && (
    <ConfirmDialog
      open
      title={pedida.titulo}
      text={pedida.texto(confirmando.fila)}
      confirmLabel={pedida.boton ?? 'Eliminar'}
      onCancel={cerrar}
      onConfirm={async () => {
        const { fila } = confirmando;
        await guardar(() => pedida.accion(fila), {
          exito: pedida.exito,
          detalle: pedida.detalle(fila),
          error: pedida.error,
          invalidar: o.invalidar,
        });
        cerrar();
        pedida.despues?.(fila);
      }}
    />
  );

  /** The row's edit action: 'Editar <nombre>'. */
  const accionEditar = useCallback(
    (fila: R, nombre: string, props?: Partial<AccionFilaProps>) => (
      <AccionFila
        key="editar"
        icon={<EditIcon />}
        label={`Editar ${nombre}`}
        onClick={() => abrir(fila)}
        {...(props as object)}
      />
    ),
    [abrir],
  );
  /** The row's delete action: '<boton> <nombre>' ('Eliminar Línea 1'), confirmed first. */
  const boton = o.eliminar ? (o.eliminar.boton ?? 'Eliminar') : null;
  const accionEliminar = useCallback(
    (fila: R, nombre: string, props?: Partial<AccionFilaProps>) => (
      <AccionFila
        key="eliminar"
        icon={<DeleteIcon />}
        label={`${boton} ${nombre}`}
        onClick={() => confirmar(fila, null)}
        {...(props as object)}
      />
    ),
    [boton, confirmar],
  );
  /** Edit and delete, the row actions of most tables. */
  const acciones = useCallback(
    (fila: R, nombre: string): ReactElement<AccionFilaProps>[] => [
      accionEditar(fila, nombre),
      accionEliminar(fila, nombre),
    ],
    [accionEditar, accionEliminar],
  );

  return {
    /** The grid's rows, loading and error. */
    grid: {
      rows: o.lista.data,
      loading: o.lista.isLoading,
      error: o.lista.error && o.errorLista ? `${o.errorLista}: ${o.lista.error.message}` : null,
    },
    /** The record in the dialog (null: a new one). */
    editado,
    nuevo: useCallback(() => abrir(null), [abrir]),
    editar: abrir,
    /** Ask to confirm another action on a record (e.g. deactivate). */
    confirmar,
    cerrar,
    dialogo,
    /** The confirmation dialog, when one is asked (render it as is). */
    confirmacion,
    accionEditar,
    accionEliminar,
    acciones,
    /** Any other write of the screen, under the same one-at-a-time rule. */
    guardar,
    guardando,
  };
}

/**
 * The usual texts of a table's writes, made of its record's noun ('Regla', feminine): 'Regla
 * creada', 'No se pudo crear la regla', 'Eliminar regla', 'Regla eliminada'…
 */
export function textosDe(singular: string, femenino = false) {
  const cosa = singular.toLowerCase();
  const la = `${femenino ? 'la' : 'el'} ${cosa}`;
  const hecho = (participio: string) => `${singular} ${participio}${femenino ? 'a' : 'o'}`;
  return {
    textos: {
      creado: hecho('cread'),
      actualizado: hecho('actualizad'),
      error: { crear: `No se pudo crear ${la}`, actualizar: `No se pudo actualizar ${la}` },
    },
    eliminar: { titulo: `Eliminar ${cosa}`, exito: hecho('eliminad'), error: `No se pudo eliminar ${la}` },
  };
}

/** The grid's actions column ('Acciones'). */
export function columnaAcciones<R extends FilaTabla>(
  getActions: (fila: R) => ReactElement<AccionFilaProps>[],
  { width = 96, headerName = 'Acciones' }: { width?: number; headerName?: string } = {},
): ColumnaConfig<R> {
  return { field: 'acciones', type: 'actions', headerName, width, getActions: ({ row }) => getActions(row) };
}
