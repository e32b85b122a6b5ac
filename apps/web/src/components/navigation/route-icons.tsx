import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AirIcon from '@mui/icons-material/Air';
import AssessmentIcon from '@mui/icons-material/Assessment';
import BoltIcon from '@mui/icons-material/Bolt';
import BuildIcon from '@mui/icons-material/Build';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EcoIcon from '@mui/icons-material/Forest';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import FactoryIcon from '@mui/icons-material/Factory';
import GroupIcon from '@mui/icons-material/Group';
import HomeIcon from '@mui/icons-material/Home';
import InsightsIcon from '@mui/icons-material/Insights';
import LockResetIcon from '@mui/icons-material/LockReset';
import MoreTimeIcon from '@mui/icons-material/MoreTime';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PaidIcon from '@mui/icons-material/Paid';
import PanToolIcon from '@mui/icons-material/PanTool';
import PrecisionManufacturingIcon from '@mui/icons-material/PrecisionManufacturing';
import RecyclingIcon from '@mui/icons-material/Recycling';
import SettingsIcon from '@mui/icons-material/Settings';
import SpeedIcon from '@mui/icons-material/Speed';
import StackedLineChartIcon from '@mui/icons-material/StackedLineChart';
import TableChartIcon from '@mui/icons-material/TableChart';
import TimerIcon from '@mui/icons-material/Timer';
import TvIcon from '@mui/icons-material/Tv';
import TuneIcon from '@mui/icons-material/Tune';
import WaterDropIcon from '@mui/icons-material/WaterDrop';
import WavesIcon from '@mui/icons-material/Waves';
import type { AreaId } from '@planta/domain';
import type { ReactElement } from 'react';

export const ROUTE_ICONS: Record<string, ReactElement> = {
  '/menu': <HomeIcon />,
  '/fabrica': <DashboardIcon />,
  '/fabrica/lineas': <SpeedIcon />,
  '/paros': <PanToolIcon />,
  '/rendimiento': <InsightsIcon />,
  '/planificacion': <CalendarMonthIcon />,
  '/mantenimiento': <BoltIcon />,
  '/mantenimiento/eficiencia': <StackedLineChartIcon />,
  '/mantenimiento/utilidades': <AirIcon />,
  '/reportes': <AssessmentIcon />,
  '/reportes/contadores': <TableChartIcon />,
  '/reportes/scada': <PrecisionManufacturingIcon />,
  '/reportes/aire': <AirIcon />,
  '/reportes/agua': <WaterDropIcon />,
  '/zero-waste': <RecyclingIcon />,
  '/pta': <WavesIcon />,
  '/pta/resumen': <WavesIcon />,
  '/pta/acumulados': <WavesIcon />,
  '/recursos-humanos': <MoreTimeIcon />,
  '/recursos-humanos/asistencia-diaria': <EventAvailableIcon />,
  '/eficiencia_pagada': <PaidIcon />,
  '/obz': <TvIcon />,
  '/users': <GroupIcon />,
  '/users/update-password': <LockResetIcon />,
  '/configuracion': <TuneIcon />,
  '/configuracion/planificacion': <CalendarMonthIcon />,
  '/configuracion/productividad': <TimerIcon />,
  '/configuracion/mttr-mttf': <BuildIcon />,
  '/configuracion/notificaciones': <NotificationsIcon />,
  '/configuracion/zero-waste': <RecyclingIcon />,
  '/configuracion/lineas': <AccountTreeIcon />,
};

export const AREA_ICONS: Record<AreaId, ReactElement> = {
  inicio: <HomeIcon />,
  produccion: <FactoryIcon />,
  energia: <BoltIcon />,
  reportes: <AssessmentIcon />,
  sostenibilidad: <EcoIcon />,
  'recursos-humanos': <GroupIcon />,
  eficiencia: <PaidIcon />,
  administracion: <SettingsIcon />,
};
