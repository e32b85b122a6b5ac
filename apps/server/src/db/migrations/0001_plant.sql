CREATE TABLE "asistencias" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"empleado_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"estado" text NOT NULL,
	"entrada" time,
	"salida" time
);
--> statement-breakpoint
CREATE TABLE "contadores_hora" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"linea_id" integer NOT NULL,
	"fecha" timestamp with time zone NOT NULL,
	"energia" double precision NOT NULL,
	"eficiencia" double precision NOT NULL,
	"kpi_energia" double precision NOT NULL,
	"formato" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eficiencias" (
	"linea_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"producido_cu" double precision NOT NULL,
	"capacidad_marcha_cu" double precision NOT NULL,
	"capacidad_pagada_cu" double precision NOT NULL,
	"sap" double precision,
	CONSTRAINT "eficiencias_linea_id_fecha_pk" PRIMARY KEY("linea_id","fecha")
);
--> statement-breakpoint
CREATE TABLE "empleados" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"nombre" text NOT NULL,
	"area" text NOT NULL,
	"puesto" text NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "empleados_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
CREATE TABLE "historicos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"variable_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"diario" double precision NOT NULL,
	"mensual" double precision,
	"anual" double precision,
	"meta" double precision,
	"numerador" double precision,
	"denominador" double precision
);
--> statement-breakpoint
CREATE TABLE "horas_extra" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"empleado_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"horas" double precision NOT NULL,
	"tipo" text NOT NULL,
	"motivo" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lecturas" (
	"variable_id" integer NOT NULL,
	"fecha" timestamp with time zone NOT NULL,
	"valor" double precision NOT NULL,
	CONSTRAINT "lecturas_variable_id_fecha_pk" PRIMARY KEY("variable_id","fecha")
);
--> statement-breakpoint
CREATE TABLE "lecturas_dia" (
	"variable_id" integer NOT NULL,
	"suma" double precision NOT NULL,
	"minimo" double precision NOT NULL,
	"maximo" double precision NOT NULL,
	"conteo" integer NOT NULL,
	"ultimo" double precision NOT NULL,
	"fecha" date NOT NULL,
	CONSTRAINT "lecturas_dia_variable_id_fecha_pk" PRIMARY KEY("variable_id","fecha")
);
--> statement-breakpoint
CREATE TABLE "lecturas_hora" (
	"variable_id" integer NOT NULL,
	"suma" double precision NOT NULL,
	"minimo" double precision NOT NULL,
	"maximo" double precision NOT NULL,
	"conteo" integer NOT NULL,
	"ultimo" double precision NOT NULL,
	"fecha" timestamp with time zone NOT NULL,
	CONSTRAINT "lecturas_hora_variable_id_fecha_pk" PRIMARY KEY("variable_id","fecha")
);
--> statement-breakpoint
CREATE TABLE "lineas" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"numero" smallint NOT NULL,
	"planta_id" integer NOT NULL,
	"sufijo" text DEFAULT '' NOT NULL,
	CONSTRAINT "lineas_numero_unique" UNIQUE("numero")
);
--> statement-breakpoint
CREATE TABLE "metas" (
	"id" serial PRIMARY KEY NOT NULL,
	"variable_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"valor" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notificaciones" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"regla_id" integer,
	"titulo" text NOT NULL,
	"mensaje" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leida_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "obz_montos" (
	"paquete_id" integer NOT NULL,
	"mes" date NOT NULL,
	"presupuesto" double precision NOT NULL,
	"real" double precision,
	CONSTRAINT "obz_montos_paquete_id_mes_pk" PRIMARY KEY("paquete_id","mes")
);
--> statement-breakpoint
CREATE TABLE "obz_paquetes" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"area" text NOT NULL,
	"responsable" text NOT NULL,
	CONSTRAINT "obz_paquetes_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "paros" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"linea_id" integer NOT NULL,
	"inicio" timestamp with time zone NOT NULL,
	"fin" timestamp with time zone NOT NULL,
	"equipo" text NOT NULL,
	"causa" text NOT NULL,
	"tipo" text NOT NULL,
	CONSTRAINT "paros_fin_check" CHECK ("paros"."fin" > "paros"."inicio")
);
--> statement-breakpoint
CREATE TABLE "planificaciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"variable_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"negociado" double precision NOT NULL,
	"aop" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plantas" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	CONSTRAINT "plantas_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "presentaciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"volumen" numeric NOT NULL,
	"unid_medida" text NOT NULL,
	"factor" numeric NOT NULL
);
--> statement-breakpoint
CREATE TABLE "presupuestos_horas_extra" (
	"area" text NOT NULL,
	"mes" date NOT NULL,
	"horas" double precision NOT NULL,
	CONSTRAINT "presupuestos_horas_extra_area_mes_pk" PRIMARY KEY("area","mes")
);
--> statement-breakpoint
CREATE TABLE "producto_presentaciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"producto_id" integer NOT NULL,
	"presentacion_id" integer NOT NULL,
	"num_botellas" smallint NOT NULL,
	"hmi_linea1_id" integer,
	"hmi_linea2_id" integer,
	"hmi_linea3_id" integer,
	"hmi_linea4_id" integer
);
--> statement-breakpoint
CREATE TABLE "productos" (
	"id" serial PRIMARY KEY NOT NULL,
	"descripcion" text NOT NULL,
	"image_prefix" text NOT NULL,
	"image_color" text NOT NULL,
	CONSTRAINT "productos_descripcion_unique" UNIQUE("descripcion")
);
--> statement-breakpoint
CREATE TABLE "reglas_notificacion" (
	"id" serial PRIMARY KEY NOT NULL,
	"variable_id" integer NOT NULL,
	"condicion" text NOT NULL,
	"rol_destino" text,
	"usuario_destino_id" integer,
	"canal_app" boolean DEFAULT true NOT NULL,
	"canal_email" boolean DEFAULT false NOT NULL,
	"activa" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scada_hora" (
	"linea" smallint NOT NULL,
	"fecha" timestamp with time zone NOT NULL,
	"botellas" integer NOT NULL,
	"botellas_llenas" integer NOT NULL,
	"paquetes" integer NOT NULL,
	"minutos_marcha" smallint NOT NULL,
	"velocidad_suma" double precision NOT NULL,
	"minutos" smallint NOT NULL,
	"formato" integer NOT NULL,
	CONSTRAINT "scada_hora_linea_fecha_pk" PRIMARY KEY("linea","fecha")
);
--> statement-breakpoint
CREATE TABLE "scada_lecturas" (
	"linea" smallint NOT NULL,
	"fecha" timestamp with time zone NOT NULL,
	"velocidad" double precision NOT NULL,
	"botellas" integer NOT NULL,
	"botellas_llenas" integer NOT NULL,
	"paquetes" integer NOT NULL,
	"formato" integer NOT NULL,
	CONSTRAINT "scada_lecturas_linea_fecha_pk" PRIMARY KEY("linea","fecha")
);
--> statement-breakpoint
CREATE TABLE "sistema" (
	"clave" text PRIMARY KEY NOT NULL,
	"valor" text NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "turnos" (
	"id" serial PRIMARY KEY NOT NULL,
	"linea_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"horas_productividad" double precision NOT NULL,
	CONSTRAINT "turnos_horas_check" CHECK ("turnos"."horas_productividad" >= 0 and "turnos"."horas_productividad" <= 24)
);
--> statement-breakpoint
CREATE TABLE "variables" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"estado" smallint DEFAULT 1 NOT NULL,
	"nivel" text NOT NULL,
	"minimo" double precision,
	"maximo" double precision,
	"linea_id" integer,
	"area" text NOT NULL,
	"unidad" text NOT NULL,
	"agregacion" text NOT NULL,
	"fuente" text NOT NULL,
	"opc_node_id" text,
	"decimales" smallint DEFAULT 2 NOT NULL,
	"mayor_es_mejor" boolean DEFAULT true NOT NULL,
	CONSTRAINT "variables_nombre_unique" UNIQUE("nombre"),
	CONSTRAINT "variables_opc_node_id_unique" UNIQUE("opc_node_id")
);
--> statement-breakpoint
CREATE TABLE "velocidades_nominales" (
	"id" serial PRIMARY KEY NOT NULL,
	"producto_presentacion_id" integer NOT NULL,
	"linea_id" integer NOT NULL,
	"velocidad_paquetes_hora" double precision NOT NULL,
	"velocidad_botellas_minuto" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zw_clasificaciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"descripcion" text NOT NULL,
	"aprovechable" boolean NOT NULL,
	CONSTRAINT "zw_clasificaciones_descripcion_unique" UNIQUE("descripcion")
);
--> statement-breakpoint
CREATE TABLE "zw_proyecciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"anio" smallint NOT NULL,
	"clasificacion_id" integer NOT NULL,
	"aprovechables" double precision NOT NULL,
	"no_aprovechables" double precision NOT NULL,
	"zero_waste" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zw_registros" (
	"id" serial PRIMARY KEY NOT NULL,
	"mes" date NOT NULL,
	"clasificacion_id" integer NOT NULL,
	"kg" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asistencias" ADD CONSTRAINT "asistencias_empleado_id_empleados_id_fk" FOREIGN KEY ("empleado_id") REFERENCES "public"."empleados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contadores_hora" ADD CONSTRAINT "contadores_hora_linea_id_lineas_id_fk" FOREIGN KEY ("linea_id") REFERENCES "public"."lineas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eficiencias" ADD CONSTRAINT "eficiencias_linea_id_lineas_id_fk" FOREIGN KEY ("linea_id") REFERENCES "public"."lineas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historicos" ADD CONSTRAINT "historicos_variable_id_variables_id_fk" FOREIGN KEY ("variable_id") REFERENCES "public"."variables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "horas_extra" ADD CONSTRAINT "horas_extra_empleado_id_empleados_id_fk" FOREIGN KEY ("empleado_id") REFERENCES "public"."empleados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lineas" ADD CONSTRAINT "lineas_planta_id_plantas_id_fk" FOREIGN KEY ("planta_id") REFERENCES "public"."plantas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metas" ADD CONSTRAINT "metas_variable_id_variables_id_fk" FOREIGN KEY ("variable_id") REFERENCES "public"."variables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificaciones" ADD CONSTRAINT "notificaciones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificaciones" ADD CONSTRAINT "notificaciones_regla_id_reglas_notificacion_id_fk" FOREIGN KEY ("regla_id") REFERENCES "public"."reglas_notificacion"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obz_montos" ADD CONSTRAINT "obz_montos_paquete_id_obz_paquetes_id_fk" FOREIGN KEY ("paquete_id") REFERENCES "public"."obz_paquetes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paros" ADD CONSTRAINT "paros_linea_id_lineas_id_fk" FOREIGN KEY ("linea_id") REFERENCES "public"."lineas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planificaciones" ADD CONSTRAINT "planificaciones_variable_id_variables_id_fk" FOREIGN KEY ("variable_id") REFERENCES "public"."variables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producto_presentaciones" ADD CONSTRAINT "producto_presentaciones_producto_id_productos_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."productos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producto_presentaciones" ADD CONSTRAINT "producto_presentaciones_presentacion_id_presentaciones_id_fk" FOREIGN KEY ("presentacion_id") REFERENCES "public"."presentaciones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reglas_notificacion" ADD CONSTRAINT "reglas_notificacion_variable_id_variables_id_fk" FOREIGN KEY ("variable_id") REFERENCES "public"."variables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reglas_notificacion" ADD CONSTRAINT "reglas_notificacion_usuario_destino_id_users_id_fk" FOREIGN KEY ("usuario_destino_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnos" ADD CONSTRAINT "turnos_linea_id_lineas_id_fk" FOREIGN KEY ("linea_id") REFERENCES "public"."lineas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variables" ADD CONSTRAINT "variables_linea_id_lineas_id_fk" FOREIGN KEY ("linea_id") REFERENCES "public"."lineas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "velocidades_nominales" ADD CONSTRAINT "velocidades_nominales_producto_presentacion_id_producto_presentaciones_id_fk" FOREIGN KEY ("producto_presentacion_id") REFERENCES "public"."producto_presentaciones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "velocidades_nominales" ADD CONSTRAINT "velocidades_nominales_linea_id_lineas_id_fk" FOREIGN KEY ("linea_id") REFERENCES "public"."lineas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zw_proyecciones" ADD CONSTRAINT "zw_proyecciones_clasificacion_id_zw_clasificaciones_id_fk" FOREIGN KEY ("clasificacion_id") REFERENCES "public"."zw_clasificaciones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zw_registros" ADD CONSTRAINT "zw_registros_clasificacion_id_zw_clasificaciones_id_fk" FOREIGN KEY ("clasificacion_id") REFERENCES "public"."zw_clasificaciones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "asistencias_empleado_fecha_idx" ON "asistencias" USING btree ("empleado_id","fecha");--> statement-breakpoint
CREATE INDEX "asistencias_fecha_idx" ON "asistencias" USING btree ("fecha");--> statement-breakpoint
CREATE UNIQUE INDEX "contadores_hora_linea_fecha_idx" ON "contadores_hora" USING btree ("linea_id","fecha");--> statement-breakpoint
CREATE INDEX "contadores_hora_fecha_idx" ON "contadores_hora" USING btree ("fecha");--> statement-breakpoint
CREATE UNIQUE INDEX "historicos_variable_fecha_idx" ON "historicos" USING btree ("variable_id","fecha");--> statement-breakpoint
CREATE INDEX "historicos_fecha_idx" ON "historicos" USING btree ("fecha");--> statement-breakpoint
CREATE UNIQUE INDEX "horas_extra_empleado_fecha_tipo_idx" ON "horas_extra" USING btree ("empleado_id","fecha","tipo");--> statement-breakpoint
CREATE INDEX "horas_extra_fecha_idx" ON "horas_extra" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "lecturas_fecha_brin" ON "lecturas" USING brin ("fecha");--> statement-breakpoint
CREATE INDEX "lecturas_hora_fecha_idx" ON "lecturas_hora" USING btree ("fecha");--> statement-breakpoint
CREATE UNIQUE INDEX "metas_variable_fecha_idx" ON "metas" USING btree ("variable_id","fecha");--> statement-breakpoint
CREATE INDEX "metas_fecha_idx" ON "metas" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "notificaciones_user_idx" ON "notificaciones" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "paros_linea_inicio_idx" ON "paros" USING btree ("linea_id","inicio");--> statement-breakpoint
CREATE INDEX "paros_inicio_idx" ON "paros" USING btree ("inicio");--> statement-breakpoint
CREATE UNIQUE INDEX "planificaciones_variable_fecha_idx" ON "planificaciones" USING btree ("variable_id","fecha");--> statement-breakpoint
CREATE UNIQUE INDEX "presentaciones_volumen_idx" ON "presentaciones" USING btree ("volumen","unid_medida","factor");--> statement-breakpoint
CREATE UNIQUE INDEX "pp_hmi1_idx" ON "producto_presentaciones" USING btree ("hmi_linea1_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pp_hmi2_idx" ON "producto_presentaciones" USING btree ("hmi_linea2_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pp_hmi3_idx" ON "producto_presentaciones" USING btree ("hmi_linea3_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pp_hmi4_idx" ON "producto_presentaciones" USING btree ("hmi_linea4_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pp_prod_pres_idx" ON "producto_presentaciones" USING btree ("producto_id","presentacion_id","num_botellas");--> statement-breakpoint
CREATE INDEX "scada_hora_fecha_idx" ON "scada_hora" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "scada_lecturas_fecha_brin" ON "scada_lecturas" USING brin ("fecha");--> statement-breakpoint
CREATE UNIQUE INDEX "turnos_linea_fecha_idx" ON "turnos" USING btree ("linea_id","fecha");--> statement-breakpoint
CREATE INDEX "variables_area_idx" ON "variables" USING btree ("area");--> statement-breakpoint
CREATE UNIQUE INDEX "vn_pp_linea_idx" ON "velocidades_nominales" USING btree ("producto_presentacion_id","linea_id");--> statement-breakpoint
CREATE UNIQUE INDEX "zw_proyecciones_anio_clas_idx" ON "zw_proyecciones" USING btree ("anio","clasificacion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "zw_registros_mes_clas_idx" ON "zw_registros" USING btree ("mes","clasificacion_id");