CREATE TABLE "opc_mapeos" (
	"linea_id" integer NOT NULL,
	"campo" text NOT NULL,
	"node_id" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opc_mapeos_linea_id_campo_pk" PRIMARY KEY("linea_id","campo")
);
--> statement-breakpoint
ALTER TABLE "historicos" ADD COLUMN "diario_manual" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "historicos" ADD COLUMN "mensual_manual" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "historicos" ADD COLUMN "anual_manual" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "historicos" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "lineas" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "metas" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "paros" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "planificaciones" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "presentaciones" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "producto_presentaciones" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "turnos" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "variables" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "velocidades_nominales" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "zw_clasificaciones" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "zw_proyecciones" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "zw_registros" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "opc_mapeos" ADD CONSTRAINT "opc_mapeos_linea_id_lineas_id_fk" FOREIGN KEY ("linea_id") REFERENCES "public"."lineas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "opc_mapeos_node_idx" ON "opc_mapeos" USING btree ("node_id");