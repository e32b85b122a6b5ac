import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, Chip, IconButton, Paper, Typography } from '@mui/material';
import type { ColumnaConfig } from '../../../components/config/columnas.tsx';
import { useMemo, useState } from 'react';
import { ConfigGrid } from '../../../components/config/config-grid.tsx';
import { Encabezado } from '../../../components/config/encabezado.tsx';
import { columnaAcciones, textosDe, useCrudConfig } from '../../../components/config/use-crud-config.tsx';
import { Hint } from '../../../components/feedback/hint.tsx';
import { Loading } from '../../../components/feedback/loading.tsx';
import type { ClasePerdida } from '../../../gql/types.ts';
import {
  actualizarUmbralMicroparo,
  type CategoriaParo,
  createCategoriaParo,
  createMotivoParo,
  deleteCategoriaParo,
  deleteMotivoParo,
  invalidarMotivos,
  invalidarUmbrales,
  type MotivoParo,
  type UmbralMicroparo,
  updateCategoriaParo,
  updateMotivoParo,
  useCategoriasParo,
  useUmbralesMicroparo,
} from '../api/motivos-paro.ts';
import {
  type CategoriaFormValues,
  claseColor,
  claseLabel,
  codigosTexto,
  leerCodigos,
  type MotivoFormValues,
  type UmbralFormValues,
} from '../utils/motivo-form.ts';
import { CategoriaDialog } from './categoria-dialog.tsx';
import { MotivoDialog } from './motivo-dialog.tsx';
import { AYUDA_UMBRAL, UmbralDialog } from './umbral-dialog.tsx';

type Linea = { id: string; nombre: string };

const TEXTOS_CATEGORIA = textosDe('Categoría', true);
const TEXTOS_MOTIVO = textosDe('Motivo');

const cuantos = (n: number) => (n === 0 ? 'Sin motivos' : n === 1 ? '1 motivo' : `${n} motivos`);

/**
 * The plant's tree of stop reasons (category → reason, each reason of one loss class, for some
 * lines or all, with the PLC fault codes that pick it) and each line's micro-stop threshold.
 */
export function MotivosParoTab({ lineas }: { lineas: readonly Linea[] }) {
  return (
    <>
      <ArbolMotivos lineas={lineas} />
      <UmbralesMicroparo />
    </>
  );
}

function ArbolMotivos({ lineas }: { lineas: readonly Linea[] }) {
  const categorias = useCategoriasParo();
  const motivos = useMemo(() => (categorias.data ?? []).flatMap((c) => c.motivos), [categorias.data]);
  // The category a new reason goes in: the one whose "Nuevo motivo" was pressed.
  const [categoriaNueva, setCategoriaNueva] = useState('');
  const posicion = (id: string) => {
    const i = lineas.findIndex((l) => l.id === id);
    return i < 0 ? lineas.length : i;
  };
  const nombreLinea = (id: string) => lineas.find((l) => l.id === id)?.nombre ?? `Línea ${id}`;

  const crudCategoria = useCrudConfig({
    lista: categorias,
    invalidar: invalidarMotivos,
    entrada: (values: CategoriaFormValues) => ({ nombre: values.nombre.trim() }),
    crear: createCategoriaParo,
    actualizar: (c, input) => updateCategoriaParo(c.id, input),
    textos: { ...TEXTOS_CATEGORIA.textos, detalle: (input) => input.nombre },
    cerrarSiCambio: true,
    eliminar: {
      ...TEXTOS_CATEGORIA.eliminar,
      texto: (c) => `¿Eliminar la categoría «${c.nombre}»?`,
      accion: (c) => deleteCategoriaParo(c.id, c.version),
      detalle: (c) => c.nombre,
    },
  });

  const crudMotivo = useCrudConfig({
    lista: { data: motivos, isLoading: categorias.isLoading, error: categorias.error },
    invalidar: invalidarMotivos,
    entrada: (values: MotivoFormValues) => {
      const leidos = leerCodigos(values.codigos_falla);
      return {
        categoria_id: values.categoria_id,
        nombre: values.nombre.trim(),
        clase: values.clase as ClasePerdida,
        linea_ids: [...values.linea_ids].sort((a, b) => posicion(a) - posicion(b)),
        // The form refuses bad codes before this: never sent as "none".
        codigos_falla: 'codigos' in leidos ? leidos.codigos : [],
      };
    },
    crear: createMotivoParo,
    actualizar: (m, input) => updateMotivoParo(m.id, input),
    textos: { ...TEXTOS_MOTIVO.textos, detalle: (input) => input.nombre },
    cerrarSiCambio: true,
    eliminar: {
      ...TEXTOS_MOTIVO.eliminar,
      texto: (m) =>
        `¿Eliminar el motivo «${m.nombre}» de ${m.categoria}? Solo se puede eliminar si ningún paro lo tiene.`,
      accion: (m) => deleteMotivoParo(m.id, m.version),
      detalle: (m) => `${m.categoria} · ${m.nombre}`,
    },
  });

  const nuevoMotivo = (categoria: CategoriaParo) => {
    setCategoriaNueva(categoria.id);
    crudMotivo.nuevo();
  };
  const lista = categorias.data ?? [];

  return (
    <>
      <Encabezado titulo="Categorías y motivos" nuevo="Nueva categoría" onNuevo={crudCategoria.nuevo} />
      <Typography variant="body2" color="text.secondary">
        La clase de un motivo decide qué pérdida cuenta su paro: disponibilidad, rendimiento, calidad o tiempo
        planificado.
      </Typography>
      {categorias.isError && (
        <Alert severity="error">No se pudieron obtener los motivos de paro: {categorias.error.message}</Alert>
      )}
      {categorias.isLoading && <Loading />}
      {categorias.isSuccess && lista.length === 0 && (
        <Typography color="text.secondary">
          No hay categorías de paro. Cree la primera con «Nueva categoría».
        </Typography>
      )}
      {lista.length > 0 && (
        <Box
          component="ul"
          aria-label="Categorías de paro"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, minWidth: 0 }}
        >
          {lista.map((categoria) => (
            <Categoria
              key={categoria.id}
              categoria={categoria}
              nombreLinea={nombreLinea}
              onNuevoMotivo={() => nuevoMotivo(categoria)}
              onEditar={() => crudCategoria.editar(categoria)}
              onEliminar={() => crudCategoria.confirmar(categoria, null)}
              onEditarMotivo={crudMotivo.editar}
              onEliminarMotivo={(m) => crudMotivo.confirmar(m, null)}
            />
          ))}
        </Box>
      )}
      <CategoriaDialog {...crudCategoria.dialogo} categoria={crudCategoria.editado} />
      <MotivoDialog
        {...crudMotivo.dialogo}
        motivo={crudMotivo.editado}
        categoriaId={categoriaNueva}
        categorias={lista}
        lineas={lineas}
      />
      {crudCategoria.confirmacion}
      {crudMotivo.confirmacion}
    </>
  );
}

/** A category: its name and count, its buttons, and its reasons under it. */
function Categoria({
  categoria,
  nombreLinea,
  onNuevoMotivo,
  onEditar,
  onEliminar,
  onEditarMotivo,
  onEliminarMotivo,
}: {
  categoria: CategoriaParo;
  nombreLinea: (id: string) => string;
  onNuevoMotivo: () => void;
  onEditar: () => void;
  onEliminar: () => void;
  onEditarMotivo: (motivo: MotivoParo) => void;
  onEliminarMotivo: (motivo: MotivoParo) => void;
}) {
  const { nombre, motivos } = categoria;
  const tituloId = `categoria-paro-${categoria.id}`;
  return (
    <Paper component="li" aria-labelledby={tituloId} sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <Typography
          id={tituloId}
          variant="subtitle1"
          component="h3"
          sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
        >
          {nombre}
        </Typography>
        <Chip size="small" variant="outlined" label={cuantos(motivos.length)} />
        {/* The buttons stay together at the right, on a line of their own on a phone. */}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: 'auto' }}>
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={onNuevoMotivo}
            aria-label={`Nuevo motivo en ${nombre}`}
          >
            Nuevo motivo
          </Button>
          <Hint title="Editar categoría">
            <IconButton size="small" aria-label={`Editar categoría ${nombre}`} onClick={onEditar}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Hint>
          {motivos.length === 0 ? (
            <Hint title="Eliminar categoría">
              <IconButton size="small" aria-label={`Eliminar categoría ${nombre}`} onClick={onEliminar}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Hint>
          ) : (
            // Only an empty category can go (the server refuses the others): its reasons first.
            <IconButton size="small" aria-label={`Eliminar categoría ${nombre}`} disabled>
              <DeleteIcon fontSize="small" />
            </IconButton>
          )}
        </Box>
      </Box>
      {motivos.length > 0 && (
        <Box component="ul" aria-label={`Motivos de ${nombre}`} sx={{ listStyle: 'none', m: 0, p: 0, mt: 1 }}>
          {motivos.map((motivo) => (
            <Motivo
              key={motivo.id}
              motivo={motivo}
              nombreLinea={nombreLinea}
              onEditar={() => onEditarMotivo(motivo)}
              onEliminar={() => onEliminarMotivo(motivo)}
            />
          ))}
        </Box>
      )}
    </Paper>
  );
}

/** A reason: name, class chip, the lines it applies to and its fault codes. */
function Motivo({
  motivo,
  nombreLinea,
  onEditar,
  onEliminar,
}: {
  motivo: MotivoParo;
  nombreLinea: (id: string) => string;
  onEditar: () => void;
  onEliminar: () => void;
}) {
  const lineas =
    motivo.linea_ids.length === 0 ? 'Todas las líneas' : motivo.linea_ids.map(nombreLinea).join(', ');
  const codigos =
    motivo.codigos_falla.length === 0
      ? 'Sin códigos de falla'
      : `Códigos de falla: ${codigosTexto(motivo.codigos_falla)}`;
  return (
    <Box
      component="li"
      aria-label={motivo.nombre}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        py: 1,
        pl: { xs: 0, sm: 2 },
        borderTop: 1,
        borderColor: 'divider',
        minWidth: 0,
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0, display: 'grid', gap: 0.5 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {motivo.nombre}
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            color={claseColor(motivo.clase)}
            label={claseLabel(motivo.clase)}
          />
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {lineas} · {codigos}
        </Typography>
      </Box>
      <Hint title="Editar motivo">
        <IconButton size="small" aria-label={`Editar motivo ${motivo.nombre}`} onClick={onEditar}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Hint>
      <Hint title="Eliminar motivo">
        <IconButton size="small" aria-label={`Eliminar motivo ${motivo.nombre}`} onClick={onEliminar}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Hint>
    </Box>
  );
}

/** Each production line's micro-stop threshold, edited in a small dialog. */
function UmbralesMicroparo() {
  const umbrales = useUmbralesMicroparo();
  const crud = useCrudConfig({
    lista: umbrales,
    clave: (u) => u.linea_id,
    invalidar: invalidarUmbrales,
    entrada: (values: UmbralFormValues) => ({
      linea_id: values.linea_id,
      segundos: Number(values.segundos),
    }),
    // Every line has a threshold: the dialog only edits one (this is its version-less write).
    crear: (input) => actualizarUmbralMicroparo(input.linea_id, input.segundos),
    actualizar: (u, input) => actualizarUmbralMicroparo(u.linea_id, input.segundos, input.version),
    textos: {
      creado: 'Umbral de microparo guardado',
      actualizado: 'Umbral de microparo guardado',
      error: 'No se pudo guardar el umbral de microparo',
      detalle: (input) => `${input.segundos} s`,
    },
  });
  const { accionEditar } = crud;

  const columnas = useMemo<ColumnaConfig<UmbralMicroparo>[]>(
    () => [
      { field: 'linea_nombre', headerName: 'Línea', minWidth: 100, flex: 1 },
      {
        field: 'segundos',
        headerName: 'Umbral (s)',
        type: 'number',
        minWidth: 100,
        flex: 1,
      },
      columnaAcciones((row) => [accionEditar(row, `umbral ${row.linea_nombre}`)], { width: 80 }),
    ],
    [accionEditar],
  );

  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        Umbral de microparo por línea
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {AYUDA_UMBRAL}
      </Typography>
      <ConfigGrid<UmbralMicroparo>
        label="Umbral de microparo por línea"
        rows={umbrales.data}
        getRowId={(u) => u.linea_id}
        columns={columnas}
        loading={umbrales.isFetching}
        error={umbrales.isError ? `No se pudieron obtener los umbrales: ${umbrales.error.message}` : null}
      />
      <UmbralDialog {...crud.dialogo} umbral={crud.editado} />
      {crud.confirmacion}
    </>
  );
}
