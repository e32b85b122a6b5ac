import { Box, Tab, Tabs, Typography } from '@mui/material';
import type { ColumnaConfig } from '../../../components/config/columnas.tsx';
import { formatNumber } from '@planta/charts/format';
import { useMemo, useState } from 'react';
import {
  type LineaCfg,
  lineasApi,
  type PresentacionCfg,
  presentacionesApi,
  type ProductoCfg,
  type ProductoPresentacionCfg,
  productoPresentacionesApi,
  productosApi,
  useCatalogo,
  type VelocidadCfg,
  velocidadesApi,
} from '../api/config-lineas.ts';
import { numeroOpcional } from '../../../components/config/numero.ts';
import { type Campo, numero, texto, type Valores } from '../utils/formulario.ts';
import { CatalogoTab } from './catalogo-tab.tsx';
import { OpcTab } from './opc-tab.tsx';

const LITROS_POR_CU = 5.678;
const TABS = [
  'Líneas',
  'Productos',
  'Presentaciones',
  'Productos por presentación',
  'Velocidades nominales',
  'Mapeo OPC UA',
] as const;

const presentacionNombre = (p: { volumen: number; unid_medida: string; botellas_paquete?: number }) =>
  `${formatNumber(p.volumen, p.volumen % 1 === 0 ? 0 : 2)} ${p.unid_medida}${p.botellas_paquete ? ` × ${p.botellas_paquete}` : ''}`;
const ppNombre = (pp: {
  producto: { descripcion: string };
  presentacion: { volumen: number; unid_medida: string };
  num_botellas: number;
}) =>
  `${pp.producto.descripcion} ${presentacionNombre({ ...pp.presentacion, botellas_paquete: pp.num_botellas })}`;

/** DOMAIN: factor (CU per pack) = N × litres / 5.678; the server computes the stored one. */
function factorDe(v: Valores): number | null {
  const volumen = numeroOpcional(v.volumen);
  const n = numeroOpcional(v.botellas_paquete);
  if (volumen === null || n === null || Number.isNaN(volumen) || Number.isNaN(n)) return null;
  const litros = v.unid_medida === 'ml' ? volumen / 1000 : volumen;
  return (n * litros) / LITROS_POR_CU;
}

function Calculado({ label, value }: { label: string; value: string }) {
  return (
    <Typography variant="body2" color="text.secondary" aria-label={label}>
      {label}: <strong>{value}</strong>
    </Typography>
  );
}

/** /configuracion/lineas "Lineas | Configuración": the plant's lines and product master data, and the OPC UA tag mapping. */
export function ConfigLineasPage() {
  const [tab, setTab] = useState(0);
  const catalogo = useCatalogo();
  const data = catalogo.data;
  const error = catalogo.isError ? `No se pudieron obtener los datos: ${catalogo.error.message}` : null;
  const lineas = data?.lineasConfig;
  const productos = data?.productosConfig;
  const presentaciones = data?.presentacionesConfig;
  const pps = data?.productoPresentacionesConfig;

  const lineaCampos = useMemo<Campo[]>(
    () => [
      { name: 'nombre', label: 'Nombre', requerido: true, ayuda: 'No puede ser «Planta»' },
      {
        name: 'numero',
        label: 'Número',
        tipo: 'entero',
        requerido: true,
        ayuda: 'Número de la línea en el PLC (1-99)',
      },
      { name: 'sufijo', label: 'Sufijo SAP', ayuda: 'p. ej. _561' },
    ],
    [],
  );
  const productoCampos = useMemo<Campo[]>(
    () => [
      { name: 'descripcion', label: 'Descripción', requerido: true, ancho: true },
      { name: 'image_prefix', label: 'Prefijo de imagen', requerido: true, ayuda: 'p. ej. cola-original' },
      { name: 'image_color', label: 'Color', tipo: 'color', requerido: true },
    ],
    [],
  );
  const presentacionCampos = useMemo<Campo[]>(
    () => [
      { name: 'volumen', label: 'Volumen', tipo: 'numero', requerido: true },
      {
        name: 'unid_medida',
        label: 'Unidad',
        tipo: 'select',
        requerido: true,
        opciones: [
          ['ml', 'ml'],
          ['L', 'L'],
        ],
      },
      {
        name: 'botellas_paquete',
        label: 'Botellas por paquete',
        tipo: 'entero',
        requerido: true,
        ayuda: 'El factor se calcula con este dato',
      },
    ],
    [],
  );
  const ppCampos = useMemo<Campo[]>(
    () => [
      {
        name: 'producto_id',
        label: 'Producto',
        tipo: 'select',
        requerido: true,
        opciones: (productos ?? []).map((p) => [p.id, p.descripcion]),
        ancho: true,
      },
      {
        name: 'presentacion_id',
        label: 'Presentación',
        tipo: 'select',
        requerido: true,
        opciones: (presentaciones ?? []).map((p) => [p.id, presentacionNombre(p)]),
      },
      { name: 'num_botellas', label: 'Botellas por paquete', tipo: 'entero', requerido: true },
      ...[1, 2, 3, 4].map((n): Campo => ({
        name: `hmi_linea${n}_id`,
        label: `Código HMI línea ${n}`,
        tipo: 'entero',
        ayuda: 'Opcional',
      })),
    ],
    [productos, presentaciones],
  );
  const velocidadCampos = useMemo<Campo[]>(
    () => [
      {
        name: 'producto_presentacion_id',
        label: 'Producto por presentación',
        tipo: 'select',
        requerido: true,
        opciones: (pps ?? []).map((p) => [p.id, ppNombre(p)]),
        ancho: true,
      },
      {
        name: 'linea_id',
        label: 'Línea',
        tipo: 'select',
        requerido: true,
        opciones: (lineas ?? []).map((l) => [l.id, l.nombre]),
      },
      { name: 'velocidad_paquetes_hora', label: 'Paquetes por hora', tipo: 'numero', requerido: true },
    ],
    [pps, lineas],
  );

  const lineaCols = useMemo<ColumnaConfig<LineaCfg>[]>(
    () => [
      { field: 'numero', headerName: 'Número', type: 'number', width: 90 },
      { field: 'nombre', headerName: 'Nombre', flex: 1, minWidth: 140 },
      { field: 'sufijo', headerName: 'Sufijo SAP', minWidth: 110 },
    ],
    [],
  );
  const productoCols = useMemo<ColumnaConfig<ProductoCfg>[]>(
    () => [
      {
        field: 'image_color',
        headerName: 'Color',
        width: 70,
        renderCell: ({ value }) => (
          <Box
            aria-label={`Color ${String(value)}`}
            sx={{
              width: 22,
              height: 22,
              borderRadius: '50%',
              bgcolor: String(value),
              border: 1,
              borderColor: 'divider',
              mt: 1.5,
            }}
          />
        ),
      },
      { field: 'descripcion', headerName: 'Descripción', flex: 1, minWidth: 160 },
      { field: 'image_prefix', headerName: 'Prefijo de imagen', minWidth: 150 },
    ],
    [],
  );
  const presentacionCols = useMemo<ColumnaConfig<PresentacionCfg>[]>(
    () => [
      {
        field: 'volumen',
        headerName: 'Volumen',
        type: 'number',
        minWidth: 100,
        valueFormatter: (v: number) => formatNumber(v, v % 1 === 0 ? 0 : 2),
      },
      { field: 'unid_medida', headerName: 'Unidad', width: 80 },
      { field: 'botellas_paquete', headerName: 'Botellas/paquete', type: 'number', minWidth: 130 },
      {
        field: 'factor',
        headerName: 'Factor (CU/paquete)',
        type: 'number',
        minWidth: 150,
        valueFormatter: (v: number) => formatNumber(v, 3),
      },
    ],
    [],
  );
  const ppCols = useMemo<ColumnaConfig<ProductoPresentacionCfg>[]>(
    () => [
      {
        field: 'producto',
        headerName: 'Producto',
        flex: 1,
        minWidth: 150,
        valueGetter: (_v, row) => row.producto.descripcion,
      },
      {
        field: 'presentacion',
        headerName: 'Presentación',
        minWidth: 120,
        valueGetter: (_v, row) => presentacionNombre(row.presentacion),
      },
      { field: 'num_botellas', headerName: 'Botellas', type: 'number', minWidth: 90 },
      ...[1, 2, 3, 4].map((n): ColumnaConfig<ProductoPresentacionCfg> => ({
        field: `hmi_linea${n}_id`,
        headerName: `HMI L${n}`,
        type: 'number',
        minWidth: 80,
        valueFormatter: (v: number | null) => (v === null ? '' : String(v)),
      })),
    ],
    [],
  );
  const velocidadCols = useMemo<ColumnaConfig<VelocidadCfg>[]>(
    () => [
      { field: 'linea', headerName: 'Línea', minWidth: 100, valueGetter: (_v, row) => row.linea.nombre },
      {
        field: 'producto_presentacion',
        headerName: 'Producto por presentación',
        flex: 1,
        minWidth: 180,
        valueGetter: (_v, row) => ppNombre(row.producto_presentacion),
      },
      {
        field: 'velocidad_paquetes_hora',
        headerName: 'Paquetes/h',
        type: 'number',
        minWidth: 110,
        valueFormatter: (v: number) => formatNumber(v, 0),
      },
      {
        field: 'velocidad_botellas_minuto',
        headerName: 'Botellas/min',
        type: 'number',
        minWidth: 110,
        valueFormatter: (v: number) => formatNumber(v, 1),
      },
    ],
    [],
  );

  const comun = { loading: catalogo.isLoading, error };

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Tabs
        value={tab}
        onChange={(_e, value: number) => setTab(value)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="Tablas de configuración de líneas"
        sx={{ minWidth: 0 }}
      >
        {TABS.map((t) => (
          <Tab key={t} label={t} />
        ))}
      </Tabs>
      {tab === 0 && (
        <CatalogoTab<LineaCfg>
          titulo="Líneas"
          singular="Línea"
          femenino
          rows={lineas}
          {...comun}
          columns={lineaCols}
          campos={lineaCampos}
          nombre={(l) => l.nombre}
          valores={(l) => ({ nombre: l?.nombre ?? '', numero: texto(l?.numero), sufijo: l?.sufijo ?? '' })}
          aInput={(v) => ({ nombre: v.nombre!.trim(), numero: numero(v.numero), sufijo: v.sufijo!.trim() })}
          api={lineasApi}
        />
      )}
      {tab === 1 && (
        <CatalogoTab<ProductoCfg>
          titulo="Productos"
          singular="Producto"
          rows={productos}
          {...comun}
          columns={productoCols}
          hiddenOnPhone={['image_prefix']}
          campos={productoCampos}
          nombre={(p) => p.descripcion}
          valores={(p) => ({
            descripcion: p?.descripcion ?? '',
            image_prefix: p?.image_prefix ?? '',
            image_color: p?.image_color ?? '#1976d2',
          })}
          aInput={(v) => ({
            descripcion: v.descripcion!.trim(),
            image_prefix: v.image_prefix!.trim(),
            image_color: v.image_color!.trim(),
          })}
          api={productosApi}
        />
      )}
      {tab === 2 && (
        <CatalogoTab<PresentacionCfg>
          titulo="Presentaciones"
          singular="Presentación"
          femenino
          rows={presentaciones}
          {...comun}
          columns={presentacionCols}
          hiddenOnPhone={['botellas_paquete']}
          campos={presentacionCampos}
          nombre={(p) => presentacionNombre(p)}
          valores={(p) => ({
            volumen: texto(p?.volumen),
            unid_medida: p?.unid_medida ?? 'ml',
            botellas_paquete: texto(p?.botellas_paquete),
          })}
          aInput={(v) => ({
            volumen: numero(v.volumen),
            unid_medida: v.unid_medida,
            botellas_paquete: numero(v.botellas_paquete),
          })}
          calculado={(v) => {
            const f = factorDe(v);
            return (
              <Calculado
                label="Factor calculado (CU por paquete)"
                value={f === null ? '—' : formatNumber(f, 3)}
              />
            );
          }}
          api={presentacionesApi}
        />
      )}
      {tab === 3 && (
        <CatalogoTab<ProductoPresentacionCfg>
          titulo="Productos por presentación"
          singular="Producto por presentación"
          rows={pps}
          {...comun}
          columns={ppCols}
          hiddenOnPhone={['presentacion', 'num_botellas', 'hmi_linea2_id', 'hmi_linea3_id', 'hmi_linea4_id']}
          campos={ppCampos}
          nombre={(p) => ppNombre(p)}
          valores={(p) => ({
            producto_id: p?.producto.id ?? '',
            presentacion_id: p?.presentacion.id ?? '',
            num_botellas: texto(p?.num_botellas),
            hmi_linea1_id: texto(p?.hmi_linea1_id),
            hmi_linea2_id: texto(p?.hmi_linea2_id),
            hmi_linea3_id: texto(p?.hmi_linea3_id),
            hmi_linea4_id: texto(p?.hmi_linea4_id),
          })}
          aInput={(v) => ({
            producto_id: v.producto_id,
            presentacion_id: v.presentacion_id,
            num_botellas: numero(v.num_botellas),
            hmi_linea1_id: numeroOpcional(v.hmi_linea1_id),
            hmi_linea2_id: numeroOpcional(v.hmi_linea2_id),
            hmi_linea3_id: numeroOpcional(v.hmi_linea3_id),
            hmi_linea4_id: numeroOpcional(v.hmi_linea4_id),
          })}
          calculado={(v) => {
            const p = presentaciones?.find((x) => x.id === v.presentacion_id);
            return p ? (
              <Calculado label="Botellas por paquete de la presentación" value={String(p.botellas_paquete)} />
            ) : null;
          }}
          api={productoPresentacionesApi}
        />
      )}
      {tab === 4 && (
        <CatalogoTab<VelocidadCfg>
          titulo="Velocidades nominales"
          singular="Velocidad nominal"
          femenino
          rows={data?.velocidadesNominalesConfig}
          {...comun}
          columns={velocidadCols}
          hiddenOnPhone={['velocidad_botellas_minuto']}
          campos={velocidadCampos}
          nombre={(v) => `${ppNombre(v.producto_presentacion)} en ${v.linea.nombre}`}
          valores={(v) => ({
            producto_presentacion_id: v?.producto_presentacion.id ?? '',
            linea_id: v?.linea.id ?? '',
            velocidad_paquetes_hora: texto(v?.velocidad_paquetes_hora),
          })}
          aInput={(v) => ({
            producto_presentacion_id: v.producto_presentacion_id,
            linea_id: v.linea_id,
            velocidad_paquetes_hora: numero(v.velocidad_paquetes_hora),
          })}
          calculado={(v) => {
            const pp = pps?.find((x) => x.id === v.producto_presentacion_id);
            const pph = numeroOpcional(v.velocidad_paquetes_hora);
            const bpm = pp && pph !== null && !Number.isNaN(pph) ? (pph * pp.num_botellas) / 60 : null;
            return (
              <Calculado
                label="Botellas por minuto (calculado)"
                value={bpm === null ? '—' : formatNumber(bpm, 1)}
              />
            );
          }}
          api={velocidadesApi}
        />
      )}
      {tab === 5 && <OpcTab />}
    </Box>
  );
}
