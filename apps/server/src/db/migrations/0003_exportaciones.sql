CREATE TABLE "exportaciones" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"informe" text NOT NULL,
	"nombre" text NOT NULL,
	"formato" text NOT NULL,
	"parametros" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"estado" text DEFAULT 'EN_PROCESO' NOT NULL,
	"progreso" double precision DEFAULT 0 NOT NULL,
	"filas" integer DEFAULT 0 NOT NULL,
	"bytes" bigint,
	"error" text,
	"creada" timestamp with time zone DEFAULT now() NOT NULL,
	"expira" timestamp with time zone NOT NULL,
	CONSTRAINT "exportaciones_id_hex" CHECK ("exportaciones"."id" ~ '^[0-9a-f]{32,64}$'),
	CONSTRAINT "exportaciones_progreso_rango" CHECK ("exportaciones"."progreso" >= 0 and "exportaciones"."progreso" <= 1)
);
--> statement-breakpoint
ALTER TABLE "exportaciones" ADD CONSTRAINT "exportaciones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exportaciones_user_creada_idx" ON "exportaciones" USING btree ("user_id","creada");--> statement-breakpoint
CREATE INDEX "exportaciones_expira_idx" ON "exportaciones" USING btree ("expira");