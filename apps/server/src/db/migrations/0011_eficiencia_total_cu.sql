-- Losses explained (issue 33 item 5, /fabrica/perdidas): each line-day in "eficiencias" keeps its
-- total output (bottles filled, in CU) beside its good output, so OEE's performance factor
-- (total / nominal of run time) and its quality factor (good / total) split without reading the
-- minutes again. Rows derived before take the figure the derivation already kept: the line's
-- "Calidad (%)" daily value is good / total, its denominador the total; the rest stay null (read
-- as total = good) until their day is derived again.
ALTER TABLE "eficiencias" ADD COLUMN "total_cu" double precision;--> statement-breakpoint
UPDATE "eficiencias" e SET "total_cu" = greatest(h."denominador", e."producido_cu")
FROM "lineas" l, "variables" v, "historicos" h
WHERE l."id" = e."linea_id" AND v."nombre" = 'Calidad (%)' || l."sufijo" AND h."variable_id" = v."id"
  AND h."fecha" = e."fecha" AND h."denominador" IS NOT NULL;
