-- A notification rule alarms on daily values that change after it was last saved (issue 31):
-- the history already written when it is created or edited is what its 30-day preview shows.
-- Existing rules start from the upgrade.
ALTER TABLE "reglas_notificacion" ADD COLUMN "vigente_desde" timestamp with time zone DEFAULT now() NOT NULL;
