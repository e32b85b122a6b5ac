ALTER TABLE "eficiencias" ADD COLUMN "minutos_pagados" double precision;--> statement-breakpoint
ALTER TABLE "eficiencias" ADD COLUMN "minutos_planificados" double precision;--> statement-breakpoint
ALTER TABLE "eficiencias" ADD COLUMN "minutos_marcha" double precision;--> statement-breakpoint
ALTER TABLE "eficiencias" ADD COLUMN "capacidad_operacion_cu" double precision;