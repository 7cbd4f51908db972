-- Two answers of the leads list kept on the lead's row by PostgreSQL itself (decision 078), so that "no activity for N
-- days" and "without responsible user" are ranges of an index instead of probes of other tables per lead:
-- `last_activity_at` (the latest of `updated_at` and the newest comment or history entry) and `has_responsible_user`.
-- Like the dashboard's stays (0023), statement triggers with transition tables keep them in the writer's transaction,
-- whoever writes (services, the import's COPY, a merge, the seed), one set-based UPDATE per statement.
ALTER TABLE "leads" ADD COLUMN "last_entry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "has_responsible_user" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- An existing database: both from the rows it has, in one pass (before the generated column, so the table is rewritten
-- once by the UPDATE and once by the ADD COLUMN below, not per column). `last_entry_at` only where an entry is later
-- than the row's `updated_at`, as the triggers keep it.
UPDATE "leads" l SET "has_responsible_user" = x."has_user",
  "last_entry_at" = CASE WHEN x."entry_at" > l."updated_at" THEN x."entry_at" END
FROM (
  SELECT a."id",
    EXISTS (SELECT 1 FROM "lead_users" u WHERE u."lead_id" = a."id") AS "has_user",
    greatest(
      (SELECT max(c."created_at") FROM "lead_comments" c WHERE c."lead_id" = a."id"),
      (SELECT max(h."created_at") FROM "lead_history" h WHERE h."lead_id" = a."id")
    ) AS "entry_at"
  FROM "leads" a
) x
WHERE l."id" = x."id" AND (x."has_user" OR x."entry_at" > l."updated_at");--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "last_activity_at" timestamp with time zone GENERATED ALWAYS AS (greatest(updated_at, last_entry_at)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "leads_last_activity_at_id_idx" ON "leads" USING btree ("last_activity_at","id");--> statement-breakpoint
CREATE INDEX "leads_unassigned_created_at_id_idx" ON "leads" USING btree ("created_at","id") WHERE not "leads"."has_responsible_user";--> statement-breakpoint
-- New comments or history entries: each lead's newest one, written where it is later than the lead's last activity.
-- An edit updates the row (`updated_at = now()`) and records its entry at the same now(), so it writes nothing here;
-- a comment (no row update) writes the lead once. One function for both tables: both have `lead_id` and
-- `created_at`, and PL/pgSQL plans it per trigger.
--
-- `crm.lead_row_columns_written`: a writer that puts both columns on the lead rows itself, for every row it inserts
-- here, sets it (`set_config(…, 'on', true)`, for its transaction) around those inserts, and the two insert triggers
-- then skip the lookup of each lead that would find nothing to change. Only the import does (lead-import-repository.ts):
-- its COPY of leads writes `has_responsible_user`, and `updated_at` defaults to the same now() as its `imported`
-- entries. The lookups cost it a third more database CPU (bench/README.md, decision 078).
CREATE FUNCTION "leads_activity_entries_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('crm.lead_row_columns_written', true) = 'on' THEN RETURN NULL; END IF;
  UPDATE "leads" l SET "last_entry_at" = n."at"
  FROM (SELECT "lead_id", max("created_at") AS "at" FROM "activity_new_entries" GROUP BY "lead_id") n
  WHERE l."id" = n."lead_id" AND l."last_activity_at" < n."at";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "leads_activity_comments_insert" AFTER INSERT ON "lead_comments"
REFERENCING NEW TABLE AS "activity_new_entries" FOR EACH STATEMENT EXECUTE FUNCTION "leads_activity_entries_inserted"();
--> statement-breakpoint
CREATE TRIGGER "leads_activity_history_insert" AFTER INSERT ON "lead_history"
REFERENCING NEW TABLE AS "activity_new_entries" FOR EACH STATEMENT EXECUTE FUNCTION "leads_activity_entries_inserted"();
--> statement-breakpoint
-- Some leads' `last_entry_at` from their comments and history as they are now, written only where the last activity
-- changes. For entries moved to another lead (a merge) or given another time; and for a row whose `updated_at` went
-- back, where the entries `updated_at` covered may count again.
CREATE FUNCTION "leads_activity_refresh"(lead_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "leads" l SET "last_entry_at" = CASE WHEN x."at" > l."updated_at" THEN x."at" END
  FROM (
    SELECT a."id", greatest(
      (SELECT max(c."created_at") FROM "lead_comments" c WHERE c."lead_id" = a."id"),
      (SELECT max(h."created_at") FROM "lead_history" h WHERE h."lead_id" = a."id")
    ) AS "at"
    FROM (SELECT DISTINCT unnest(lead_ids) AS "id") a
  ) x
  WHERE l."id" = x."id" AND l."last_activity_at" IS DISTINCT FROM greatest(l."updated_at", x."at");
$$;
--> statement-breakpoint
-- Only rows whose lead or time changed: editing a comment's text refreshes nothing.
CREATE FUNCTION "leads_activity_entries_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  ids := ARRAY(
    SELECT unnest(ARRAY[o."lead_id", n."lead_id"])
    FROM "activity_old_entries" o JOIN "activity_new_entries" n ON n."id" = o."id"
    WHERE o."lead_id" IS DISTINCT FROM n."lead_id" OR o."created_at" IS DISTINCT FROM n."created_at"
  );
  IF cardinality(ids) > 0 THEN PERFORM "leads_activity_refresh"(ids); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "leads_activity_comments_update" AFTER UPDATE ON "lead_comments"
REFERENCING OLD TABLE AS "activity_old_entries" NEW TABLE AS "activity_new_entries"
FOR EACH STATEMENT EXECUTE FUNCTION "leads_activity_entries_updated"();
--> statement-breakpoint
CREATE TRIGGER "leads_activity_history_update" AFTER UPDATE ON "lead_history"
REFERENCING OLD TABLE AS "activity_old_entries" NEW TABLE AS "activity_new_entries"
FOR EACH STATEMENT EXECUTE FUNCTION "leads_activity_entries_updated"();
--> statement-breakpoint
-- No trigger on deletes: a deleted comment or entry was activity all the same (and the app records deleting a comment
-- as an entry of its own); deleting a lead deletes its entries with it.
--
-- A row whose `updated_at` goes back (never the app, which writes now(); a correction by hand, or two transactions
-- whose now() came in the other order): the entries that a later `updated_at` covered may be the last activity again.
-- A row trigger with WHEN, so an ordinary edit calls no function.
CREATE FUNCTION "leads_activity_updated_at_back"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE at timestamp with time zone;
BEGIN
  at := greatest(
    (SELECT max(c."created_at") FROM "lead_comments" c WHERE c."lead_id" = NEW."id"),
    (SELECT max(h."created_at") FROM "lead_history" h WHERE h."lead_id" = NEW."id")
  );
  NEW."last_entry_at" := CASE WHEN at > NEW."updated_at" THEN at END;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "leads_activity_updated_at_back" BEFORE UPDATE OF "updated_at" ON "leads"
FOR EACH ROW WHEN (NEW."updated_at" < OLD."updated_at") EXECUTE FUNCTION "leads_activity_updated_at_back"();
--> statement-breakpoint
-- Responsible users added: their leads have one. The import, the seed and a create write `true` with the lead, and a
-- hand-over adds the new user before removing the others (lead-rows.ts), so for them this updates no row (and the
-- import skips even the lookup, above).
CREATE FUNCTION "leads_responsible_users_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('crm.lead_row_columns_written', true) = 'on' THEN RETURN NULL; END IF;
  UPDATE "leads" l SET "has_responsible_user" = true
  FROM (SELECT DISTINCT "lead_id" FROM "responsible_new_users") n
  WHERE l."id" = n."lead_id" AND NOT l."has_responsible_user";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "leads_responsible_users_insert" AFTER INSERT ON "lead_users"
REFERENCING NEW TABLE AS "responsible_new_users" FOR EACH STATEMENT EXECUTE FUNCTION "leads_responsible_users_inserted"();
--> statement-breakpoint
-- Responsible users removed (a hand-over, an edit, a deleted user): a lead left with none has none. A deleted lead's
-- rows go with it, and its row is already gone.
CREATE FUNCTION "leads_responsible_users_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "leads" l SET "has_responsible_user" = false
  FROM (SELECT DISTINCT "lead_id" FROM "responsible_old_users") o
  WHERE l."id" = o."lead_id" AND l."has_responsible_user"
    AND NOT EXISTS (SELECT 1 FROM "lead_users" u WHERE u."lead_id" = l."id");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "leads_responsible_users_delete" AFTER DELETE ON "lead_users"
REFERENCING OLD TABLE AS "responsible_old_users" FOR EACH STATEMENT EXECUTE FUNCTION "leads_responsible_users_deleted"();
--> statement-breakpoint
-- Rows moved to another lead (a merge, lead-merge-repository.ts): the lead they left may have none left.
CREATE FUNCTION "leads_responsible_users_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "leads" l SET "has_responsible_user" = true
  FROM (SELECT DISTINCT "lead_id" FROM "responsible_new_users") n
  WHERE l."id" = n."lead_id" AND NOT l."has_responsible_user";
  UPDATE "leads" l SET "has_responsible_user" = false
  FROM (SELECT DISTINCT "lead_id" FROM "responsible_old_users") o
  WHERE l."id" = o."lead_id" AND l."has_responsible_user"
    AND NOT EXISTS (SELECT 1 FROM "lead_users" u WHERE u."lead_id" = l."id");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "leads_responsible_users_update" AFTER UPDATE ON "lead_users"
REFERENCING OLD TABLE AS "responsible_old_users" NEW TABLE AS "responsible_new_users"
FOR EACH STATEMENT EXECUTE FUNCTION "leads_responsible_users_updated"();
