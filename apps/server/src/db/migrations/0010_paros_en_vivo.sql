-- Stops captured live and operators at the line (issue 33 items 1 and 4): an open stop has no
-- "fin" yet (the collector closes it when the line runs again); who gave a stop its reason and when;
-- the open stops indexed (the collector adopts them after a restart); and the lines each operator
-- (role operador, created by the bootstrap from @planta/domain ROLE_NAMES) works on.
CREATE TABLE "operador_lineas" (
	"user_id" integer NOT NULL,
	"linea_id" integer NOT NULL,
	CONSTRAINT "operador_lineas_user_id_linea_id_pk" PRIMARY KEY("user_id","linea_id")
);
--> statement-breakpoint
ALTER TABLE "paros" ALTER COLUMN "fin" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "paros" ADD COLUMN "motivo_usuario_id" integer;--> statement-breakpoint
ALTER TABLE "paros" ADD COLUMN "motivo_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operador_lineas" ADD CONSTRAINT "operador_lineas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operador_lineas" ADD CONSTRAINT "operador_lineas_linea_id_lineas_id_fk" FOREIGN KEY ("linea_id") REFERENCES "public"."lineas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paros" ADD CONSTRAINT "paros_motivo_usuario_id_users_id_fk" FOREIGN KEY ("motivo_usuario_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paros_abiertos_idx" ON "paros" USING btree ("linea_id") WHERE fin is null;