// Long reads served from memory while their rows are unchanged (db/cache-validado.ts): whatever
// changes the rows — a late write, an edit, a delete, a renamed variable, line or plant — shows in
// the very next answer, on both databases.
import { fechasDesde, productionDayRange } from '@planta/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { CacheValidado, generacionDe, leerHuella } from '../src/db/cache-validado.ts';
import type { Db } from '../src/db/tipos.ts';
import { consultaPreparada, sentenciaPreparada } from '../src/db/preparadas.ts';
import { rowsOf } from '../src/db/rows.ts';
import { PerdidasRepository } from '../src/modules/perdidas/perdidas.repository.ts';
import { ProduccionRepository } from '../src/modules/produccion/produccion.repository.ts';
import { VariablesRepository } from '../src/modules/variables/variables.repository.ts';
import { seedPlant, TZ, writeLine1Day } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';

const DAY = '2026-03-02';
const SCADA = `query($d: DateTime!, $h: DateTime!) { scadaLinea(linea: 1, desde: $d, hasta: $h, max_puntos: 1440) {
  lecturas { fecha botellas } } }`;
const HISTORICOS = `query($ids: [ID!]!, $d: Date!, $h: Date!) { historicosVariables(ids: $ids, desde: $d, hasta: $h) {
  fecha diario variable { nombre unidad linea { nombre planta { nombre } } } } }`;

interface Lectura {
  fecha: string;
  botellas: number;
}
interface Historico {
  fecha: string;
  diario: number;
  variable: { nombre: string; unidad: string; linea: { nombre: string; planta: { nombre: string } } };
}

describeEachDatabase('reads served again from memory while their rows are unchanged', (server) => {
  let token: string;
  let variableId: number;
  const { start, end } = productionDayRange(DAY, TZ);
  const minuto = (i: number) => new Date(start.getTime() + i * 60_000).toISOString().replace('.000Z', 'Z');

  beforeAll(async () => {
    const db = server().database.db;
    token = (await server().login()).access_token;
    const plant = await seedPlant(db);
    await writeLine1Day(db, DAY, 600);
    variableId = plant.variableId.get('Energía eléctrica (kWh)_561')!;
    await db.execute(sql`insert into historicos (variable_id, fecha, diario)
      values (${variableId}, '2026-03-01', 10), (${variableId}, '2026-03-02', 20)`);
  });

  const dia = async () => {
    const r = await server().gql(SCADA, { d: start.toISOString(), h: end.toISOString() }, { token });
    expect(r.errors).toBeUndefined();
    return (r.data?.scadaLinea as { lecturas: Lectura[] }).lecturas;
  };
  const diarios = async () => {
    const r = await server().gql(
      HISTORICOS,
      { ids: [String(variableId)], d: '2026-03-01', h: '2026-03-05' },
      { token },
    );
    expect(r.errors).toBeUndefined();
    return r.data?.historicosVariables as Historico[];
  };

  it("a closed day's minutes: the same answer again; a late write, an update or a delete shows at once", async () => {
    const db = server().database.db;
    const primera = await dia();
    expect(primera).toHaveLength(1440);
    expect(await dia()).toEqual(primera);

    await db.execute(
      sql`update scada_lecturas set botellas = 777 where linea = 1 and fecha = ${minuto(10)}::timestamptz`,
    );
    const editada = await dia();
    expect(editada[10]).toEqual({ fecha: minuto(10), botellas: 777 });
    expect(editada.filter((l, i) => l.botellas !== primera[i]!.botellas)).toHaveLength(1);

    await db.execute(sql`delete from scada_lecturas where linea = 1 and fecha = ${minuto(20)}::timestamptz`);
    const sinUno = await dia();
    expect(sinUno).toHaveLength(1439);
    expect(sinUno.map((l) => l.fecha)).not.toContain(minuto(20));

    // The minute written back as it was: same count and values as before the delete, new rows.
    await db.execute(sql`insert into scada_lecturas (linea, fecha, velocidad, botellas, botellas_llenas, paquetes, formato)
      values (1, ${minuto(20)}::timestamptz, 500, ${primera[20]!.botellas}, 498, 41, 11)`);
    expect(await dia()).toEqual(editada);
  });

  it('daily values: an edit, a new day and a renamed variable, line or plant show at once', async () => {
    const db = server().database.db;
    const antes = await diarios();
    expect(antes.map((h) => [h.fecha, h.diario])).toEqual([
      ['2026-03-01', 10],
      ['2026-03-02', 20],
    ]);
    expect(await diarios()).toEqual(antes);

    await db.execute(
      sql`update historicos set diario = 21 where variable_id = ${variableId} and fecha = '2026-03-02'`,
    );
    expect((await diarios()).map((h) => h.diario)).toEqual([10, 21]);

    await db.execute(
      sql`insert into historicos (variable_id, fecha, diario) values (${variableId}, '2026-03-03', 30)`,
    );
    expect((await diarios()).map((h) => h.diario)).toEqual([10, 21, 30]);

    await db.execute(sql`update variables set unidad = 'MWh' where id = ${variableId}`);
    expect((await diarios()).every((h) => h.variable.unidad === 'MWh')).toBe(true);
    await db.execute(sql`update lineas set nombre = 'Línea Uno' where numero = 1`);
    expect((await diarios())[0]!.variable.linea.nombre).toBe('Línea Uno');
    await db.execute(sql`update plantas set nombre = 'Planta Lima'`);
    const despues = await diarios();
    expect(despues[2]!.variable).toEqual({
      nombre: 'Energía eléctrica (kWh)_561',
      unidad: 'MWh',
      linea: { nombre: 'Línea Uno', planta: { nombre: 'Planta Lima' } },
    });
  });

  it('parallel readers never get rows older than the last committed write', async () => {
    const db = server().database.db;
    for (let k = 1; k <= 8; k++) {
      const lecturas = Promise.all(Array.from({ length: 4 }, () => dia())); // in flight during the write
      await db.execute(
        sql`update scada_lecturas set botellas = ${1000 + k} where linea = 1 and fecha = ${minuto(30)}::timestamptz`,
      );
      await lecturas;
      const despues = await Promise.all(Array.from({ length: 4 }, () => dia()));
      expect(despues.map((d) => d[30]!.botellas)).toEqual([1000 + k, 1000 + k, 1000 + k, 1000 + k]);
    }
  });

  it('on the embedded database, a read again with nothing written asks no fingerprint; any write makes it ask', async () => {
    const db = server().database.db;
    const embebida = server().database.kind === 'pglite';
    await db.execute(sql`create sequence if not exists prueba_huella`);
    // A fingerprint that moves each time it is asked: asked again, the read loads again.
    const huella = sql`select nextval('prueba_huella')::text as huella`;
    const cache = new CacheValidado<number[]>((filas) => filas.length);
    let cargas = 0;
    const leer = () =>
      cache.leer(db, 'k', huella, async () => ({ valor: [++cargas], firma: await leerHuella(db, huella) }));
    await leer(); // a key is kept from its second read on
    await leer();
    await db.execute(sql`select count(*) from plantas`); // a read writes nothing
    await leer();
    expect(cargas).toBe(embebida ? 2 : 3); // PostgreSQL: other servers may write, always asked

    const antes = generacionDe(db);
    await db.execute(sql`update plantas set nombre = nombre`);
    expect(generacionDe(db)).toBe(embebida ? antes! + 1 : undefined);
    await leer();
    expect(cargas).toBe(embebida ? 3 : 4);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
    });
    await leer();
    expect(cargas).toBe(embebida ? 4 : 5); // BEGIN … COMMIT counts as a write
    await db.execute(sql`drop sequence prueba_huella`);
  });

  it('on the embedded database, the hot reads and a WITH that only reads move no write count; a WITH that writes does', async () => {
    const db = server().database.db;
    const embebida = server().database.kind === 'pglite';
    const antes = generacionDe(db);
    expect(antes === undefined).toBe(!embebida);
    const [serie] = await new VariablesRepository(db).seriesDe(
      ['Energía eléctrica (kWh)_561'],
      '2026-02-27',
      '2026-03-01',
    );
    expect(serie && fechasDesde(serie.desde, serie.dia)).toEqual(['2026-03-01']);
    await new ProduccionRepository(db).scadaSeries(1, start, end, 1, TZ);
    // A losses statement (a WITH, prepared by name): the fixture has no hourly rows to weigh.
    const pesos = await new PerdidasRepository(db).pesos(
      [{ fecha: DAY, turno: 1, inicio: start, fin: end }],
      null,
    );
    expect(pesos).toEqual([]);
    await db.execute(sql`with x as (select count(*) as n from plantas) select n from x`);
    expect(generacionDe(db)).toBe(antes);
    await db.execute(sql`with x as (update plantas set nombre = nombre returning id) select count(*) from x`);
    expect(generacionDe(db)).toBe(embebida ? antes! + 1 : undefined);
  });

  it('holds at most its bound of rows, least recently used out; what it serves is frozen', async () => {
    const db = server().database.db;
    const cache = new CacheValidado<{ n: number }[]>((filas) => filas.length, 4);
    const lecturas: string[] = [];
    const conHuellas: boolean[] = [];
    const leer = (clave: string, filas: number) =>
      cache.leer(db, clave, sql`select 'igual' as huella`, async (conHuella) => {
        lecturas.push(clave);
        conHuellas.push(conHuella);
        return { valor: Array.from({ length: filas }, (_, n) => ({ n })), firma: conHuella ? 'igual' : null };
      });
    // A key read once is answered and not kept, its rows read without their fingerprint; read again,
    // it is loaded with the fingerprint and kept.
    await leer('a', 2);
    await leer('a', 2);
    expect([lecturas, conHuellas, cache.tamano]).toEqual([['a', 'a'], [false, true], 1]);
    for (const clave of ['b', 'c']) await leer(clave, 2); // each read once: not kept
    expect(cache.tamano).toBe(1);
    lecturas.length = 0;
    await leer('b', 2); // read again: kept (a and b, 4 rows)
    expect(await leer('a', 2)).toHaveLength(2); // from memory: a is now the most recent
    expect(lecturas).toEqual(['b']);
    await leer('c', 2); // 6 rows > 4: b (least recently used) goes
    expect(cache.tamano).toBe(2);
    await leer('a', 2);
    await leer('b', 2);
    expect(lecturas).toEqual(['b', 'c', 'b']);
    await leer('grande', 5); // over the bound on its own: answered, not kept
    await leer('grande', 5);
    expect(lecturas.filter((c) => c === 'grande')).toHaveLength(2);

    const servidas = await leer('a', 2);
    expect(Object.isFrozen(servidas) && Object.isFrozen(servidas[0])).toBe(true);
    expect(() => {
      (servidas[0] as { n: number }).n = 9;
    }).toThrow(TypeError);
  });

  it('a first read of a range is one statement; the fingerprint it takes with the rows is the one the database answers', async () => {
    const base = server().database.db;
    let sentencias = 0;
    // Counts the statements the repositories send (their execute and select calls, and the
    // prepared ones sent to the pool: db/preparadas.ts).
    const pool = (base as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
    const contado = new Proxy(pool, {
      get(destino, nombre) {
        const valor = Reflect.get(destino, nombre, destino) as unknown;
        if (nombre !== 'query' || typeof valor !== 'function') return valor;
        return (...args: unknown[]) => {
          sentencias++;
          return (valor as (...a: unknown[]) => unknown).apply(destino, args);
        };
      },
    });
    const db = new Proxy(base, {
      get(destino, nombre) {
        if (nombre === '$client') return contado;
        const valor = Reflect.get(destino, nombre, destino) as unknown;
        if (typeof valor !== 'function') return valor;
        return (...args: unknown[]) => {
          if (nombre === 'execute' || nombre === 'select') sentencias++;
          return (valor as (...a: unknown[]) => unknown).apply(destino, args);
        };
      },
    }) as Db;
    const contar = async (leer: () => Promise<unknown>) => {
      const antes = sentencias;
      await leer();
      return sentencias - antes;
    };
    // Not the embedded database's write count (a proxy is not the registered handle): a read again
    // always asks the fingerprint, and loads again if it differs from the one the first read took.
    const produccion = new ProduccionRepository(db);
    for (const bucket of [1, 15]) {
      const leer = () => produccion.scadaSeries(1, start, end, bucket, TZ);
      expect(await contar(leer), `bucket ${bucket}, first`).toBe(1);
      expect(await contar(leer), `bucket ${bucket}, again`).toBe(1);
    }
    const repo = new VariablesRepository(db);
    // The variables' records once (then kept under their fingerprint), the rows: two statements.
    expect(await contar(() => repo.historicosDe([variableId], '2026-03-01', '2026-03-05'))).toBe(2);
    // Another range of the same variables: one statement; asked again, the fingerprint only.
    const otro = () => repo.historicosDe([variableId], '2026-03-01', '2026-03-04');
    expect(await contar(otro)).toBe(1);
    expect(await contar(otro)).toBe(1);
    // The rows as the ORM's own read gives them.
    const { filas } = await otro();
    expect(filas.length).toBeGreaterThan(1);
    for (const fila of filas) expect(fila).toMatchObject((await repo.findHistorico(fila.id))!);
    // A renamed line: its fingerprint moves, the rows and the variables are read again.
    await base.execute(sql`update lineas set nombre = 'Línea 1' where numero = 1`);
    expect(await contar(otro)).toBe(3);
    expect((await otro()).filas[0]!.variable.linea?.nombre).toBe('Línea 1');
  });

  it('a prepared read (db/preparadas.ts) answers as the statement does: by name on the pool past the switch to a generic plan, two texts never mixed, and in a transaction', async () => {
    const db = server().database.db;
    type Columna = 'diario::text' | 'fecha::text';
    const texto = (columna: Columna) =>
      `select string_agg(${columna}, ',' order by fecha) as lista from historicos where variable_id = $1::int and fecha >= $2::date`;
    const directo = async (columna: Columna, desde: string) =>
      (
        await rowsOf<{ lista: string }>(
          db.execute(sql`select string_agg(${sql.raw(columna)}, ',' order by fecha) as lista
            from historicos where variable_id = ${variableId} and fecha >= ${desde}::date`),
        )
      )[0]!.lista;
    const [diarios, fechas] = [
      await directo('diario::text', '2026-03-01'),
      await directo('fecha::text', '2026-03-01'),
    ];
    expect(fechas.split(',').length).toBeGreaterThanOrEqual(2);
    // Ten times each, alternating: PostgreSQL plans a named statement generically after five runs.
    for (let vez = 0; vez < 10; vez++) {
      const [a] = await consultaPreparada<{ lista: string }>(db, texto('diario::text'), [
        variableId,
        '2026-03-01',
      ]);
      const [b] = await consultaPreparada<{ lista: string }>(db, texto('fecha::text'), [
        variableId,
        '2026-03-01',
      ]);
      expect([a?.lista, b?.lista]).toEqual([diarios, fechas]);
    }
    // A line's minutes with no column asked but the minute (a query that selects only __typename).
    const produccion = new ProduccionRepository(db);
    const todas = await produccion.scadaSeries(1, start, end, 1, TZ);
    const soloMinutos = await produccion.scadaSeries(1, start, end, 1, TZ, []);
    expect(soloMinutos.minuto).toEqual(todas.minuto);
    expect(soloMinutos.velocidad).toEqual([]);
    // A transaction's handle has no pool: the same text and parameters as an ordinary statement.
    const enTransaccion = await db.transaction(async (tx) =>
      consultaPreparada<{ lista: string }>(tx as unknown as Db, texto('fecha::text'), [
        variableId,
        '2026-03-02',
      ]),
    );
    expect(enTransaccion[0]?.lista).toBe(await directo('fecha::text', '2026-03-02'));
    // Written with drizzle's sql: the rows as execute reads them (dates, timestamps and intervals as text).
    const consulta = sql`select ${DAY}::date as dia, ${start.toISOString()}::timestamptz as inicio,
      interval '90 minutes' as pausa, array[${DAY}::date] as dias, ${variableId}::int as id`;
    const comoExecute = await rowsOf(db.execute(consulta));
    expect(typeof (comoExecute[0] as { inicio: unknown }).inicio).toBe('string');
    for (let vez = 0; vez < 7; vez++) expect(await sentenciaPreparada(db, consulta)).toEqual(comoExecute);
    expect(await db.transaction((tx) => sentenciaPreparada(tx as unknown as Db, consulta))).toEqual(
      comoExecute,
    );
  });
});
