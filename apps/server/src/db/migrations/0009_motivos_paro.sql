-- Stop reasons (issue: motivos de paro): a tree of categories and reasons, each reason of a loss
-- class (ISO 22400-2 / the six big losses), optionally limited to some lines and selected by PLC
-- fault codes; each line's micro-stop threshold; the plant's shifts; and on each paro where it
-- came from, its reason, class, comment and fault code. Existing paros keep origen 'MANUAL' and no
-- reason (their class follows their tipo). A new database starts with a bottling plant's default
-- tree (@planta/domain's ARBOL_MOTIVOS_PARO, compared by test/config-motivos-paro.test.ts) and three
-- shifts of 8 h; an upgraded one gets them too.
CREATE TABLE "categorias_paro" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "motivos_paro" (
	"id" serial PRIMARY KEY NOT NULL,
	"categoria_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"clase" text NOT NULL,
	"linea_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"codigos_falla" integer[] DEFAULT '{}'::int[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "motivos_paro_clase_check" CHECK ("motivos_paro"."clase" in ('PLANIFICADO', 'FALLA', 'CAMBIO_FORMATO', 'MICROPARO', 'VELOCIDAD', 'CALIDAD', 'ARRANQUE'))
);
--> statement-breakpoint
CREATE TABLE "turnos_horario" (
	"numero" smallint PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"inicio" time NOT NULL,
	"fin" time NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lineas" ADD COLUMN "umbral_microparo_s" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "paros" ADD COLUMN "origen" text DEFAULT 'MANUAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "paros" ADD COLUMN "motivo_id" integer;--> statement-breakpoint
ALTER TABLE "paros" ADD COLUMN "clase" text;--> statement-breakpoint
ALTER TABLE "paros" ADD COLUMN "comentario" text;--> statement-breakpoint
ALTER TABLE "paros" ADD COLUMN "codigo_falla" integer;--> statement-breakpoint
ALTER TABLE "motivos_paro" ADD CONSTRAINT "motivos_paro_categoria_id_categorias_paro_id_fk" FOREIGN KEY ("categoria_id") REFERENCES "public"."categorias_paro"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categorias_paro_nombre_idx" ON "categorias_paro" USING btree (lower("nombre"));--> statement-breakpoint
CREATE UNIQUE INDEX "motivos_paro_categoria_nombre_idx" ON "motivos_paro" USING btree ("categoria_id",lower("nombre"));--> statement-breakpoint
ALTER TABLE "paros" ADD CONSTRAINT "paros_motivo_id_motivos_paro_id_fk" FOREIGN KEY ("motivo_id") REFERENCES "public"."motivos_paro"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paros_motivo_idx" ON "paros" USING btree ("motivo_id") WHERE motivo_id is not null;--> statement-breakpoint
ALTER TABLE "lineas" ADD CONSTRAINT "lineas_umbral_microparo_check" CHECK ("lineas"."umbral_microparo_s" between 10 and 3600);--> statement-breakpoint
ALTER TABLE "paros" ADD CONSTRAINT "paros_origen_check" CHECK ("paros"."origen" in ('PLC', 'MANUAL', 'DEMO'));--> statement-breakpoint
ALTER TABLE "paros" ADD CONSTRAINT "paros_clase_check" CHECK ("paros"."clase" in ('PLANIFICADO', 'FALLA', 'CAMBIO_FORMATO', 'MICROPARO', 'VELOCIDAD', 'CALIDAD', 'ARRANQUE'));--> statement-breakpoint
INSERT INTO "categorias_paro" ("nombre") VALUES
  ('Mecánica'),
  ('Eléctrica'),
  ('Abastecimiento'),
  ('Cambio de formato'),
  ('Microparos'),
  ('Velocidad'),
  ('Calidad'),
  ('Arranque'),
  ('Planificado');--> statement-breakpoint
INSERT INTO "motivos_paro" ("categoria_id", "nombre", "clase", "codigos_falla")
SELECT c."id", m."nombre", m."clase", m."codigos"::int[]
FROM (VALUES
  (1, 'Mecánica', 'Llenadora', 'FALLA', '{101}'),
  (2, 'Mecánica', 'Taponadora', 'FALLA', '{102}'),
  (3, 'Mecánica', 'Etiquetadora', 'FALLA', '{103}'),
  (4, 'Mecánica', 'Sopladora', 'FALLA', '{104}'),
  (5, 'Mecánica', 'Transportadores', 'FALLA', '{105}'),
  (6, 'Mecánica', 'Empacadora', 'FALLA', '{106}'),
  (7, 'Mecánica', 'Paletizadora', 'FALLA', '{107}'),
  (8, 'Eléctrica', 'Variador o motor', 'FALLA', '{201}'),
  (9, 'Eléctrica', 'Sensor o fotocelda', 'FALLA', '{202}'),
  (10, 'Eléctrica', 'Corte de energía', 'FALLA', '{203}'),
  (11, 'Abastecimiento', 'Falta de preformas', 'FALLA', '{}'),
  (12, 'Abastecimiento', 'Falta de tapas', 'FALLA', '{}'),
  (13, 'Abastecimiento', 'Falta de etiquetas', 'FALLA', '{}'),
  (14, 'Abastecimiento', 'Falta de jarabe', 'FALLA', '{}'),
  (15, 'Cambio de formato', 'Cambio de presentación', 'CAMBIO_FORMATO', '{}'),
  (16, 'Cambio de formato', 'Cambio de sabor', 'CAMBIO_FORMATO', '{}'),
  (17, 'Cambio de formato', 'Cambio de etiqueta', 'CAMBIO_FORMATO', '{}'),
  (18, 'Microparos', 'Atasco de botellas', 'MICROPARO', '{}'),
  (19, 'Microparos', 'Botella caída', 'MICROPARO', '{}'),
  (20, 'Microparos', 'Falta de tapa en tolva', 'MICROPARO', '{}'),
  (21, 'Velocidad', 'Velocidad reducida por ajuste', 'VELOCIDAD', '{}'),
  (22, 'Velocidad', 'Velocidad reducida por material', 'VELOCIDAD', '{}'),
  (23, 'Calidad', 'Nivel de llenado bajo', 'CALIDAD', '{}'),
  (24, 'Calidad', 'Tapado defectuoso', 'CALIDAD', '{}'),
  (25, 'Calidad', 'Producto fuera de especificación', 'CALIDAD', '{}'),
  (26, 'Arranque', 'Arranque tras cambio', 'ARRANQUE', '{}'),
  (27, 'Arranque', 'Ajustes de arranque', 'ARRANQUE', '{}'),
  (28, 'Planificado', 'CIP', 'PLANIFICADO', '{}'),
  (29, 'Planificado', 'Mantenimiento planificado', 'PLANIFICADO', '{}'),
  (30, 'Planificado', 'Sin órdenes de producción', 'PLANIFICADO', '{}'),
  (31, 'Planificado', 'Descanso o comida', 'PLANIFICADO', '{}'),
  (32, 'Planificado', 'Reunión o capacitación', 'PLANIFICADO', '{}')
) AS m("orden", "categoria", "nombre", "clase", "codigos")
JOIN "categorias_paro" c ON c."nombre" = m."categoria"
ORDER BY m."orden";--> statement-breakpoint
INSERT INTO "turnos_horario" ("numero", "nombre", "inicio", "fin") VALUES
  (1, 'Turno 1', '08:00', '16:00'),
  (2, 'Turno 2', '16:00', '00:00'),
  (3, 'Turno 3', '00:00', '08:00');
