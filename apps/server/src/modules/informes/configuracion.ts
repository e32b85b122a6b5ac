import { formatFecha, formatNumber } from '@planta/charts';
import { addDays, fechaHoraPlanta, LINE_TAG_LABEL, MESES, weekStart } from '@planta/domain';
import { badInput } from '../../errors.ts';
import { type DefinicionInforme, fechaParametro, periodoDia, periodoRango } from './definicion.ts';
import type { ColumnaTabla, Seccion } from './informe.ts';

// The PDFs of the six configuration screens (issue 16, admins): the screen's master data as
// tables, read through the same services the screens use. Every list is bounded; the bound is
// said in the table's note.

const num = (v: number | null | undefined, decimales = 2) => (v == null ? '—' : formatNumber(v, decimales));
const volumen = (v: number) => formatNumber(v, v % 1 === 0 ? 0 : 2);
const siNo = (v: boolean) => (v ? 'Sí' : 'No');
const mesAnio = (fecha: string) => `${MESES[Number(fecha.slice(5, 7)) - 1]} ${fecha.slice(0, 4)}`;
const anioDe = (fecha: string) => Number(fecha.slice(0, 4));

function entero(valor: string | null | undefined, campo: string, min: number, max: number): number | null {
  if (valor == null || valor === '') return null;
  const n = /^\d{1,4}$/.test(valor) ? Number(valor) : NaN;
  if (!(n >= min && n <= max)) {
    throw badInput(`El campo "${campo}" debe ser un número entero entre ${min} y ${max}`, campo);
  }
  return n;
}

/** A table (an empty one shows 'Sin datos'); the note says its bound. */
const tabla = (titulo: string, columnas: ColumnaTabla[], filas: string[][], nota?: string): Seccion => ({
  tipo: 'tabla',
  titulo,
  ...(nota ? { nota } : {}),
  columnas,
  filas,
});

const NIVEL: Record<string, string> = { GLOBAL: 'Global', INDIVIDUAL: 'Individual' };
const AGREGACION: Record<string, string> = { SUMA: 'Suma', PROMEDIO: 'Promedio', ULTIMO: 'Último valor' };
const FUENTE: Record<string, string> = { MANUAL: 'Manual', OPC: 'OPC', CALCULADA: 'Calculada' };
const TIPO_PARO: Record<string, string> = {
  FALLA: 'Falla',
  MICROPARO: 'Microparo',
  CAMBIO_FORMATO: 'Cambio de formato',
  CIP: 'CIP',
  PLANIFICADO: 'Planificado',
};
const CAMPO_OPC: Record<string, string> = LINE_TAG_LABEL;

/**
 * /configuracion: every variable; with `variable` (its id) also that variable's week of
 * históricos (the week of `fecha`, default today) and its metas of the year `anio` (default the
 * current one).
 */
export const informeConfigVariables: DefinicionInforme = async ({ viewer, hoy, parametros, servicios }) => {
  // Checks the admin role now: a refusal answers the mutation.
  const variables = await servicios.variables.variablesConfiguracion(viewer);
  const fecha = fechaParametro(parametros.fecha, 'fecha', hoy) ?? hoy;
  const anio = entero(parametros.anio, 'anio', 2000, 2100) ?? anioDe(hoy);
  let elegida = null as (typeof variables)[number] | null;
  if (parametros.variable) {
    const v = parametros.variable;
    elegida = variables.find((x) => String(x.id) === v || x.nombre === v) ?? null;
    if (!elegida) throw badInput('El campo "variable" no es una variable de la planta', 'variable');
  }
  const lunes = weekStart(fecha);
  const domingo = addDays(lunes, 6);
  return {
    periodo: elegida
      ? `${elegida.nombre} · semana del ${formatFecha(lunes)} al ${formatFecha(domingo)}`
      : periodoDia(hoy),
    archivo: `configuracion-variables_${hoy}`,
    parametros: elegida
      ? { desde: lunes, hasta: domingo, variable: elegida.id, anio }
      : { desde: hoy, hasta: hoy },
    async secciones() {
      const activas = variables.filter((v) => v.estado === 1).length;
      const secciones: Seccion[] = [
        tabla(
          `Variables (${formatNumber(activas, 0)} activas de ${formatNumber(variables.length, 0)})`,
          [
            { titulo: 'Nombre', ancho: 1.7, alinear: 'left' },
            { titulo: 'Área', ancho: 1.25, alinear: 'left' },
            { titulo: 'Unidad', ancho: 0.75, alinear: 'left' },
            { titulo: 'Nivel', ancho: 0.9, alinear: 'left' },
            { titulo: 'Línea', ancho: 0.65, alinear: 'left' },
            { titulo: 'Mín. – Máx.', ancho: 0.95 },
            { titulo: 'Dec.', ancho: 0.5 },
            { titulo: 'Agregación', ancho: 1.1, alinear: 'left' },
            { titulo: 'Fuente', ancho: 1, alinear: 'left' },
            { titulo: 'Estado', ancho: 0.7, alinear: 'left' },
          ],
          variables.map((v) => [
            v.nombre,
            v.area,
            v.unidad,
            NIVEL[v.nivel] ?? v.nivel,
            v.linea?.nombre ?? '—',
            v.minimo == null && v.maximo == null ? '—' : `${num(v.minimo)} – ${num(v.maximo)}`,
            String(v.decimales),
            AGREGACION[v.agregacion] ?? v.agregacion,
            FUENTE[v.fuente] ?? v.fuente,
            v.estado === 1 ? 'Activa' : 'Inactiva',
          ]),
          elegida
            ? undefined
            : 'Elija una variable en la pantalla para incluir su semana de históricos y sus metas.',
        ),
      ];
      if (!elegida) return secciones;
      const [historicos, metas] = await Promise.all([
        servicios.variables.historicosVariables(viewer, { ids: [elegida.id], desde: lunes, hasta: domingo }),
        servicios.variables.metas(viewer, { anio, variable_id: elegida.id }),
      ]);
      const d = elegida.decimales;
      secciones.push(
        tabla(
          `Históricos de ${elegida.nombre} (${elegida.unidad})`,
          [
            { titulo: 'Fecha', ancho: 1 },
            { titulo: 'Diario', ancho: 1 },
            { titulo: 'Mensual', ancho: 1 },
            { titulo: 'Anual', ancho: 1 },
            { titulo: 'Meta', ancho: 1 },
            { titulo: 'Manual', ancho: 0.8, alinear: 'left' },
          ],
          [...historicos]
            .sort((a, b) => a.fecha.localeCompare(b.fecha))
            .map((h) => [
              formatFecha(h.fecha),
              num(h.diario, d),
              num(h.mensual, d),
              num(h.anual, d),
              num(h.meta, d),
              siNo(h.diarioManual || h.mensualManual || h.anualManual),
            ]),
          `Semana del ${formatFecha(lunes)} al ${formatFecha(domingo)}.`,
        ),
        tabla(
          `Metas de ${elegida.nombre} en ${anio}`,
          [
            { titulo: 'Fecha', ancho: 1 },
            { titulo: 'Valor', ancho: 1 },
          ],
          [...metas]
            .sort((a, b) => a.fecha.localeCompare(b.fecha))
            .map((m) => [formatFecha(m.fecha), num(m.valor, d)]),
          `Metas del año ${anio}.`,
        ),
      );
      return secciones;
    },
  };
};

/** /configuracion/planificacion: the plans of the year `anio` (default: the current and previous year). */
export const informeConfigPlanificacion: DefinicionInforme = async ({
  viewer,
  hoy,
  parametros,
  servicios,
}) => {
  const planes = await servicios.planificaciones.planificaciones(viewer);
  const pedido = entero(parametros.anio, 'anio', 2000, 2100);
  const hasta = pedido ?? anioDe(hoy);
  const desde = pedido ?? hasta - 1;
  return {
    periodo: desde === hasta ? `Año ${hasta}` : `Años ${desde} y ${hasta}`,
    archivo: `configuracion-planificacion_${desde === hasta ? hasta : `${desde}-${hasta}`}`,
    parametros: { desde: `${desde}-01-01`, hasta: `${hasta}-12-31` },
    async secciones() {
      const filas = planes
        .filter((p) => anioDe(p.fecha) >= desde && anioDe(p.fecha) <= hasta)
        .sort((a, b) => b.fecha.localeCompare(a.fecha) || a.variable.nombre.localeCompare(b.variable.nombre));
      return [
        tabla(
          'Planificación mensual',
          [
            { titulo: 'Mes', ancho: 1.2, alinear: 'left' },
            { titulo: 'Variable', ancho: 2.2, alinear: 'left' },
            { titulo: 'Negociado', ancho: 1.2 },
            { titulo: 'AOP', ancho: 1.2 },
          ],
          filas.map((p) => [mesAnio(p.fecha), p.variable.nombre, num(p.negociado), num(p.aop)]),
          desde === hasta ? `Planes del año ${hasta}.` : `Planes de los años ${desde} y ${hasta}.`,
        ),
      ];
    },
  };
};

/** /configuracion/productividad: the turnos of the 31 production days up to `fecha` (default today). */
export const informeConfigProductividad: DefinicionInforme = async ({ hoy, parametros, servicios }) => {
  const hasta = fechaParametro(parametros.fecha, 'fecha', hoy) ?? hoy;
  const desde = addDays(hasta, -30);
  return {
    periodo: periodoRango(desde, hasta),
    archivo: `configuracion-productividad_${desde}_${hasta}`,
    parametros: { desde, hasta },
    async secciones() {
      const turnos = (await servicios.turnos.turnos())
        .filter((t) => t.fecha >= desde && t.fecha <= hasta)
        .sort((a, b) => b.fecha.localeCompare(a.fecha) || a.linea.numero - b.linea.numero);
      return [
        tabla(
          'Turnos: horas de productividad por línea',
          [
            { titulo: 'Fecha', ancho: 1 },
            { titulo: 'Línea', ancho: 1.4, alinear: 'left' },
            { titulo: 'Horas', ancho: 0.8 },
          ],
          turnos.map((t) => [formatFecha(t.fecha), t.linea.nombre, num(t.horasProductividad)]),
          `Los 31 días de producción del ${formatFecha(desde)} al ${formatFecha(hasta)}.`,
        ),
      ];
    },
  };
};

const MAX_PAROS = 100;

/**
 * /configuracion/mttr-mttf: the paros of the 7 production days up to `fecha` (default today; at
 * most 100, newest first) and the MTTR/MTTF entered by hand in the year `anio` (default current).
 */
export const informeConfigMttrMttf: DefinicionInforme = async ({
  viewer,
  hoy,
  plantTz,
  parametros,
  servicios,
}) => {
  const hasta = fechaParametro(parametros.fecha, 'fecha', hoy) ?? hoy;
  const desde = addDays(hasta, -6);
  const anio = entero(parametros.anio, 'anio', 2000, 2100) ?? anioDe(hasta);
  // Checks the admin role now: a refusal answers the mutation.
  const paros = await servicios.paros.list(viewer, { desde, hasta, pagina: 0, por_pagina: MAX_PAROS });
  return {
    periodo: periodoRango(desde, hasta),
    archivo: `configuracion-mttr-mttf_${desde}_${hasta}`,
    parametros: { desde, hasta, anio },
    async secciones() {
      const manuales = await servicios.paros.manuales(viewer, `${anio}-01-01`, `${anio}-12-31`);
      return [
        tabla(
          `Paros (${formatNumber(paros.total, 0)})`,
          [
            { titulo: 'Línea', ancho: 0.8, alinear: 'left' },
            { titulo: 'Inicio', ancho: 1.2 },
            { titulo: 'Fin', ancho: 1.2 },
            { titulo: 'Min', ancho: 0.6 },
            { titulo: 'Tipo', ancho: 1, alinear: 'left' },
            { titulo: 'Equipo', ancho: 1.1, alinear: 'left' },
            { titulo: 'Causa', ancho: 1.8, alinear: 'left' },
          ],
          paros.items.map((p) => [
            p.linea_nombre,
            fechaHoraPlanta(new Date(p.inicio), plantTz),
            p.fin === null ? 'En curso' : fechaHoraPlanta(new Date(p.fin), plantTz),
            num(p.minutos),
            TIPO_PARO[p.tipo] ?? p.tipo,
            p.equipo,
            p.causa,
          ]),
          `Los 7 días de producción del ${formatFecha(desde)} al ${formatFecha(hasta)}` +
            (paros.total > paros.items.length ? `; se muestran los ${MAX_PAROS} primeros.` : '.'),
        ),
        tabla(
          'MTTR y MTTF ingresados a mano',
          [
            { titulo: 'Línea', ancho: 1.2, alinear: 'left' },
            { titulo: 'Día', ancho: 1 },
            { titulo: 'MTTR (min)', ancho: 1 },
            { titulo: 'MTTF (min)', ancho: 1 },
          ],
          [...manuales]
            .sort((a, b) => b.fecha.localeCompare(a.fecha) || a.linea - b.linea)
            .map((m) => [m.linea_nombre, formatFecha(m.fecha), num(m.mttr), num(m.mttf)]),
          `Valores del año ${anio}.`,
        ),
      ];
    },
  };
};

/**
 * /configuracion/zero-waste: the classifications, the kg of the month `mes` of `anio` (default
 * the current month) and the projection of `anio`.
 */
export const informeConfigZeroWaste: DefinicionInforme = async ({ viewer, hoy, parametros, servicios }) => {
  const anioActual = anioDe(hoy);
  const anio = entero(parametros.anio, 'anio', 2000, 2100) ?? anioActual;
  const mes = entero(parametros.mes, 'mes', 1, 12) ?? (anio === anioActual ? Number(hoy.slice(5, 7)) : 12);
  const primero = `${anio}-${String(mes).padStart(2, '0')}-01`;
  // Checks the admin role and the month now: a refusal answers the mutation.
  const registros = await servicios.zeroWaste.registrosDelMes(viewer, primero);
  return {
    periodo: `${MESES[mes - 1]} ${anio}`,
    archivo: `configuracion-zero-waste_${anio}-${String(mes).padStart(2, '0')}`,
    parametros: { desde: primero, anio, mes },
    async secciones() {
      const [clasificaciones, proyeccion] = await Promise.all([
        servicios.zeroWaste.clasificaciones(),
        servicios.zeroWaste.proyeccion({ anio }),
      ]);
      const kg = new Map(registros.map((r) => [r.clasificacion.id, r.kg]));
      return [
        tabla(
          'Clasificaciones',
          [
            { titulo: 'Descripción', ancho: 2.4, alinear: 'left' },
            { titulo: 'Aprovechable', ancho: 1, alinear: 'left' },
          ],
          clasificaciones.map((c) => [c.descripcion, siNo(c.aprovechable)]),
        ),
        tabla(
          `Kilos de ${MESES[mes - 1]!.toLowerCase()} ${anio}`,
          [
            { titulo: 'Clasificación', ancho: 2.4, alinear: 'left' },
            { titulo: 'Aprovechable', ancho: 1, alinear: 'left' },
            { titulo: 'Kg', ancho: 1 },
          ],
          clasificaciones.map((c) => [
            c.descripcion,
            siNo(c.aprovechable),
            kg.has(c.id) ? num(kg.get(c.id)) : '—',
          ]),
        ),
        tabla(
          `Proyección ${anio}`,
          [
            { titulo: 'Clasificación', ancho: 2, alinear: 'left' },
            { titulo: 'Aprovechables (kg)', ancho: 1.2 },
            { titulo: 'No aprovechables (kg)', ancho: 1.2 },
            { titulo: 'Zero waste (%)', ancho: 1 },
          ],
          proyeccion.map((p) => [
            p.clasificacion.descripcion,
            num(p.aprovechables),
            num(p.noAprovechables),
            num(p.zeroWaste),
          ]),
        ),
      ];
    },
  };
};

/**
 * /configuracion/lineas: lines, products, presentations, product presentations, nominal speeds
 * and the OPC UA mapping (the catalogue is small: every row).
 */
export const informeConfigLineas: DefinicionInforme = async ({ viewer, hoy, servicios }) => {
  // Checks the admin role now: a refusal answers the mutation.
  const mapeosLineas = await servicios.opc.mapeosLineas(viewer);
  return {
    periodo: periodoDia(hoy),
    archivo: `configuracion-lineas_${hoy}`,
    parametros: { desde: hoy, hasta: hoy },
    async secciones() {
      const c = servicios.catalogo;
      const [lineas, productos, presentaciones, pps, velocidades, variablesOpc] = await Promise.all([
        c.lineas(),
        c.productos(),
        c.presentaciones(),
        c.productoPresentaciones(),
        c.velocidades(),
        servicios.opc.mapeosVariables(viewer),
      ]);
      const presentacion = (p: { volumen: number; unid_medida: string; botellas_paquete?: number }) =>
        `${volumen(p.volumen)} ${p.unid_medida}${p.botellas_paquete ? ` × ${p.botellas_paquete}` : ''}`;
      return [
        tabla(
          'Líneas',
          [
            { titulo: 'Número', ancho: 0.6 },
            { titulo: 'Nombre', ancho: 2, alinear: 'left' },
            { titulo: 'Sufijo SAP', ancho: 1, alinear: 'left' },
          ],
          [...lineas].sort((a, b) => a.numero - b.numero).map((l) => [String(l.numero), l.nombre, l.sufijo]),
        ),
        tabla(
          'Productos',
          [
            { titulo: 'Descripción', ancho: 2, alinear: 'left' },
            { titulo: 'Prefijo de imagen', ancho: 1.2, alinear: 'left' },
            { titulo: 'Color', ancho: 0.8, alinear: 'left' },
          ],
          productos.map((p) => [p.descripcion, p.image_prefix, p.image_color]),
        ),
        tabla(
          'Presentaciones',
          [
            { titulo: 'Volumen', ancho: 1 },
            { titulo: 'Unidad', ancho: 0.7, alinear: 'left' },
            { titulo: 'Botellas/paquete', ancho: 1 },
            { titulo: 'Factor (CU/paquete)', ancho: 1.2 },
          ],
          presentaciones.map((p) => [
            volumen(p.volumen),
            p.unid_medida,
            formatNumber(p.botellas_paquete, 0),
            formatNumber(p.factor, 3),
          ]),
        ),
        tabla(
          'Productos por presentación',
          [
            { titulo: 'Producto', ancho: 1.8, alinear: 'left' },
            { titulo: 'Presentación', ancho: 1, alinear: 'left' },
            { titulo: 'Botellas', ancho: 0.7 },
            { titulo: 'HMI L1', ancho: 0.6 },
            { titulo: 'HMI L2', ancho: 0.6 },
            { titulo: 'HMI L3', ancho: 0.6 },
            { titulo: 'HMI L4', ancho: 0.6 },
          ],
          pps.map((pp) => [
            pp.producto.descripcion,
            presentacion(pp.presentacion),
            formatNumber(pp.num_botellas, 0),
            ...[pp.hmi_linea1_id, pp.hmi_linea2_id, pp.hmi_linea3_id, pp.hmi_linea4_id].map((h) =>
              h == null ? '—' : String(h),
            ),
          ]),
        ),
        tabla(
          'Velocidades nominales',
          [
            { titulo: 'Línea', ancho: 0.9, alinear: 'left' },
            { titulo: 'Producto por presentación', ancho: 2.4, alinear: 'left' },
            { titulo: 'Paquetes/h', ancho: 0.9 },
            { titulo: 'Botellas/min', ancho: 0.9 },
          ],
          [...velocidades]
            .sort((a, b) => a.linea.numero - b.linea.numero)
            .map((v) => [
              v.linea.nombre,
              `${v.producto_presentacion.producto.descripcion} · ${presentacion(v.producto_presentacion.presentacion)}`,
              num(v.velocidad_paquetes_hora),
              num(v.velocidad_botellas_minuto),
            ]),
        ),
        tabla(
          'Mapeo OPC UA: etiquetas de las líneas',
          [
            { titulo: 'Línea', ancho: 0.9, alinear: 'left' },
            { titulo: 'Etiqueta', ancho: 1, alinear: 'left' },
            { titulo: 'Nodo OPC UA', ancho: 2.6, alinear: 'left' },
            { titulo: 'Origen', ancho: 0.9, alinear: 'left' },
          ],
          mapeosLineas.map((m) => [
            m.linea_nombre,
            CAMPO_OPC[m.campo] ?? m.campo,
            m.node_id,
            m.por_defecto ? 'Por defecto' : 'Mapeado',
          ]),
        ),
        tabla(
          'Mapeo OPC UA: variables',
          [
            { titulo: 'Variable', ancho: 2, alinear: 'left' },
            { titulo: 'Área', ancho: 0.9, alinear: 'left' },
            { titulo: 'Unidad', ancho: 0.6, alinear: 'left' },
            { titulo: 'Nodo OPC UA', ancho: 2.4, alinear: 'left' },
          ],
          variablesOpc.map((v) => [v.nombre, v.area, v.unidad, v.opc_node_id ?? '—']),
        ),
      ];
    },
  };
};

const CONDICION: Record<string, string> = {
  FUERA_DE_RANGO: 'Fuera de rango',
  BAJO_META: 'Bajo la meta',
  SOBRE_META: 'Sobre la meta',
  UMBRAL_BAJO: 'Bajo un umbral',
  UMBRAL_SOBRE: 'Sobre un umbral',
  PARO_SIN_MOTIVO: 'Paro sin motivo (min)',
  MICROPAROS_HORA: 'Microparos por hora',
};
const SEVERIDAD: Record<string, string> = { INFO: 'Información', AVISO: 'Aviso', CRITICA: 'Crítica' };
const ESTADO_ALARMA: Record<string, string> = {
  ACTIVA: 'Activa',
  RECONOCIDA: 'Reconocida',
  NORMALIZADA: 'Normalizada',
};
const MAX_ALARMAS = 100;

/** /configuracion/notificaciones: the rules, and the alarms of the 31 production days up to `fecha`. */
export const informeConfigNotificaciones: DefinicionInforme = async ({
  viewer,
  hoy,
  parametros,
  servicios,
}) => {
  const hasta = fechaParametro(parametros.fecha, 'fecha', hoy) ?? hoy;
  const desde = addDays(hasta, -30);
  const reglas = await servicios.alarmas.reglas(viewer);
  return {
    periodo: periodoRango(desde, hasta),
    archivo: `configuracion-notificaciones_${desde}_${hasta}`,
    parametros: { desde, hasta },
    async secciones() {
      const { total, alarmas } = await servicios.alarmas.alarmas(viewer, {
        desde,
        hasta,
        limit: MAX_ALARMAS,
      });
      return [
        tabla(
          'Reglas de notificación',
          [
            { titulo: 'Regla', ancho: 2, alinear: 'left' },
            { titulo: 'Condición', ancho: 1.6, alinear: 'left' },
            { titulo: 'Límite', ancho: 0.9 },
            { titulo: 'Severidad', ancho: 1, alinear: 'left' },
            { titulo: 'Canales', ancho: 1.1, alinear: 'left' },
            { titulo: 'Activa', ancho: 0.7, alinear: 'left' },
          ],
          reglas.map((r) => [
            r.nombre,
            `${CONDICION[r.condicion] ?? r.condicion}${
              r.fuente === 'VIVO'
                ? ` (${r.linea_nombre ?? 'línea'}, ${r.duracion_min} min)`
                : r.fuente === 'PAROS'
                  ? ` (${r.linea_nombre ?? 'línea'})`
                  : ''
            }`,
            r.umbral === null ? '—' : num(r.umbral),
            SEVERIDAD[r.severidad] ?? r.severidad,
            [r.canal_app ? 'Aplicación' : null, r.canal_email ? 'Correo' : null].filter(Boolean).join(', '),
            siNo(r.activa),
          ]),
          reglas.length === 0 ? 'No hay reglas de notificación.' : undefined,
        ),
        tabla(
          'Alarmas del período',
          [
            { titulo: 'Día', ancho: 1, alinear: 'left' },
            { titulo: 'Origen', ancho: 2, alinear: 'left' },
            { titulo: 'Valor', ancho: 0.9 },
            { titulo: 'Límite', ancho: 0.9 },
            { titulo: 'Estado', ancho: 1, alinear: 'left' },
            { titulo: 'Reconocida por', ancho: 1.4, alinear: 'left' },
            { titulo: 'Comentario', ancho: 2, alinear: 'left' },
          ],
          alarmas.map((a) => [
            formatFecha(a.fecha),
            a.origen,
            `${num(a.valor)}${a.unidad ? ` ${a.unidad}` : ''}`,
            num(a.limite),
            ESTADO_ALARMA[a.estado] ?? a.estado,
            a.reconocida_por ?? '—',
            a.comentario ?? '—',
          ]),
          total > alarmas.length
            ? `Las ${alarmas.length} más recientes de ${total} alarmas.`
            : total === 0
              ? 'Sin alarmas en el período.'
              : undefined,
        ),
      ];
    },
  };
};
