import { Box, Typography } from '@mui/material';
import type { ResumenVariable, VariableInfo } from './api/variables.ts';
import { KpiCard, type KpiValores } from './kpi-card.tsx';
import { variableNote } from './variable-notes.ts';

const SIN_DATOS: KpiValores = {
  diario: null,
  mensual: null,
  anual: null,
  meta: null,
  meta_mensual: null,
  meta_anual: null,
};

export interface KpiSectionProps {
  titulo: string;
  /** One line under the title saying what the figures are. */
  descripcion?: string;
  variables: readonly VariableInfo[];
  /** The figures of the date (resumenVariables); undefined while they load the first time. */
  resumen: readonly ResumenVariable[] | undefined;
  /** Another date's figures are loading: the cards dim. */
  loading: boolean;
  /** The variable in the screen's chart (highlighted). */
  seleccionada?: string;
  onSelect?: (nombre: string) => void;
  onDetails: (nombre: string) => void;
  testId: string;
  /** Each card's caption (default variableNote). */
  nota?: (nombre: string) => string | undefined;
  /** What the cards' large figure covers (KpiCard `periodo`, default 'día'). */
  periodo?: string;
  /** Show the cards' month and year rows (default true). */
  mesAnio?: boolean;
}

/** A titled grid of KPI cards (diario, mensual and anual against their metas), one per variable. */
export function KpiSection({
  titulo,
  descripcion,
  variables,
  resumen,
  loading,
  seleccionada,
  onSelect,
  onDetails,
  testId,
  nota = variableNote,
  periodo,
  mesAnio,
}: KpiSectionProps) {
  const valores = new Map((resumen ?? []).map((r) => [r.variable.nombre, r]));
  const headingId = `${testId}-titulo`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
          {titulo}
        </Typography>
        {descripcion && (
          <Typography variant="body2" color="text.secondary">
            {descripcion}
          </Typography>
        )}
      </Box>
      <Box
        data-testid={testId}
        aria-busy={loading}
        sx={{
          display: 'grid',
          gap: { xs: 1.5, sm: 2 },
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(3, minmax(0, 1fr))',
            xl: 'repeat(4, minmax(0, 1fr))',
          },
        }}
      >
        {variables.map((variable) => (
          <KpiCard
            key={variable.id}
            testId={`kpi-${variable.nombre}`}
            variable={variable}
            valores={resumen ? (valores.get(variable.nombre) ?? SIN_DATOS) : undefined}
            loading={loading}
            selected={variable.nombre === seleccionada}
            onSelect={onSelect && (() => onSelect(variable.nombre))}
            onDetails={() => onDetails(variable.nombre)}
            nota={nota(variable.nombre)}
            periodo={periodo}
            mesAnio={mesAnio}
          />
        ))}
      </Box>
    </Box>
  );
}
