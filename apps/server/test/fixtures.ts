import { productionDayRange } from '@planta/domain';
import { sql } from 'drizzle-orm';
import { insertUnnest } from '../src/db/bulk.ts';
import type { Db } from '../src/db/client.ts';
import {
  lineas,
  plantas,
  presentaciones,
  productoPresentaciones,
  productos,
  turnos,
  variables,
  velocidadesNominales,
} from '../src/db/schema/index.ts';

export const TZ = 'America/Lima';

export interface PlantFixture {
  lineaId: Map<number, number>;
  variableId: Map<string, number>;
  /** HMI code of 600 ml × 12 on line 1, and 2 L × 6 on line 2. */
  hmi600: number;
  hmi2l: number;
}

/**
 * A small plant: lines 1 and 2 (+ 'Planta'), two presentations with nominal speeds, the variables
 * the derivations compute, and the line-1 energy and air meters.
 */
export async function seedPlant(db: Db): Promise<PlantFixture> {
  const [planta] = await db.insert(plantas).values({ nombre: 'Planta' }).returning();
  const ls = await db
    .insert(lineas)
    .values([
      { nombre: 'Planta', numero: 0, sufijo: '', plantaId: planta!.id },
      { nombre: 'Línea 1', numero: 1, sufijo: '_561', plantaId: planta!.id },
      { nombre: 'Línea 2', numero: 2, sufijo: '_562', plantaId: planta!.id },
    ])
    .returning();
  const lineaId = new Map(ls.map((l) => [l.numero, l.id]));
  const [cola] = await db
    .insert(productos)
    .values({ descripcion: 'Cola', imagePrefix: 'cola', imageColor: '#c62828' })
    .returning();
  const pres = await db
    .insert(presentaciones)
    .values([
      { volumen: 600, unidMedida: 'ml', factor: (12 * 0.6) / 5.678 },
      { volumen: 2, unidMedida: 'L', factor: (6 * 2) / 5.678 },
    ])
    .returning();
  const pps = await db
    .insert(productoPresentaciones)
    .values([
      {
        productoId: cola!.id,
        presentacionId: pres[0]!.id,
        numBotellas: 12,
        hmiLinea1Id: 11,
        hmiLinea2Id: 21,
      },
      { productoId: cola!.id, presentacionId: pres[1]!.id, numBotellas: 6, hmiLinea1Id: 12, hmiLinea2Id: 22 },
    ])
    .returning();
  await db.insert(velocidadesNominales).values([
    {
      productoPresentacionId: pps[0]!.id,
      lineaId: lineaId.get(1)!,
      velocidadBotellasMinuto: 600,
      velocidadPaquetesHora: 3000,
    },
    {
      productoPresentacionId: pps[1]!.id,
      lineaId: lineaId.get(2)!,
      velocidadBotellasMinuto: 200,
      velocidadPaquetesHora: 2000,
    },
  ]);
  const base = {
    estado: 1,
    nivel: 'INDIVIDUAL' as const,
    area: 'fabrica',
    fuente: 'CALCULADA' as const,
    decimales: 2,
  };
  const vs = await db
    .insert(variables)
    .values([
      { ...base, nombre: 'Producción (CU)', nivel: 'GLOBAL', unidad: 'CU', agregacion: 'SUMA' },
      { ...base, nombre: 'Producción (CU)_561', lineaId: lineaId.get(1)!, unidad: 'CU', agregacion: 'SUMA' },
      { ...base, nombre: 'ETA (%)', nivel: 'GLOBAL', unidad: '%', agregacion: 'PROMEDIO' },
      { ...base, nombre: 'ETA (%)_561', lineaId: lineaId.get(1)!, unidad: '%', agregacion: 'PROMEDIO' },
      {
        ...base,
        nombre: 'Eficiencia pagada (%)_561',
        lineaId: lineaId.get(1)!,
        unidad: '%',
        agregacion: 'PROMEDIO',
      },
      {
        ...base,
        nombre: 'MTTR (min)_561',
        area: 'mantenimiento',
        lineaId: lineaId.get(1)!,
        unidad: 'min',
        agregacion: 'PROMEDIO',
      },
      {
        ...base,
        nombre: 'MTTF (min)_561',
        area: 'mantenimiento',
        lineaId: lineaId.get(1)!,
        unidad: 'min',
        agregacion: 'PROMEDIO',
      },
      {
        ...base,
        nombre: 'Energía eléctrica (kWh)_561',
        area: 'energia',
        fuente: 'OPC',
        opcNodeId: 'ns=2;s=L1.Energia',
        lineaId: lineaId.get(1)!,
        unidad: 'kWh',
        agregacion: 'SUMA',
      },
      {
        ...base,
        nombre: 'Flujo aire L1 (Nm³/h)',
        area: 'utilidades',
        fuente: 'OPC',
        opcNodeId: 'ns=2;s=L1.Aire',
        lineaId: lineaId.get(1)!,
        unidad: 'Nm³/h',
        agregacion: 'PROMEDIO',
      },
      {
        ...base,
        nombre: 'Agua extraída (m³)',
        nivel: 'GLOBAL',
        area: 'utilidades',
        fuente: 'OPC',
        opcNodeId: 'ns=2;s=Agua',
        unidad: 'm³',
        agregacion: 'SUMA',
      },
    ])
    .returning();
  return { lineaId, variableId: new Map(vs.map((v) => [v.nombre, v.id])), hmi600: 11, hmi2l: 22 };
}

/**
 * Minute rows for line 1 over a production day: runs 600 ml from 08:00 for `runMinutes` at 500 bpm
 * (12 bottles → 41 or 42 packs a minute), then stops. Returns the exact sums written.
 */
export async function writeLine1Day(db: Db, fecha: string, runMinutes: number) {
  const { start } = productionDayRange(fecha, TZ);
  const rows = Array.from({ length: 1440 }, (_, i) => {
    const running = i < runMinutes;
    return {
      t: new Date(start.getTime() + i * 60_000),
      velocidad: running ? 500 : 0,
      botellas: running ? 500 : 0,
      llenas: running ? 498 : 0,
      paquetes: running ? (i % 2 === 0 ? 41 : 42) : 0,
      formato: running ? 11 : 0,
    };
  });
  await insertUnnest(
    db,
    'scada_lecturas',
    [
      { name: 'linea', type: 'smallint', value: () => 1 },
      { name: 'fecha', type: 'timestamptz', value: (r) => r.t },
      { name: 'velocidad', type: 'float8', value: (r) => r.velocidad },
      { name: 'botellas', type: 'int', value: (r) => r.botellas },
      { name: 'botellas_llenas', type: 'int', value: (r) => r.llenas },
      { name: 'paquetes', type: 'int', value: (r) => r.paquetes },
      { name: 'formato', type: 'int', value: (r) => r.formato },
    ],
    rows,
    'on conflict do nothing',
  );
  return {
    start,
    paquetes: rows.reduce((a, r) => a + r.paquetes, 0),
    llenas: rows.reduce((a, r) => a + r.llenas, 0),
    minutosMarcha: runMinutes,
  };
}

export async function addShift(db: Db, lineaId: number, fecha: string, horas: number): Promise<void> {
  await db.insert(turnos).values({ lineaId, fecha, horasProductividad: horas });
}

export async function addFailure(db: Db, lineaId: number, inicio: Date, minutes: number): Promise<void> {
  await db.execute(sql`insert into paros (linea_id, inicio, fin, equipo, causa, tipo)
    values (${lineaId}, ${inicio.toISOString()}::timestamptz, ${new Date(inicio.getTime() + minutes * 60_000).toISOString()}::timestamptz,
            'Llenadora', 'Atasco de botellas', 'FALLA')`);
}

export async function addReadings(
  db: Db,
  variableId: number,
  start: Date,
  everyMinutes: number,
  values: number[],
): Promise<void> {
  const rows = values.map((valor, i) => ({
    t: new Date(start.getTime() + i * everyMinutes * 60_000),
    valor,
  }));
  await insertUnnest(
    db,
    'lecturas',
    [
      { name: 'variable_id', type: 'int', value: () => variableId },
      { name: 'fecha', type: 'timestamptz', value: (r) => r.t },
      { name: 'valor', type: 'float8', value: (r) => r.valor },
    ],
    rows,
    'on conflict do nothing',
  );
}
