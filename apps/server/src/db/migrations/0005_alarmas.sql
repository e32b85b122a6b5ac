CREATE TABLE "alarmas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"regla_id" integer,
	"regla_nombre" text NOT NULL,
	"severidad" text NOT NULL,
	"estado" text NOT NULL,
	"clave" text NOT NULL,
	"origen" text NOT NULL,
	"area" text,
	"linea_id" integer,
	"unidad" text,
	"fecha" date NOT NULL,
	"inicio" timestamp with time zone NOT NULL,
	"valor" double precision NOT NULL,
	"limite" double precision NOT NULL,
	"enlace" text NOT NULL,
	"reconocida_por" integer,
	"reconocida_at" timestamp with time zone,
	"comentario" text,
	"normalizada_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "envios_correo" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"destinatario" text NOT NULL,
	"asunto" text NOT NULL,
	"texto" text NOT NULL,
	"html" text,
	"adjuntos" jsonb,
	"motivo" text NOT NULL,
	"estado" text DEFAULT 'PENDIENTE' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"proximo_intento" timestamp with time zone DEFAULT now(),
	"ultimo_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "reglas_notificacion" ALTER COLUMN "variable_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "historicos" ADD COLUMN "cambiado_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "notificaciones" ADD COLUMN "alarma_id" bigint;--> statement-breakpoint
ALTER TABLE "notificaciones" ADD COLUMN "severidad" text;--> statement-breakpoint
ALTER TABLE "notificaciones" ADD COLUMN "enlace" text;--> statement-breakpoint
ALTER TABLE "reglas_notificacion" ADD COLUMN "nombre" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reglas_notificacion" ADD COLUMN "fuente" text DEFAULT 'DIARIO' NOT NULL;--> statement-breakpoint
ALTER TABLE "reglas_notificacion" ADD COLUMN "linea_id" integer;--> statement-breakpoint
ALTER TABLE "reglas_notificacion" ADD COLUMN "umbral" double precision;--> statement-breakpoint
ALTER TABLE "reglas_notificacion" ADD COLUMN "duracion_min" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reglas_notificacion" ADD COLUMN "histeresis" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reglas_notificacion" ADD COLUMN "severidad" text DEFAULT 'AVISO' NOT NULL;--> statement-breakpoint
ALTER TABLE "reglas_notificacion" ADD COLUMN "roles_destino" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "reglas_notificacion" ADD COLUMN "usuarios_destino" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "reglas_notificacion" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "alarmas" ADD CONSTRAINT "alarmas_regla_id_reglas_notificacion_id_fk" FOREIGN KEY ("regla_id") REFERENCES "public"."reglas_notificacion"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarmas" ADD CONSTRAINT "alarmas_reconocida_por_users_id_fk" FOREIGN KEY ("reconocida_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alarmas_abierta_idx" ON "alarmas" USING btree ("regla_id","clave") WHERE estado <> 'NORMALIZADA';--> statement-breakpoint
CREATE INDEX "alarmas_inicio_idx" ON "alarmas" USING btree ("inicio");--> statement-breakpoint
CREATE UNIQUE INDEX "envios_correo_motivo_idx" ON "envios_correo" USING btree ("motivo","destinatario");--> statement-breakpoint
CREATE INDEX "envios_correo_pendiente_idx" ON "envios_correo" USING btree ("estado","proximo_intento");--> statement-breakpoint
ALTER TABLE "notificaciones" ADD CONSTRAINT "notificaciones_alarma_id_alarmas_id_fk" FOREIGN KEY ("alarma_id") REFERENCES "public"."alarmas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reglas_notificacion" ADD CONSTRAINT "reglas_notificacion_linea_id_lineas_id_fk" FOREIGN KEY ("linea_id") REFERENCES "public"."lineas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "historicos_cambiado_idx" ON "historicos" USING btree ("cambiado_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notificaciones_alarma_user_idx" ON "notificaciones" USING btree ("alarma_id","user_id");--> statement-breakpoint
UPDATE "reglas_notificacion" SET "roles_destino" = ARRAY["rol_destino"] WHERE "rol_destino" IS NOT NULL;--> statement-breakpoint
UPDATE "reglas_notificacion" SET "usuarios_destino" = ARRAY["usuario_destino_id"] WHERE "usuario_destino_id" IS NOT NULL;--> statement-breakpoint
UPDATE "reglas_notificacion" SET "nombre" = "condicion" || ' #' || "id" WHERE "nombre" = '';--> statement-breakpoint
CREATE FUNCTION "historicos_cambiado"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."cambiado_at" := now();
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "historicos_cambiado" BEFORE UPDATE OF "diario", "meta" ON "historicos"
  FOR EACH ROW WHEN (OLD."diario" IS DISTINCT FROM NEW."diario" OR OLD."meta" IS DISTINCT FROM NEW."meta")
  EXECUTE FUNCTION "historicos_cambiado"();
