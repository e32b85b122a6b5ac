/**
 * The demo history's progress in `sistema`. The history holds every day of [demo.completa_desde,
 * demo.hasta] completely, and the days of [demo.derivada_desde, demo.completa_desde) derived
 * (every figure) with their minute rows still to come. A first start writes it newest day first
 * (demo.hasta is the last day from the start, the other two go back day by day), a later start adds
 * the days since demo.hasta oldest first. Without demo.completa_desde (a history written oldest day
 * first, before) it is demo.desde; without demo.derivada_desde, demo.completa_desde.
 */
export const DEMO_UNTIL_KEY = 'demo.hasta';
export const DEMO_COMPLETE_FROM_KEY = 'demo.completa_desde';
export const DEMO_DERIVED_FROM_KEY = 'demo.derivada_desde';
export const DEMO_FROM_KEY = 'demo.desde';
