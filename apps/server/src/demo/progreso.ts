/**
 * How far the demo history has got, for /healthz and the web's banner ("Preparando la historia de
 * demostración: 35 %"). One per server process: only the process writing the history knows it,
 * and it answers without asking the database (busy writing that history).
 */
export class ProgresoDemo {
  /** null: no history being written by this process (none asked for, already complete, or failed). */
  porcentaje: number | null = null;

  /** Progress of `hechos` of `total` days: 0–99 while writing (100 only once everything is done). */
  avanzar(hechos: number, total: number): void {
    this.porcentaje = total <= 0 ? 99 : Math.min(99, Math.floor((hechos / total) * 100));
  }

  terminar(): void {
    this.porcentaje = 100;
  }

  fallar(): void {
    this.porcentaje = null;
  }
}
