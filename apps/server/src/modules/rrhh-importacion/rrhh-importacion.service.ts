import { leerFilas } from './lectura.ts';
import {
  type Plan,
  type Resumen,
  ImportacionOcupadaError,
  type RrhhImportacionRepository,
} from './rrhh-importacion.repository.ts';
import { type ErrorFila, type FilaImportada, validarFilas } from './validacion.ts';

/** Errors listed in an answer (total_errores has them all). */
export const MAXIMO_ERRORES_LISTADOS = 200;
/** Parsed rows shown in the preview. */
export const FILAS_MUESTRA = 20;

export interface VistaPrevia extends Resumen {
  archivo: string;
  /** Data rows in the file. */
  filas: number;
  errores: ErrorFila[];
  total_errores: number;
  muestra: FilaImportada[];
}

/** The unique days, overtime rows and employees of the valid rows. */
export function planDe(filas: FilaImportada[], reemplazarHoras: boolean): Plan {
  const empleados = new Map<string, Plan['empleados'][number]>();
  const dias = new Map<string, Plan['dias'][number]>();
  const horas: Plan['horas'] = [];
  for (const f of filas) {
    if (!empleados.has(f.codigo))
      empleados.set(f.codigo, { codigo: f.codigo, nombre: f.nombre, area: f.area });
    const clave = `${f.codigo}\u0000${f.fecha}`;
    let dia = dias.get(clave);
    if (!dia) {
      dia = {
        codigo: f.codigo,
        fecha: f.fecha,
        estado: f.estado,
        entrada: f.entrada,
        salida: f.salida,
        tipos: '',
      };
      dias.set(clave, dia);
    }
    if (f.horas !== null && f.tipo) {
      dia.tipos = dia.tipos ? `${dia.tipos},${f.tipo}` : f.tipo;
      horas.push({ codigo: f.codigo, fecha: f.fecha, tipo: f.tipo, horas: f.horas, motivo: f.motivo });
    }
  }
  return { empleados: [...empleados.values()], dias: [...dias.values()], horas, reemplazarHoras };
}

export class ErroresEnArchivoError extends Error {
  constructor(readonly vista: VistaPrevia) {
    super(
      `El archivo tiene ${vista.total_errores} ${vista.total_errores === 1 ? 'error' : 'errores'}: corríjalos y vuelva a importarlo. No se importó nada.`,
    );
    this.name = 'ErroresEnArchivoError';
  }
}

/** Preview and import of the time clock's export (CSV or .xlsx). */
export class RrhhImportacionService {
  /** One import at a time in this process (the advisory lock covers other servers). */
  private enCurso = false;

  constructor(private readonly repo: RrhhImportacionRepository) {}

  private async analizar(archivo: string, contenido: Buffer) {
    const validacion = await validarFilas(await leerFilas(archivo, contenido));
    const plan = planDe(validacion.filas, validacion.trae_horas);
    return { validacion, plan };
  }

  private vista(
    archivo: string,
    validacion: Awaited<ReturnType<typeof validarFilas>>,
    resumen: Resumen,
  ): VistaPrevia {
    return {
      archivo,
      filas: validacion.total,
      ...resumen,
      errores: validacion.errores.slice(0, MAXIMO_ERRORES_LISTADOS),
      total_errores: validacion.errores.length,
      muestra: validacion.filas.slice(0, FILAS_MUESTRA),
    };
  }

  /** What importing the file would do; writes nothing. */
  async vistaPrevia(archivo: string, contenido: Buffer): Promise<VistaPrevia> {
    const { validacion, plan } = await this.analizar(archivo, contenido);
    return this.vista(archivo, validacion, await this.repo.contar(plan));
  }

  /**
   * Imports the file: ErroresEnArchivoError (nothing written) when any row has errors; else every
   * change in one transaction, audited. ImportacionOcupadaError while another import runs.
   */
  async importar(
    archivo: string,
    contenido: Buffer,
    actor: { id: number; ip: string | null },
  ): Promise<VistaPrevia> {
    if (this.enCurso) throw new ImportacionOcupadaError();
    this.enCurso = true;
    try {
      const { validacion, plan } = await this.analizar(archivo, contenido);
      if (validacion.errores.length > 0)
        throw new ErroresEnArchivoError(this.vista(archivo, validacion, await this.repo.contar(plan)));
      const resumen = await this.repo.aplicar(plan, {
        actorId: actor.id,
        ip: actor.ip,
        archivo,
        filas: validacion.total,
      });
      return this.vista(archivo, validacion, resumen);
    } finally {
      this.enCurso = false;
    }
  }
}
