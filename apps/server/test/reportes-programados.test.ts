// Issue 17 item 5: a screen's PDF e-mailed on a schedule in plant time, with a run log, against a
// real SMTP server. The scheduler's pass runs at instants the test picks (app.motorAlarmas.pasada).
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { proximo } from '../src/modules/reportes-programados/programacion.ts';
import { describeEachDatabase } from './harness.ts';
import { smtpDePrueba } from './smtp.ts';

const smtp = await smtpDePrueba();
afterAll(() => smtp.close());

const CREAR = `mutation($i: ReporteProgramadoInput!) { crearReporteProgramado(input: $i) { id pantalla proximo_envio version } }`;
const EJECUCIONES = `query($id: ID) { ejecucionesReporte(reporte_id: $id) { estado programada_para archivo destinatarios error } }`;

describeEachDatabase(
  'reportes programados',
  (server) => {
    it('a daily report goes out once at its time in plant time, with the PDF attached, and is logged', async () => {
      const { access_token: admin } = await server().login();
      const destinatarios = [`gerente-${process.pid}@planta.test`, `jefe-${process.pid}@planta.test`];
      const creado = await server().gql(
        CREAR,
        {
          i: {
            nombre: 'Producción diaria',
            ruta: '/fabrica',
            periodicidad: 'DIARIA',
            hora: '08:05',
            destinatarios,
            activo: true,
          },
        },
        { token: admin },
      );
      expect(creado.errors).toBeUndefined();
      const reporte = creado.data?.crearReporteProgramado as {
        id: string;
        pantalla: string;
        proximo_envio: string;
      };
      expect(reporte.pantalla).toBe('Dashboard Fábrica');
      const slot = proximo(
        { periodicidad: 'DIARIA', hora: '08:05', diaSemana: null, diaMes: null },
        'America/Lima',
        new Date(),
      ) as Date;
      expect(new Date(reporte.proximo_envio).getTime()).toBe(slot.getTime());
      // 08:05 in Lima is 13:05 UTC.
      expect(slot.getUTCHours()).toBe(13);
      expect(slot.getUTCMinutes()).toBe(5);

      const antes = smtp.recibidos.length;
      // A minute before: nothing.
      await server().app.motorAlarmas.pasada(new Date(slot.getTime() - 60_000));
      expect(smtp.recibidos.length).toBe(antes);
      // At its time: made, queued and sent; passes after it send nothing more.
      await server().app.motorAlarmas.pasada(new Date(slot.getTime() + 30_000));
      await server().app.motorAlarmas.pasada(new Date(slot.getTime() + 90_000));
      const nuevos = smtp.recibidos.slice(antes);
      expect(nuevos.map((m) => (m.to && 'text' in m.to ? m.to.text : '')).sort()).toEqual(
        [...destinatarios].sort(),
      );
      const correo = nuevos[0]!;
      expect(correo.subject).toBe('[Planta] Producción diaria: Dashboard Fábrica');
      expect(correo.attachments).toHaveLength(1);
      const adjunto = correo.attachments[0]!;
      expect(adjunto.contentType).toBe('application/pdf');
      expect(adjunto.filename).toMatch(/\.pdf$/);
      expect(adjunto.content.subarray(0, 5).toString()).toBe('%PDF-');

      const log = await server().gql(EJECUCIONES, { id: reporte.id }, { token: admin });
      expect(log.data?.ejecucionesReporte).toEqual([
        expect.objectContaining({
          estado: 'ENVIADO',
          programada_para: slot.toISOString(),
          destinatarios: 2,
          error: null,
        }),
      ]);
    });

    it('keeps a sent PDF a week (its e-mail may still be retried), then removes it', async () => {
      const dir = path.join(server().dataDir, 'reportes-programados');
      await fs.mkdir(dir, { recursive: true });
      const viejo = path.join(dir, '1-viejo.pdf');
      const reciente = path.join(dir, '2-reciente.pdf');
      await fs.writeFile(viejo, '%PDF-');
      await fs.writeFile(reciente, '%PDF-');
      const ahora = Date.now() + 3 * 86_400_000; // past the hourly sweep of the earlier passes (the next slot at most a day ahead)
      const haceOchoDias = new Date(ahora - 8 * 86_400_000);
      await fs.utimes(viejo, haceOchoDias, haceOchoDias);
      await server().app.motorAlarmas.pasada(new Date(ahora));
      expect((await fs.readdir(dir)).filter((f) => f.endsWith('.pdf'))).toContain('2-reciente.pdf');
      expect(await fs.readdir(dir)).not.toContain('1-viejo.pdf');
    });

    it('validates in Spanish naming the field, and is for admins only', async () => {
      const { access_token: admin } = await server().login();
      const base = {
        nombre: 'Semanal',
        ruta: '/fabrica',
        periodicidad: 'SEMANAL',
        hora: '08:30',
        destinatarios: ['a@b.pe'],
        activo: true,
      };
      const sinDia = await server().gql(CREAR, { i: base }, { token: admin });
      expect(sinDia.errors?.[0]).toMatchObject({
        message: 'Elija el día de la semana del envío',
        extensions: { code: 'BAD_USER_INPUT', field: 'dia_semana' },
      });
      const hora = await server().gql(
        CREAR,
        { i: { ...base, dia_semana: 1, hora: '25:00' } },
        { token: admin },
      );
      expect(hora.errors?.[0]?.message).toBe('El campo "hora" debe ser una hora HH:MM (00:00 a 23:59)');
      const pta = await server().gql(
        CREAR,
        { i: { ...base, dia_semana: 1, ruta: '/pta' } },
        { token: admin },
      );
      expect(pta.errors?.[0]?.message).toBe('La pantalla «PTA» no tiene reporte en PDF');
      const correo = await server().gql(
        CREAR,
        { i: { ...base, dia_semana: 1, destinatarios: ['no-es-correo'] } },
        { token: admin },
      );
      expect(correo.errors?.[0]?.extensions?.field).toBe('destinatarios.0');
    });
  },
  { alarmas: { smtpUrl: smtp.url } },
);
