CREATE TABLE "ejecuciones_reporte" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"programado_id" integer,
	"programada_para" timestamp with time zone,
	"estado" text NOT NULL,
	"archivo" text,
	"destinatarios" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"terminada_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reportes_programados" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"ruta" text NOT NULL,
	"periodicidad" text NOT NULL,
	"hora" text NOT NULL,
	"dia_semana" smallint,
	"dia_mes" smallint,
	"destinatarios" text[] NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"creado_por" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ejecuciones_reporte" ADD CONSTRAINT "ejecuciones_reporte_programado_id_reportes_programados_id_fk" FOREIGN KEY ("programado_id") REFERENCES "public"."reportes_programados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reportes_programados" ADD CONSTRAINT "reportes_programados_creado_por_users_id_fk" FOREIGN KEY ("creado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ejecuciones_reporte_slot_idx" ON "ejecuciones_reporte" USING btree ("programado_id","programada_para");--> statement-breakpoint
CREATE INDEX "ejecuciones_reporte_creada_idx" ON "ejecuciones_reporte" USING btree ("created_at");