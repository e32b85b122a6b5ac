import { LINE_TAG_LABEL } from '@planta/domain';
import LinkIcon from '@mui/icons-material/Link';
import { Box, Typography } from '@mui/material';
import { AccionFila, type ColumnaConfig } from '../../../components/config/columnas.tsx';
import { useMemo, useState } from 'react';
import { columnaChip } from '../../../components/config/celdas.tsx';
import { ConfigGrid } from '../../../components/config/config-grid.tsx';
import { columnaAcciones } from '../../../components/config/use-crud-config.tsx';
import { useGuardar } from '../../../components/config/guardar.ts';
import { ApiError } from '../../../lib/graphql-client.ts';
import {
  type MapeoLinea,
  type MapeoVariable,
  mapearLinea,
  mapearVariable,
  mapeosKey,
  useMapeos,
} from '../api/config-lineas.ts';
import { NodoDialog } from './nodo-dialog.tsx';

const CAMPO_LABEL: Record<string, string> = LINE_TAG_LABEL;

type Edicion = { kind: 'linea'; id: string } | { kind: 'variable'; id: string } | null;

/** Default node of a line tag (the simulator's and the PLCs' naming). */
const nodoPorDefecto = (m: MapeoLinea) => `ns=2;s=Planta.Linea${m.linea_numero}.${m.campo}`;

/** "Mapeo OPC UA": which node feeds each line tag and each variable, picked with the tag browser. */
export function OpcTab() {
  const mapeos = useMapeos(true);
  const { guardar, guardando } = useGuardar();
  const [edicion, setEdicion] = useState<Edicion>(null);
  const [errorServidor, setErrorServidor] = useState<string | null>(null);
  const linea =
    edicion?.kind === 'linea' ? mapeos.data?.opcMapeosLineas.find((m) => m.id === edicion.id) : undefined;
  const variable =
    edicion?.kind === 'variable'
      ? mapeos.data?.opcMapeosVariables.find((v) => v.id === edicion.id)
      : undefined;
  const cerrar = () => {
    setEdicion(null);
    setErrorServidor(null);
  };

  const onGuardar = async (nodeId: string | null) => {
    setErrorServidor(null);
    const onError = (error: unknown) =>
      // Every refusal under the node field, except a stale version (the list reloads instead).
      setErrorServidor(error instanceof ApiError && error.field !== 'version' ? error.message : null);
    const saved = linea
      ? await guardar(
          () =>
            mapearLinea({
              linea_id: linea.linea_id,
              campo: linea.campo,
              node_id: nodeId,
              version: linea.version,
            }),
          {
            exito: 'Mapeo guardado',
            detalle: `${linea.linea_nombre} · ${CAMPO_LABEL[linea.campo] ?? linea.campo}`,
            error: 'No se pudo guardar el mapeo',
            invalidar: [mapeosKey],
          },
          onError,
        )
      : variable
        ? await guardar(
            () => mapearVariable({ variable_id: variable.id, node_id: nodeId, version: variable.version }),
            {
              exito: 'Mapeo guardado',
              detalle: variable.nombre,
              error: 'No se pudo guardar el mapeo',
              invalidar: [mapeosKey, ['config-variables']],
            },
            onError,
          )
        : undefined;
    if (saved) cerrar();
  };

  const lineaCols = useMemo<ColumnaConfig<MapeoLinea>[]>(
    () => [
      { field: 'linea_nombre', headerName: 'Línea', minWidth: 100 },
      {
        field: 'campo',
        headerName: 'Etiqueta',
        minWidth: 120,
        valueGetter: (v: string) => CAMPO_LABEL[v] ?? v,
      },
      { field: 'node_id', headerName: 'Nodo OPC UA', flex: 1, minWidth: 160 },
      columnaChip<MapeoLinea>(
        'por_defecto',
        'Origen',
        (m) => (m.por_defecto ? 'Por defecto' : 'Mapeado'),
        (m) => ({ color: m.por_defecto ? 'default' : 'info' }),
        { minWidth: 120 },
      ),
      columnaAcciones(
        (row) => [
          <AccionFila
            key="map"
            icon={<LinkIcon />}
            label={`Asignar nodo a ${row.linea_nombre} · ${CAMPO_LABEL[row.campo] ?? row.campo}`}
            onClick={() => setEdicion({ kind: 'linea', id: row.id })}
          />,
        ],
        { width: 90 },
      ),
    ],
    [],
  );
  const variableCols = useMemo<ColumnaConfig<MapeoVariable>[]>(
    () => [
      { field: 'nombre', headerName: 'Variable', flex: 1, minWidth: 160 },
      { field: 'area', headerName: 'Área', minWidth: 110 },
      { field: 'unidad', headerName: 'Unidad', minWidth: 80 },
      {
        field: 'opc_node_id',
        headerName: 'Nodo OPC UA',
        flex: 1,
        minWidth: 160,
        valueFormatter: (v: string | null) => v ?? 'Sin nodo',
      },
      columnaAcciones(
        (row) => [
          <AccionFila
            key="map"
            icon={<LinkIcon />}
            label={`Asignar nodo a ${row.nombre}`}
            onClick={() => setEdicion({ kind: 'variable', id: row.id })}
          />,
        ],
        { width: 90 },
      ),
    ],
    [],
  );

  const error = mapeos.isError ? `No se pudo obtener el mapeo: ${mapeos.error.message}` : null;
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h6" component="h2">
        Etiquetas de las líneas
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Qué nodo del servidor OPC UA alimenta cada contador de línea. El colector toma los cambios sin
        reiniciarse.
      </Typography>
      <ConfigGrid<MapeoLinea>
        label="Etiquetas de las líneas"
        rows={mapeos.data?.opcMapeosLineas}
        columns={lineaCols}
        loading={mapeos.isLoading}
        error={error}
        hiddenOnPhone={['por_defecto']}
      />
      <Typography variant="h6" component="h2">
        Variables
      </Typography>
      <ConfigGrid<MapeoVariable>
        label="Nodos de las variables"
        rows={mapeos.data?.opcMapeosVariables}
        columns={variableCols}
        loading={mapeos.isLoading}
        error={null}
        hiddenOnPhone={['area', 'unidad']}
      />
      <NodoDialog
        key={edicion ? `${edicion.kind}:${edicion.id}` : 'cerrado'}
        open={edicion !== null}
        destino={
          linea
            ? `${linea.linea_nombre} · ${CAMPO_LABEL[linea.campo] ?? linea.campo}`
            : (variable?.nombre ?? '')
        }
        actual={linea ? linea.node_id : (variable?.opc_node_id ?? null)}
        porDefecto={linea ? nodoPorDefecto(linea) : undefined}
        guardando={guardando}
        errorServidor={errorServidor}
        onClose={cerrar}
        onGuardar={onGuardar}
      />
    </Box>
  );
}
