import { productionDayRange } from '@planta/domain';
import { describe, expect, it } from 'vitest';
import { api, apiLogin } from './api.ts';
import { iniciarSesion, useBrowser } from './browser.ts';

// Issue 31 item 11. SPEC §7: "Air and water exports take start date, end date, interval, variables
// and return file_url, opened from the base host". A client that does exactly that — the export
// call, then file_url at once, from the browser, with the session's Bearer token — gets the file
// (the server waits while it is written), not a 409.

describe('file_url opened right after the export call', () => {
  const { newPage } = useBrowser();

  it('the browser gets the .xlsx and the .csv, not 409', async () => {
    const { calendarioPlanta } = await api<{
      calendarioPlanta: { dia_produccion: string; zona_horaria: string };
    }>('{ calendarioPlanta { dia_produccion zona_horaria } }', {}, await apiLogin());
    const page = await newPage();
    await iniciarSesion(page);
    await page.goto('/menu'); // the app's origin: its cookie and its fetch
    // The day in progress at a 1-minute interval: the simulator's minute readings since start-up.
    const desde = productionDayRange(
      calendarioPlanta.dia_produccion,
      calendarioPlanta.zona_horaria,
    ).start.toISOString();
    const hasta = new Date().toISOString();
    for (const formato of ['XLSX', 'CSV'] as const) {
      const result = await page.evaluate(
        async ({ desde, hasta, formato }) => {
          const token = decodeURIComponent(
            document.cookie
              .split('; ')
              .find((c) => c.startsWith('access_token='))
              ?.slice('access_token='.length) ?? '',
          );
          const headers = {
            Accept: 'application/json',
            'Content-Type': 'application/json',
            'X-Requested-With': 'XMLHttpRequest',
            Authorization: `Bearer ${token}`,
          };
          const call = await fetch('/graphql', {
            method: 'POST',
            headers,
            body: JSON.stringify({
              query: `mutation($i: ExportarReporteInput!) { exportarReporteAire(input: $i) { estado file_url nombre } }`,
              variables: { i: { desde, hasta, intervalo: '1m', formato } },
            }),
          });
          const body = (await call.json()) as {
            data?: { exportarReporteAire: { estado: string; file_url: string; nombre: string } };
            errors?: unknown;
          };
          const exportacion = body.data?.exportarReporteAire;
          if (!exportacion) return { error: JSON.stringify(body.errors) };
          // Opened from the base host at once, as SPEC §7's client does.
          const file = await fetch(`${window.location.origin}${exportacion.file_url}`, {
            headers: { 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${token}` },
          });
          const bytes = new Uint8Array(await file.arrayBuffer());
          return {
            estado: exportacion.estado,
            nombre: exportacion.nombre,
            status: file.status,
            type: file.headers.get('content-type'),
            disposition: file.headers.get('content-disposition'),
            size: bytes.length,
            head: Array.from(bytes.subarray(0, 3)),
            text: formato === 'CSV' ? new TextDecoder().decode(bytes.subarray(0, 200)) : '',
          };
        },
        { desde, hasta, formato },
      );
      if ('error' in result) throw new Error(`la llamada de exportación falló: ${result.error}`);
      expect(result.estado).toBe('EN_PROCESO');
      expect(result.status, result.text).toBe(200);
      expect(result.disposition).toContain(`filename="${result.nombre}"`);
      expect(result.size).toBeGreaterThan(100);
      if (formato === 'XLSX') {
        expect(result.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
        expect(result.head.slice(0, 2)).toEqual([0x50, 0x4b]); // 'PK': a zip, the whole .xlsx
      } else {
        expect(result.type).toBe('text/csv; charset=utf-8');
        expect(result.head).toEqual([0xef, 0xbb, 0xbf]);
        expect(result.text).toContain('Fecha y hora');
      }
    }
  });
});
