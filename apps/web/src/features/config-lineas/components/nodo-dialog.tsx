import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DataObjectIcon from '@mui/icons-material/DataObject';
import FolderIcon from '@mui/icons-material/Folder';
import {
  Alert,
  Box,
  Breadcrumbs,
  Button,
  CircularProgress,
  Link,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import { formatNumber } from '@planta/charts/format';
import { useState } from 'react';
import { FormDialog } from '../../../components/config/form-dialog.tsx';
import { useOpcNodos, useOpcValor } from '../api/config-lineas.ts';

export interface NodoDialogProps {
  open: boolean;
  /** What is being mapped, e.g. 'Línea 1 · Velocidad'. */
  destino: string;
  /** The node it reads now (null: none). */
  actual: string | null;
  /** The default node of a line tag (offered as "restore"); absent for variables. */
  porDefecto?: string;
  guardando: boolean;
  /** The server's refusal of the last save (missing node, not numeric, already used…). */
  errorServidor: string | null;
  onClose: () => void;
  onGuardar: (nodeId: string | null) => Promise<void>;
}

type Paso = { nodeId: string | null; nombre: string };

function valorTexto(valor: string | null | undefined): string {
  if (valor === null || valor === undefined) return '—';
  const n = Number(valor);
  return valor.trim() !== '' && Number.isFinite(n) ? formatNumber(n, Number.isInteger(n) ? 0 : 3) : valor;
}

/**
 * The read-only tag browser: navigate the plant server's address space from the Objects folder,
 * see a variable's live value, pick it (or type a node id) and save the mapping. Mounted with a
 * key per record, so each opening starts at the Objects folder with the current node.
 */
export function NodoDialog({
  open,
  destino,
  actual,
  porDefecto,
  guardando,
  errorServidor,
  onClose,
  onGuardar,
}: NodoDialogProps) {
  const [ruta, setRuta] = useState<Paso[]>([{ nodeId: null, nombre: 'Objects' }]);
  const [elegido, setElegido] = useState(actual ?? '');
  const actualPaso = ruta[ruta.length - 1]!;
  const nodos = useOpcNodos(actualPaso.nodeId, open);
  const nodoValor = elegido.trim() === '' ? null : elegido.trim();
  const valor = useOpcValor(open ? nodoValor : null);

  return (
    <FormDialog
      open={open}
      titulo={`Nodo OPC UA de ${destino}`}
      maxWidth="md"
      guardando={guardando}
      sinGuardar={!nodoValor}
      acciones={
        porDefecto ? (
          <Button onClick={() => void onGuardar(null)} disabled={guardando || actual === porDefecto}>
            Restaurar nodo por defecto
          </Button>
        ) : (
          <Button onClick={() => void onGuardar(null)} disabled={guardando || !actual}>
            Quitar nodo
          </Button>
        )
      }
      onClose={onClose}
      onSubmit={() => nodoValor && onGuardar(nodoValor)}
    >
      <Breadcrumbs
        aria-label="Ruta en el servidor OPC UA"
        maxItems={4}
        sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
      >
        {ruta.map((paso, i) =>
          i === ruta.length - 1 ? (
            <Typography key={paso.nodeId ?? 'root'} color="text.primary">
              {paso.nombre}
            </Typography>
          ) : (
            <Link
              key={paso.nodeId ?? 'root'}
              component="button"
              type="button"
              underline="hover"
              onClick={() => setRuta(ruta.slice(0, i + 1))}
            >
              {paso.nombre}
            </Link>
          ),
        )}
      </Breadcrumbs>
      <Paper variant="outlined" sx={{ maxHeight: 320, overflow: 'auto', minWidth: 0 }}>
        {nodos.isLoading && (
          <Box sx={{ p: 2, display: 'flex', gap: 1, alignItems: 'center' }}>
            <CircularProgress size={18} /> <Typography>Cargando...</Typography>
          </Box>
        )}
        {nodos.isError && (
          <Alert severity="warning" sx={{ m: 1 }}>
            {nodos.error.message}
          </Alert>
        )}
        {nodos.data && nodos.data.length === 0 && (
          <Typography sx={{ p: 2 }} color="text.secondary">
            Este nodo no tiene hijos.
          </Typography>
        )}
        <List dense aria-label="Nodos del servidor OPC UA">
          {nodos.data?.map((n) => {
            const esVariable = n.node_class === 'Variable';
            return (
              <ListItemButton
                key={n.node_id}
                selected={esVariable && n.node_id === elegido}
                onClick={() => {
                  if (esVariable) setElegido(n.node_id);
                  else if (n.tiene_hijos) setRuta([...ruta, { nodeId: n.node_id, nombre: n.display_name }]);
                }}
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  {esVariable ? <DataObjectIcon fontSize="small" /> : <FolderIcon fontSize="small" />}
                </ListItemIcon>
                <ListItemText
                  primary={n.display_name}
                  secondary={esVariable ? `${n.node_id} · ${n.data_type ?? '—'}` : n.node_id}
                  slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
                {!esVariable && n.tiene_hijos && <ChevronRightIcon fontSize="small" />}
              </ListItemButton>
            );
          })}
        </List>
      </Paper>
      <TextField
        label="Nodo elegido (node id)"
        value={elegido}
        onChange={(e) => setElegido(e.target.value)}
        helperText={
          errorServidor ??
          'Elija una variable de la lista o escriba su node id, p. ej. ns=2;s=Planta.Linea1.Velocidad'
        }
        error={Boolean(errorServidor)}
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      {nodoValor && (
        <Box aria-live="polite" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
          <Typography variant="body2" color="text.secondary">
            Valor actual:
          </Typography>
          {valor.isError ? (
            <Typography variant="body2" color="warning.main">
              {valor.error.message}
            </Typography>
          ) : (
            <Typography variant="body1" component="strong" aria-label="Valor actual del nodo">
              {valor.data ? valorTexto(valor.data.valor) : 'Cargando...'}
              {valor.data?.data_type ? ` (${valor.data.data_type})` : ''}
            </Typography>
          )}
        </Box>
      )}
      {actual && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          Lee ahora: {actual}
        </Typography>
      )}
    </FormDialog>
  );
}
