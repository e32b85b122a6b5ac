import { describe, expect, it } from 'vitest';
import { etiquetaInstante, intervaloPorDefecto, intervalosValidos, leerRango, rangoDe } from './rango.ts';
import { flujoSinProduccionLineas, notaFugas, tarjetasConsumo, tarjetasFugas } from './tarjetas.ts';

const TZ = 'America/Lima';

describe('rango', () => {
  it('offers the intervals within the API row cap and with at least 4 points', () => {
    expect(intervalosValidos(1)).toEqual(['5m', '15m', '1 hora']);
    expect(intervalosValidos(7)).toEqual(['5m', '15m', '1 hora', '1 día']);
    expect(intervalosValidos(30)).toEqual(['15m', '1 hora', '1 día']); // 5 min: 8,640 rows > 5,000
    expect(intervaloPorDefecto(1)).toBe('5m');
    expect(intervaloPorDefecto(30)).toBe('1 hora');
  });

  it('reads the URL, falling back to the defaults for values not offered', () => {
    expect(leerRango(null, null)).toEqual({ dias: 1, intervalo: '5m' });
    expect(leerRango('7', '1 día')).toEqual({ dias: 7, intervalo: '1 día' });
    expect(leerRango('30', '5m')).toEqual({ dias: 30, intervalo: '1 hora' });
    expect(leerRango('999', 'x')).toEqual({ dias: 1, intervalo: '5m' });
  });

  it('spans whole production days (08:00 plant time) ending on the chosen day', () => {
    const r = rangoDe('2026-11-25', 7, TZ, Number.POSITIVE_INFINITY);
    expect(r).toEqual({
      desde: '2026-11-19',
      hasta: '2026-11-25',
      inicio: '2026-11-19T13:00:00.000Z',
      fin: '2026-11-26T13:00:00.000Z',
    });
    const cortado = rangoDe('2026-11-25', 1, TZ, Date.parse('2026-11-25T15:30:00Z'));
    expect(cortado.fin).toBe('2026-11-25T15:30:00.000Z');
  });

  it('labels instants in plant time', () => {
    expect(etiquetaInstante('2026-11-25T13:05:00Z', TZ, false)).toBe('08:05');
    expect(etiquetaInstante('2026-11-26T04:00:00Z', TZ, true)).toBe('25/11 23:00');
  });
});

describe('tarjetas', () => {
  it('shows the range figure large and month/year below, lower is better', () => {
    const [t] = tarjetasConsumo(
      [
        {
          clave: 'agua',
          nombre: 'Agua por litro producido',
          unidad: 'L/L',
          decimales: 2,
          variable_detalle: 'Relación agua (L/L)',
          valor: 1.4,
          mensual: 1.5,
          anual: 1.6,
          meta: 1.5,
        },
      ],
      '2026-11-25',
    );
    expect(t!.variable.mayor_es_mejor).toBe(false);
    expect(t!.resumen).toMatchObject({ diario: 1.4, mensual: 1.5, anual: 1.6, meta: 1.5, meta_anual: 1.5 });
    expect(t!.detalle).toBe('Relación agua (L/L)');
  });

  it('leak cards: the plant and each line, with what was measured', () => {
    const f = {
      minutos: 1440,
      minutos_sin_produccion: 610,
      flujo_medio: 240,
      flujo_sin_produccion: 85,
      fugas_pct: 35.4,
      meta: 20,
    };
    const cards = tarjetasFugas(
      {
        ...f,
        lineas: [
          { ...f, linea: 1 },
          { ...f, linea: 2, fugas_pct: null },
        ],
      },
      '2026-11-25',
    );
    expect(cards.map((c) => c.variable.nombre)).toEqual([
      'Fugas de aire — planta',
      'Fugas de aire — línea 1',
      'Fugas de aire — línea 2',
    ]);
    expect(cards[2]!.detalle).toBe('Fugas de aire (%)_562');
    expect(notaFugas(f)).toBe('85.0 de 240.0 Nm³/h · 610 de 1,440 min sin producción');
    expect(notaFugas({ ...f, minutos: 0 })).toBe('Sin lecturas de flujo en el rango');
    expect(
      flujoSinProduccionLineas([
        { flujo_sin_produccion: 40 },
        { flujo_sin_produccion: null },
        { flujo_sin_produccion: 2 },
      ]),
    ).toBe(42);
    expect(flujoSinProduccionLineas([])).toBeNull();
  });
});
