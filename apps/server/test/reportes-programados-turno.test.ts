// Issue 33 item 5: /fabrica/perdidas' report scheduled "al cierre de cada turno". At each shift's
// end the PDF of the shift just closed (its production day, its number, the saved line) is made as
// whoever saved the schedule and e-mailed, against a real SMTP server; the scheduler's pass runs
// at the instants the test picks.
import { TURNOS_HORARIO_POR_DEFECTO, turnoDeInstante } from '@planta/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { proximo } from '../src/modules/reportes-programados/programacion.ts';
import { leerPdf, plano } from './exportar.ts';
import { seedPlant, TZ } from './fixtures.ts';
import { describeEachDatabase, uniqueName } from './harness.ts';
import { smtpDePrueba } from './smtp.ts';

const smtp = await smtpDePrueba();
afterAll(() => smtp.close());

const CAMPOS = 'id periodicidad hora linea pantalla proximo_envio';
const CREAR = `mutation($i: ReporteProgramadoInput!) { crearReporteProgramado(input: $i) { ${CAMPOS} } }`;
const EJECUCIONES = `query($id: ID) { ejecucionesReporte(reporte_id: $id) { estado programada_para archivo destinatarios error } }`;
const TURNOS = TURNOS_HORARIO_POR_DEFECTO.map((t, i) => ({ ...t, numero: i + 1 }));

describeEachDatabase(
  'reportes programados al cierre de cada turno',
  (server) => {
    let admin = '';
    const destinatario = `jefe-turno-${process.pid}@planta.test`;
    const base = (extra: Record<string, unknown> = {}) => ({
      nombre: uniqueName('Pérdidas por turno '),
      ruta: '/fabrica/perdidas',
      periodicidad: 'TURNO',
      destinatarios: [destinatario],
      activo: true,
      ...extra,
    });

    beforeAll(async () => {
      await seedPlant(server().database.db);
      admin = (await server().login()).access_token;
    });

    it("e-mails the PDF of the line's shift just closed at the shift's end, once, and logs it", async () => {
      const creado = await server().gql(CREAR, { i: base({ linea: 2, hora: '10:00' }) }, { token: admin });
      expect(creado.errors).toBeUndefined();
      const reporte = creado.data?.crearReporteProgramado as {
        id: string;
        hora: string | null;
        linea: number;
        proximo_envio: string;
      };
      // No hour of its own: the shifts' ends say when.
      expect(reporte).toMatchObject({ periodicidad: 'TURNO', hora: null, linea: 2, pantalla: 'Pérdidas' });
      const slot = proximo({ periodicidad: 'TURNO', turnos: TURNOS }, TZ, new Date())!;
      expect(reporte.proximo_envio).toBe(slot.toISOString());
      // Lima is UTC−5: the ends 16:00, 00:00 and 08:00 are 21, 05 and 13 h UTC.
      expect([21, 5, 13]).toContain(slot.getUTCHours());
      expect(slot.getUTCMinutes()).toBe(0);
      const cerrado = turnoDeInstante(slot.getTime() - 1, TURNOS, TZ);

      const antes = smtp.recibidos.length;
      await server().app.motorAlarmas.pasada(new Date(slot.getTime() - 60_000));
      expect(smtp.recibidos.length).toBe(antes);
      await server().app.motorAlarmas.pasada(new Date(slot.getTime() + 30_000));
      await server().app.motorAlarmas.pasada(new Date(slot.getTime() + 90_000));
      const nuevos = smtp.recibidos.slice(antes);
      expect(nuevos).toHaveLength(1);
      const correo = nuevos[0]!;
      expect(correo.subject).toMatch(/^\[Planta\] Pérdidas por turno .*: Pérdidas$/);
      const adjunto = correo.attachments[0]!;
      expect(adjunto.contentType).toBe('application/pdf');
      expect(adjunto.filename).toBe(
        `perdidas_${cerrado.fecha}_${cerrado.fecha}_linea-2_turno-${cerrado.numero}.pdf`,
      );
      const texto = plano(leerPdf(adjunto.content).texto);
      expect(texto).toContain(`Línea 2 · turno ${cerrado.numero}`);
      expect(texto).toContain('Programado por');

      const log = await server().gql(EJECUCIONES, { id: reporte.id }, { token: admin });
      expect(log.data?.ejecucionesReporte).toEqual([
        expect.objectContaining({
          estado: 'ENVIADO',
          programada_para: slot.toISOString(),
          archivo: adjunto.filename,
          destinatarios: 1,
          error: null,
        }),
      ]);
    });

    it('is offered only for the screens whose PDF reads one shift; the line must exist; the others keep their hour', async () => {
      const rechazo = async (input: Record<string, unknown>) =>
        (await server().gql(CREAR, { i: input }, { token: admin })).errors?.[0];
      expect(await rechazo(base({ ruta: '/fabrica' }))).toMatchObject({
        message:
          'La periodicidad «al cierre de cada turno» es solo para «Pérdidas»: el reporte de «Dashboard Fábrica» no se hace por turno',
        extensions: { code: 'BAD_USER_INPUT', field: 'periodicidad' },
      });
      expect(await rechazo(base({ linea: 9 }))).toMatchObject({
        message: 'El campo "linea" no es una línea de producción',
        extensions: { field: 'linea' },
      });
      expect(
        await rechazo(base({ ruta: '/fabrica', periodicidad: 'DIARIA', hora: '08:05', linea: 1 })),
      ).toMatchObject({
        message: 'El campo "linea" es solo para «Pérdidas»',
        extensions: { field: 'linea' },
      });
      expect(await rechazo(base({ periodicidad: 'DIARIA' }))).toMatchObject({
        message: 'El campo "hora" es obligatorio',
        extensions: { field: 'hora' },
      });
      // The plant's daily losses, with its hour, still work as before.
      const diario = await server().gql(
        CREAR,
        { i: base({ periodicidad: 'DIARIA', hora: '08:05', activo: false }) },
        { token: admin },
      );
      expect(diario.data?.crearReporteProgramado).toMatchObject({
        hora: '08:05',
        linea: null,
        proximo_envio: null,
      });
    });
  },
  { alarmas: { smtpUrl: smtp.url } },
);
