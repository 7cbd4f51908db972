-- The dashboard's stays (decision 076): one row per status change, kept by PostgreSQL in the writer's transaction.
CREATE TABLE "lead_status_stays" (
	"history_id" integer PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"status_id" integer NOT NULL,
	"next_status_id" integer,
	"entered_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone NOT NULL,
	"seconds" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_status_stays" ADD CONSTRAINT "lead_status_stays_history_id_lead_history_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."lead_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Rewrites the stays of some leads from their history: each change of status ends a stay in its `from` status, which
-- began at the lead's change before (by time, then id) or at the lead's creation. The dashboard read exactly this
-- with a lateral probe per change before; a lead has a handful of changes, so rewriting all of them is cheap.
CREATE FUNCTION "lead_status_stays_refresh"(lead_ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "lead_status_stays" WHERE "lead_id" = ANY(lead_ids);
  INSERT INTO "lead_status_stays" ("history_id", "lead_id", "status_id", "next_status_id", "entered_at", "left_at", "seconds")
  SELECT x.id, x.lead_id, x.status_id, x.next_status_id, x.entered_at, x.left_at, extract(epoch FROM x.left_at - x.entered_at)
  FROM (
    SELECT h."id", h."lead_id", (h."changes"->'status_id'->>'from')::int AS status_id,
           (h."changes"->'status_id'->>'to')::int AS next_status_id,
           coalesce(lag(h."created_at") OVER (PARTITION BY h."lead_id" ORDER BY h."created_at", h."id"), l."created_at") AS entered_at,
           h."created_at" AS left_at
    FROM "lead_history" h JOIN "leads" l ON l."id" = h."lead_id"
    WHERE h."lead_id" = ANY(lead_ids) AND h."changes" ? 'status_id'
  ) x
  WHERE x.status_id IS NOT NULL
  -- Two transactions writing one lead's history without locking the lead would meet here: the later one's view wins.
  ON CONFLICT ("history_id") DO UPDATE SET "lead_id" = excluded."lead_id", "status_id" = excluded."status_id",
    "next_status_id" = excluded."next_status_id", "entered_at" = excluded."entered_at", "left_at" = excluded."left_at",
    "seconds" = excluded."seconds";
$$;
--> statement-breakpoint
-- Row triggers whose WHEN skips every other row: an import's COPY of `imported` rows (no changes) pays one test per row.
CREATE FUNCTION "lead_status_stays_history_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "lead_status_stays_refresh"(ARRAY[NEW."lead_id"]);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "lead_status_stays_refresh"(ARRAY[OLD."lead_id", NEW."lead_id"]);
  ELSE
    PERFORM "lead_status_stays_refresh"(ARRAY[OLD."lead_id"]);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "lead_status_stays_history_insert" AFTER INSERT ON "lead_history"
FOR EACH ROW WHEN (NEW."changes" ? 'status_id') EXECUTE FUNCTION "lead_status_stays_history_changed"();
--> statement-breakpoint
-- A merge moves history rows to the kept lead (lead-references.ts): both leads' stays are rewritten.
CREATE TRIGGER "lead_status_stays_history_update" AFTER UPDATE OF "lead_id", "created_at", "changes" ON "lead_history"
FOR EACH ROW WHEN (OLD."changes" ? 'status_id' OR NEW."changes" ? 'status_id') EXECUTE FUNCTION "lead_status_stays_history_changed"();
--> statement-breakpoint
-- Deleting a lead deletes its history and, by the foreign key, its stays; this is for a change removed from a lead
-- that stays (the next stay then began earlier). The lead's row is gone on a lead's delete, so nothing is rewritten.
CREATE TRIGGER "lead_status_stays_history_delete" AFTER DELETE ON "lead_history"
FOR EACH ROW WHEN (OLD."changes" ? 'status_id') EXECUTE FUNCTION "lead_status_stays_history_changed"();
--> statement-breakpoint
CREATE FUNCTION "lead_status_stays_lead_created"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "lead_status_stays_refresh"(ARRAY[NEW."id"]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A lead's first stay began at its creation.
CREATE TRIGGER "lead_status_stays_lead_created_at" AFTER UPDATE OF "created_at" ON "leads"
FOR EACH ROW WHEN (OLD."created_at" IS DISTINCT FROM NEW."created_at") EXECUTE FUNCTION "lead_status_stays_lead_created"();
--> statement-breakpoint
-- An existing database: every lead's stays from the history it has.
SELECT "lead_status_stays_refresh"(ARRAY(SELECT DISTINCT "lead_id" FROM "lead_history" WHERE "changes" ? 'status_id'));
--> statement-breakpoint
CREATE INDEX "lead_status_stays_status_left_idx" ON "lead_status_stays" USING btree ("status_id","left_at","seconds","next_status_id");--> statement-breakpoint
CREATE INDEX "lead_status_stays_lead_left_idx" ON "lead_status_stays" USING btree ("lead_id","left_at","status_id","seconds","next_status_id");--> statement-breakpoint
-- The dashboard read status changes from the history through these; it reads the stays now.
DROP INDEX "lead_history_status_changes_at_idx";--> statement-breakpoint
DROP INDEX "lead_history_status_changes_lead_idx";
