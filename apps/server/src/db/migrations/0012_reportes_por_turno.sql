-- Scheduled reports "al cierre de cada turno" (issue 33 item 5, /fabrica/perdidas): periodicidad
-- TURNO has no hour of its own (each shift's end in turnos_horario says when), and a report may be
-- about one line (its numero, the screen's URL parameter 'linea'); null is the plant.
ALTER TABLE "reportes_programados" ALTER COLUMN "hora" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reportes_programados" ADD COLUMN "linea" smallint;