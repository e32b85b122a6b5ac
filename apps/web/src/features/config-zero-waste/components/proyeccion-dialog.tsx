import { TextField } from '@mui/material';
import { useState } from 'react';
import { FormDialog } from '../../../components/config/form-dialog.tsx';
import { errorKg, leerNumero } from '../utils/kilos.ts';

export interface ProyeccionValores {
  aprovechables: number;
  no_aprovechables: number;
  zero_waste: number;
}

export interface ProyeccionDialogProps {
  /** The classification and year being projected, and the values it has (null: none yet). */
  descripcion: string;
  anio: number;
  actual: ProyeccionValores | null;
  guardando: boolean;
  onClose: () => void;
  onSubmit: (values: ProyeccionValores) => Promise<void>;
}

const texto = (n: number | undefined) => (n === undefined ? '' : String(n));

/** The year's projection of one classification: kg aprovechables, no aprovechables and zero waste %. */
export function ProyeccionDialog({
  descripcion,
  anio,
  actual,
  guardando,
  onClose,
  onSubmit,
}: ProyeccionDialogProps) {
  const [valores, setValores] = useState({
    aprovechables: texto(actual?.aprovechables),
    no_aprovechables: texto(actual?.no_aprovechables),
    zero_waste: texto(actual?.zero_waste),
  });
  const [enviado, setEnviado] = useState(false);
  const requerido = (v: string) => (v.trim() === '' ? 'Escriba un valor (0 si no hay)' : errorKg(v, false));
  const errores = {
    aprovechables: requerido(valores.aprovechables),
    no_aprovechables: requerido(valores.no_aprovechables),
    zero_waste:
      requerido(valores.zero_waste) ??
      ((leerNumero(valores.zero_waste) ?? 0) > 100 ? 'Debe estar entre 0 y 100' : null),
  };
  const visible = (campo: keyof typeof errores) => (enviado || valores[campo] !== '' ? errores[campo] : null);
  const campos = [
    ['aprovechables', 'Aprovechables (kg)'],
    ['no_aprovechables', 'No aprovechables (kg)'],
    ['zero_waste', 'Zero waste (%)'],
  ] as const;

  return (
    <FormDialog
      open
      titulo={`Proyección ${anio}: ${descripcion}`}
      nombre="Proyección"
      maxWidth="xs"
      guardando={guardando}
      onClose={onClose}
      onSubmit={() => {
        setEnviado(true);
        if (Object.values(errores).some((x) => x !== null)) return;
        return onSubmit({
          aprovechables: leerNumero(valores.aprovechables)!,
          no_aprovechables: leerNumero(valores.no_aprovechables)!,
          zero_waste: leerNumero(valores.zero_waste)!,
        });
      }}
    >
      {campos.map(([campo, label]) => (
        <TextField
          key={campo}
          label={label}
          value={valores[campo]}
          onChange={(e) => setValores((v) => ({ ...v, [campo]: e.target.value }))}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          error={visible(campo) !== null}
          helperText={visible(campo)}
        />
      ))}
    </FormDialog>
  );
}
