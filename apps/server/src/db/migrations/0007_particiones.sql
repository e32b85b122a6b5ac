-- On PostgreSQL the per-minute reading tables become partitioned by month (UTC month bounds,
-- DESIGN §2): a month's rows in <table>_pYYYY_MM, rows of months without a partition yet in
-- <table>_default. The server creates the months ahead and moves rows out of the default partition
-- (src/db/particiones.ts). Existing rows are copied into one partition per month they cover.
-- PGlite keeps them as they are: an embedded plant database is small enough for its BRIN indexes,
-- and every partition is a dozen more files that each PGlite statement pays for; retention there
-- deletes old minutes by ranges instead (particiones.ts).
DO $$
DECLARE
  mes timestamp;
BEGIN
  IF version() LIKE '%PGlite%' THEN
    RETURN;
  END IF;
  ALTER TABLE "scada_lecturas" RENAME TO "scada_lecturas_sin_particion";
  ALTER TABLE "scada_lecturas_sin_particion" RENAME CONSTRAINT "scada_lecturas_linea_fecha_pk" TO "scada_lecturas_sin_particion_pk";
  ALTER INDEX "scada_lecturas_fecha_brin" RENAME TO "scada_lecturas_sin_particion_brin";
  CREATE TABLE "scada_lecturas" (
    "linea" smallint NOT NULL,
    "fecha" timestamp with time zone NOT NULL,
    "velocidad" double precision NOT NULL,
    "botellas" integer NOT NULL,
    "botellas_llenas" integer NOT NULL,
    "paquetes" integer NOT NULL,
    "formato" integer NOT NULL,
    CONSTRAINT "scada_lecturas_linea_fecha_pk" PRIMARY KEY("linea","fecha")
  ) PARTITION BY RANGE ("fecha");
  CREATE INDEX "scada_lecturas_fecha_brin" ON "scada_lecturas" USING brin ("fecha");
  CREATE TABLE "scada_lecturas_default" PARTITION OF "scada_lecturas" DEFAULT;
  FOR mes IN SELECT DISTINCT date_trunc('month', fecha AT TIME ZONE 'UTC') FROM "scada_lecturas_sin_particion" LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF "scada_lecturas" FOR VALUES FROM (%L) TO (%L)',
      'scada_lecturas_p' || to_char(mes, 'YYYY_MM'), (mes AT TIME ZONE 'UTC')::text,
      ((mes + interval '1 month') AT TIME ZONE 'UTC')::text);
  END LOOP;
  INSERT INTO "scada_lecturas" SELECT * FROM "scada_lecturas_sin_particion";
  DROP TABLE "scada_lecturas_sin_particion";
  ALTER TABLE "lecturas" RENAME TO "lecturas_sin_particion";
  ALTER TABLE "lecturas_sin_particion" RENAME CONSTRAINT "lecturas_variable_id_fecha_pk" TO "lecturas_sin_particion_pk";
  ALTER INDEX "lecturas_fecha_brin" RENAME TO "lecturas_sin_particion_brin";
  CREATE TABLE "lecturas" (
    "variable_id" integer NOT NULL,
    "fecha" timestamp with time zone NOT NULL,
    "valor" double precision NOT NULL,
    CONSTRAINT "lecturas_variable_id_fecha_pk" PRIMARY KEY("variable_id","fecha")
  ) PARTITION BY RANGE ("fecha");
  CREATE INDEX "lecturas_fecha_brin" ON "lecturas" USING brin ("fecha");
  CREATE TABLE "lecturas_default" PARTITION OF "lecturas" DEFAULT;
  FOR mes IN SELECT DISTINCT date_trunc('month', fecha AT TIME ZONE 'UTC') FROM "lecturas_sin_particion" LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF "lecturas" FOR VALUES FROM (%L) TO (%L)',
      'lecturas_p' || to_char(mes, 'YYYY_MM'), (mes AT TIME ZONE 'UTC')::text,
      ((mes + interval '1 month') AT TIME ZONE 'UTC')::text);
  END LOOP;
  INSERT INTO "lecturas" SELECT * FROM "lecturas_sin_particion";
  DROP TABLE "lecturas_sin_particion";
END $$;
