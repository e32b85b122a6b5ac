import type { LineaRecord, LineasRepository } from './lineas.repository.ts';

export class LineasService {
  constructor(private readonly repo: LineasRepository) {}

  /** Production lines (without 'Planta'), by numero; any logged-in user. */
  lineas(): Promise<LineaRecord[]> {
    return this.repo.listLineas();
  }
}
