import { describe, expect, it } from 'vitest';
import { tooltipHtml, tooltipIndex } from './tooltip.ts';

describe('chart tooltips', () => {
  it('escapes every text that may come from stored data', () => {
    const html = tooltipHtml('<img src=x onerror=alert(1)>', [
      { color: '#3fb1e3', etiqueta: 'Real <b>', valor: '1 & 2' },
      { color: null, etiqueta: '% de la meta', valor: '"99"' },
    ]);
    expect(html).not.toContain('<img');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(html).toContain('Real &#60;b&#62;');
    expect(html).toContain('1 &#38; 2');
    expect(html).toContain('&#34;99&#34;');
  });

  it('finds the data index for axis and item triggers', () => {
    expect(tooltipIndex([{ dataIndex: 3 }, { dataIndex: 3 }])).toBe(3);
    expect(tooltipIndex({ dataIndex: 0 })).toBe(0);
    expect(tooltipIndex(undefined)).toBe(-1);
  });
});
