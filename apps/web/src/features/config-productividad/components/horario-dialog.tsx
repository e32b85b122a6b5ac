import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, IconButton, TextField, Typography } from '@mui/material';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { FormDialog } from '../../../components/config/form-dialog.tsx';
import { useFormularioConfig } from '../../../components/config/formulario.tsx';
import {
  type CampoTurno,
  dividirUltimo,
  duracionTexto,
  duracionTurno,
  horarioFormSchema,
  type HorarioFormValues,
  INICIO_DIA,
  MAX_TURNOS,
  quitarTurno,
  revisarHorario,
  type TurnoFila,
} from '../utils/turnos-horario-form.ts';

export interface HorarioDialogProps {
  open: boolean;
  /** The shifts as last read (a reload after a conflict replaces the form's values). */
  turnos: readonly TurnoFila[];
  guardando: boolean;
  /** The server's refusal of the last save. */
  errorGeneral: string | null;
  onClose: () => void;
  onSubmit: (values: HorarioFormValues) => Promise<void>;
}

const ETIQUETA: Record<CampoTurno, string> = { nombre: 'Nombre', inicio: 'Inicio', fin: 'Fin' };

/**
 * The plant's shifts edited as a whole: add (the last one split in two), remove (its time goes to
 * the previous one), each row's name, start and end, with the live check that they tile 08:00 →
 * 08:00 and each row's errors under its fields.
 */
export function HorarioDialog({ turnos, onSubmit, ...dialogo }: HorarioDialogProps) {
  const { control, handleSubmit, getValues } = useFormularioConfig<HorarioFormValues>({
    schema: horarioFormSchema,
    values: { turnos: turnos.map(({ nombre, inicio, fin }) => ({ nombre, inicio, fin })) },
  });
  const { fields, replace } = useFieldArray({ control, name: 'turnos' });
  const actuales = useWatch({ control, name: 'turnos' });
  const revision = revisarHorario(actuales);
  const divididos = dividirUltimo(actuales);

  const campo = (i: number, name: CampoTurno) => (
    <Controller
      name={`turnos.${i}.${name}`}
      control={control}
      render={({ field }) => {
        const error = revision.errores[i]?.[name];
        const fija = i === 0 && name === 'inicio';
        return (
          <TextField
            size="small"
            label={ETIQUETA[name]}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            disabled={fija}
            error={Boolean(error)}
            helperText={error ?? (fija ? 'Inicio del día' : undefined)}
            placeholder={name === 'nombre' ? undefined : 'HH:MM'}
            sx={{ gridArea: name, minWidth: 0 }}
            slotProps={{
              htmlInput: {
                'aria-label': `${ETIQUETA[name]} del turno ${i + 1}`,
                ...(name !== 'nombre' && { inputMode: 'numeric' }),
              },
            }}
          />
        );
      }}
    />
  );

  return (
    <FormDialog
      {...dialogo}
      titulo="Editar horario de turnos"
      maxWidth="md"
      onSubmit={handleSubmit(onSubmit)}
    >
      <Typography variant="body2" color="text.secondary">
        Los turnos cubren el día de producción, de {INICIO_DIA} a {INICIO_DIA} (hora de planta): cada uno
        termina donde empieza el siguiente, dura al menos 1 h y va en cuartos de hora.
      </Typography>
      <Box component="ol" aria-label="Turnos" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
        {fields.map((f, i) => {
          const minutos = duracionTurno(actuales[i] ?? f);
          return (
            <Box
              key={f.id}
              component="li"
              aria-label={`Turno ${i + 1}`}
              sx={{
                display: 'grid',
                gap: 1.5,
                alignItems: 'start',
                gridTemplateColumns: {
                  xs: 'minmax(0, 1fr) minmax(0, 1fr) auto',
                  sm: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr) 80px 40px',
                },
                // On a phone: the name and its length on one line, the times and the remove button below.
                gridTemplateAreas: {
                  xs: '"nombre nombre duracion" "inicio fin quitar"',
                  sm: '"nombre inicio fin duracion quitar"',
                },
              }}
            >
              {campo(i, 'nombre')}
              {campo(i, 'inicio')}
              {campo(i, 'fin')}
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ gridArea: 'duracion', pt: 1, whiteSpace: 'nowrap' }}
              >
                {minutos === null ? '—' : duracionTexto(minutos)}
              </Typography>
              <IconButton
                aria-label={`Quitar turno ${i + 1}`}
                onClick={() => replace(quitarTurno(getValues('turnos'), i))}
                disabled={fields.length <= 1 || dialogo.guardando}
                sx={{ gridArea: 'quitar', justifySelf: 'center' }}
              >
                <DeleteIcon />
              </IconButton>
            </Box>
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Button
          startIcon={<AddIcon />}
          onClick={() => divididos && replace(divididos)}
          disabled={!divididos || dialogo.guardando}
        >
          Agregar turno
        </Button>
        {!divididos && (
          <Typography variant="caption" color="text.secondary">
            {actuales.length >= MAX_TURNOS
              ? `Como máximo ${MAX_TURNOS} turnos`
              : 'Se agrega partiendo el último turno, que debe durar al menos 2 h'}
          </Typography>
        )}
      </Box>
      <Typography
        role="status"
        variant="body2"
        sx={{ fontWeight: 500, color: revision.cubre ? 'success.main' : 'error.main' }}
      >
        {revision.cubre
          ? `Cubren el día de ${INICIO_DIA} a ${INICIO_DIA}: ${duracionTexto(revision.totalMinutos)}`
          : (revision.general ??
            `Suman ${duracionTexto(revision.totalMinutos)}: deben cubrir 24 h, de ${INICIO_DIA} a ${INICIO_DIA}, sin huecos ni superposiciones`)}
      </Typography>
    </FormDialog>
  );
}
