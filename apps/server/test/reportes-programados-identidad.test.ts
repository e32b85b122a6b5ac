// Issue 31, item 4: whose permissions a scheduled report is made with. A scheduled report renders
// as the person who last saved it (not its creator); saving (creating or editing) a report of a
// screen the saver may not open is refused in Spanish naming the field; the PDF says who scheduled
// it. Over HTTP on both databases, against a real SMTP server; the scheduler's pass runs at the
// instant the test picks.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { proximo } from '../src/modules/reportes-programados/programacion.ts';
import { leerPdf, plano } from './exportar.ts';
import { createUser, describeEachDatabase, uniqueName } from './harness.ts';
import { smtpDePrueba } from './smtp.ts';

const smtp = await smtpDePrueba();
afterAll(() => smtp.close());

const CAMPOS = 'id version ruta destinatarios';
const CREAR = `mutation($i: ReporteProgramadoInput!) { crearReporteProgramado(input: $i) { ${CAMPOS} } }`;
const EDITAR = `mutation($id: ID!, $i: ReporteProgramadoInput!) { actualizarReporteProgramado(id: $id, input: $i) { ${CAMPOS} } }`;
const LISTA = `{ reportesProgramados { id ruta destinatarios } }`;

describeEachDatabase(
  'reportes programados: con la identidad de quien los guardó',
  (server) => {
    let superAdmin: string;
    let jefe: string;
    const nombreJefe = uniqueName('Jefe de turno ');
    const gerente = `gerente-identidad-${process.pid}@planta.test`;
    const externo = `externo-identidad-${process.pid}@fuera.test`;
    const base = (extra: Record<string, unknown>) => ({
      nombre: uniqueName('Reporte '),
      periodicidad: 'DIARIA',
      hora: '09:10',
      activo: true,
      destinatarios: [gerente],
      ...extra,
    });

    beforeAll(async () => {
      superAdmin = (await server().login()).access_token;
      const username = uniqueName('jefe');
      await createUser(server(), superAdmin, { username, name: nombreJefe, role: 'admin' });
      jefe = (await server().login(username, 'clave-usuario-1')).access_token;
    });

    it("an admin without the HR permission can neither edit the super-admin's HR report to new recipients nor create one", async () => {
      const creado = await server().gql(
        CREAR,
        { i: base({ ruta: '/recursos-humanos', activo: false }) },
        { token: superAdmin },
      );
      expect(creado.errors).toBeUndefined();
      const rrhh = creado.data?.crearReporteProgramado as { id: string; version: number };

      const editado = await server().gql(
        EDITAR,
        {
          id: rrhh.id,
          i: base({
            ruta: '/recursos-humanos',
            activo: false,
            destinatarios: [externo],
            version: rrhh.version,
          }),
        },
        { token: jefe },
      );
      expect(editado.data).toBeNull();
      expect(editado.errors?.[0]).toMatchObject({
        message:
          'El campo "ruta" es una pantalla que usted no puede abrir: «Horas Extra ~ Recursos Humnanos» requiere el permiso de recursos humanos',
        extensions: { code: 'FORBIDDEN', field: 'ruta' },
      });
      // Nothing changed: still to the manager only.
      const lista = (await server().gql(LISTA, {}, { token: superAdmin })).data?.reportesProgramados as {
        id: string;
        destinatarios: string[];
      }[];
      expect(lista.find((r) => r.id === rrhh.id)?.destinatarios).toEqual([gerente]);

      const propio = await server().gql(
        CREAR,
        { i: base({ ruta: '/recursos-humanos/asistencia-diaria', destinatarios: [externo] }) },
        { token: jefe },
      );
      expect(propio.errors?.[0]).toMatchObject({
        message:
          'El campo "ruta" es una pantalla que usted no puede abrir: «Asistencia Diaria ~ Recursos Humnanos» requiere el permiso de recursos humanos',
        extensions: { code: 'FORBIDDEN', field: 'ruta' },
      });
    });

    it('a report runs as whoever saved it last, and its PDF says who scheduled it', async () => {
      const creado = await server().gql(CREAR, { i: base({ ruta: '/fabrica' }) }, { token: superAdmin });
      expect(creado.errors).toBeUndefined();
      const reporte = creado.data?.crearReporteProgramado as { id: string; version: number };
      // The admin adds an address: from now on the report is theirs.
      const editado = await server().gql(
        EDITAR,
        {
          id: reporte.id,
          i: base({ ruta: '/fabrica', destinatarios: [gerente, externo], version: reporte.version }),
        },
        { token: jefe },
      );
      expect(editado.errors).toBeUndefined();

      const slot = proximo(
        { periodicidad: 'DIARIA', hora: '09:10', diaSemana: null, diaMes: null },
        'America/Lima',
        new Date(),
      ) as Date;
      const antes = smtp.recibidos.length;
      await server().app.motorAlarmas.pasada(new Date(slot.getTime() + 30_000));
      const para = (direccion: string) =>
        smtp.recibidos.slice(antes).filter((m) => m.to && 'text' in m.to && m.to.text === direccion);
      expect(para(externo)).toHaveLength(1);
      expect(para(gerente)).toHaveLength(1);
      const adjunto = para(externo)[0]!.attachments[0]!;
      expect(adjunto.contentType).toBe('application/pdf');
      const texto = plano(leerPdf(adjunto.content).texto);
      expect(texto).toContain(`Programado por: ${nombreJefe}`);
      expect(texto).toContain(`Generado por: ${nombreJefe},`);
    });
  },
  { alarmas: { smtpUrl: smtp.url } },
);
