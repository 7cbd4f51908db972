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
  -- The ids as a joined set, not `= ANY(lead_ids)`: a parameter array of thousands of ids would be searched
  -- linearly for each row scanned; a join probes the leads' indexes once per lead.
  DELETE FROM "lead_status_stays" s USING (SELECT DISTINCT unnest(lead_ids) AS "id") a WHERE s."lead_id" = a."id";
  INSERT INTO "lead_status_stays" ("history_id", "lead_id", "status_id", "next_status_id", "entered_at", "left_at", "seconds")
  SELECT x.id, x.lead_id, x.status_id, x.next_status_id, x.entered_at, x.left_at, extract(epoch FROM x.left_at - x.entered_at)
  FROM (
    SELECT h."id", h."lead_id", (h."changes"->'status_id'->>'from')::int AS status_id,
           (h."changes"->'status_id'->>'to')::int AS next_status_id,
           coalesce(lag(h."created_at") OVER (PARTITION BY h."lead_id" ORDER BY h."created_at", h."id"), l."created_at") AS entered_at,
           h."created_at" AS left_at
    FROM (SELECT DISTINCT unnest(lead_ids) AS "id") a
    JOIN "leads" l ON l."id" = a."id"
    JOIN "lead_history" h ON h."lead_id" = l."id"
    WHERE h."changes" ? 'status_id'
  ) x
  WHERE x.status_id IS NOT NULL
  -- Two transactions writing one lead's history without locking the lead would meet here: the later one's view wins.
  ON CONFLICT ("history_id") DO UPDATE SET "lead_id" = excluded."lead_id", "status_id" = excluded."status_id",
    "next_status_id" = excluded."next_status_id", "entered_at" = excluded."entered_at", "left_at" = excluded."left_at",
    "seconds" = excluded."seconds";
$$;
--> statement-breakpoint
-- Statement triggers with transition tables: one statement that writes many history rows (a bulk status change, the
-- seed's INSERT … SELECT, a merge moving a lead's history) rewrites the stays of all the leads it touched in one
-- DELETE and one INSERT, instead of once per row. PostgreSQL allows transition tables only on a trigger of one event
-- and without a column list or WHEN, hence one function per event and the filtering on status changes here.
CREATE FUNCTION "lead_status_stays_history_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  ids := ARRAY(SELECT DISTINCT "lead_id" FROM "stays_new_history" WHERE "changes" ? 'status_id');
  IF cardinality(ids) > 0 THEN PERFORM "lead_status_stays_refresh"(ids); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An import's COPY of `imported` rows (no status change) pays one pass over its rows, with no rewrite.
CREATE TRIGGER "lead_status_stays_history_insert" AFTER INSERT ON "lead_history"
REFERENCING NEW TABLE AS "stays_new_history" FOR EACH STATEMENT EXECUTE FUNCTION "lead_status_stays_history_inserted"();
--> statement-breakpoint
-- A merge moves history rows to the kept lead (lead-references.ts): both leads' stays are rewritten.
CREATE FUNCTION "lead_status_stays_history_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  ids := ARRAY(
    SELECT "lead_id" FROM "stays_old_history" WHERE "changes" ? 'status_id'
    UNION
    SELECT "lead_id" FROM "stays_new_history" WHERE "changes" ? 'status_id'
  );
  IF cardinality(ids) > 0 THEN PERFORM "lead_status_stays_refresh"(ids); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "lead_status_stays_history_update" AFTER UPDATE ON "lead_history"
REFERENCING OLD TABLE AS "stays_old_history" NEW TABLE AS "stays_new_history"
FOR EACH STATEMENT EXECUTE FUNCTION "lead_status_stays_history_updated"();
--> statement-breakpoint
-- Deleting a lead deletes its history and, by the foreign key, its stays; this is for a change removed from a lead
-- that stays (the next stay then began earlier). The lead's row is gone on a lead's delete, so nothing is rewritten.
CREATE FUNCTION "lead_status_stays_history_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  ids := ARRAY(
    SELECT DISTINCT o."lead_id" FROM "stays_old_history" o
    WHERE o."changes" ? 'status_id' AND EXISTS (SELECT 1 FROM "leads" l WHERE l."id" = o."lead_id")
  );
  IF cardinality(ids) > 0 THEN PERFORM "lead_status_stays_refresh"(ids); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "lead_status_stays_history_delete" AFTER DELETE ON "lead_history"
REFERENCING OLD TABLE AS "stays_old_history" FOR EACH STATEMENT EXECUTE FUNCTION "lead_status_stays_history_deleted"();
--> statement-breakpoint
-- A lead's first stay began at its creation: rewritten when an update changes `created_at`. A row trigger limited to
-- that column and to a real change, not a statement trigger: every lead edit would otherwise keep its old and new
-- rows as transition tables only to find, almost always, that no `created_at` changed.
CREATE FUNCTION "lead_status_stays_lead_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "lead_status_stays_refresh"(ARRAY[NEW."id"]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "lead_status_stays_lead_created_at" AFTER UPDATE OF "created_at" ON "leads"
FOR EACH ROW WHEN (OLD."created_at" IS DISTINCT FROM NEW."created_at") EXECUTE FUNCTION "lead_status_stays_lead_updated"();
--> statement-breakpoint
-- An existing database: every lead's stays from the history it has.
SELECT "lead_status_stays_refresh"(ARRAY(SELECT DISTINCT "lead_id" FROM "lead_history" WHERE "changes" ? 'status_id'));
--> statement-breakpoint
CREATE INDEX "lead_status_stays_status_left_idx" ON "lead_status_stays" USING btree ("status_id","left_at","seconds","next_status_id");--> statement-breakpoint
CREATE INDEX "lead_status_stays_lead_left_idx" ON "lead_status_stays" USING btree ("lead_id","left_at","status_id","seconds","next_status_id");--> statement-breakpoint
-- The dashboard read status changes from the history through these; it reads the stays now.
DROP INDEX "lead_history_status_changes_at_idx";--> statement-breakpoint
DROP INDEX "lead_history_status_changes_lead_idx";
