import type { OpcLectura, OpcNodoInfo } from '../../collector/tag-browser.ts';

/** What the tag browser and the mapping need from this process's collector (read-only). */
export interface NavegadorOpc {
  browseNode(nodeId?: string | null): Promise<OpcNodoInfo[]>;
  readNode(nodeId: string): Promise<OpcLectura>;
  reloadMapping(): Promise<void>;
}

/** Where the collector of this process (if any) meets the opc module; one per app (per LiveHub). */
export class PuertaOpc {
  colector: NavegadorOpc | null = null;
}

const puertas = new WeakMap<object, PuertaOpc>();

/** The gate of an app, keyed by its LiveHub (main.ts and the tests connect the collector here). */
export function puertaOpc(app: object): PuertaOpc {
  let puerta = puertas.get(app);
  if (!puerta) {
    puerta = new PuertaOpc();
    puertas.set(app, puerta);
  }
  return puerta;
}
