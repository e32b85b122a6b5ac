import { Box, Card, CardContent, Chip, Skeleton, Typography } from '@mui/material';
import { useLineaEnVivo, useLineas } from '../api/lineas.ts';

const ESTADO_COLOR: Record<number, 'success' | 'error' | 'warning' | 'info' | 'default'> = {
  1: 'success',
  2: 'error',
  3: 'warning',
  4: 'info',
  5: 'warning',
};

function LineaEnVivoCard({ numero, nombre }: { numero: number; nombre: string }) {
  const vivo = useLineaEnVivo(numero);
  return (
    <Card component="section" aria-label={nombre} data-testid={`linea-${numero}`}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2">
            {nombre}
          </Typography>
          {vivo ? (
            <Chip size="small" label={vivo.estado_nombre} color={ESTADO_COLOR[vivo.estado] ?? 'default'} />
          ) : (
            <Chip size="small" label="Sin datos en vivo" />
          )}
        </Box>
        {vivo ? (
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1 }}>
            <Dato
              titulo="Velocidad"
              valor={`${Math.round(vivo.velocidad).toLocaleString('es-PE')} bpm`}
              testId="velocidad"
            />
            <Dato titulo="Formato" valor={vivo.formato === 0 ? 'Sin producto' : String(vivo.formato)} />
            <Dato titulo="Botellas (minuto)" valor={vivo.botellas.toLocaleString('es-PE')} />
            <Dato titulo="Paquetes (minuto)" valor={vivo.paquetes.toLocaleString('es-PE')} />
          </Box>
        ) : (
          <Skeleton variant="rounded" height={88} />
        )}
      </CardContent>
    </Card>
  );
}

function Dato({ titulo, valor, testId }: { titulo: string; valor: string; testId?: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {titulo}
      </Typography>
      <Typography variant="h6" component="p" data-testid={testId}>
        {valor}
      </Typography>
    </Box>
  );
}

/** Lineas: live values of every production line (the full charts arrive with the production screens). */
export function LineasPage() {
  const lineas = useLineas();
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}
    >
      {(lineas.data ?? []).map((l) => (
        <LineaEnVivoCard key={l.id} numero={l.numero} nombre={l.nombre} />
      ))}
      {lineas.isLoading && <Typography color="text.secondary">Cargando...</Typography>}
    </Box>
  );
}
