CREATE INDEX "lead_history_status_changes_at_idx" ON "lead_history" USING btree ("created_at","lead_id") WHERE "lead_history"."changes" ? 'status_id';--> statement-breakpoint
CREATE INDEX "lead_history_status_changes_lead_idx" ON "lead_history" USING btree ("lead_id","created_at") WHERE "lead_history"."changes" ? 'status_id';--> statement-breakpoint
-- The dashboard is its own ability (decision 076): `view dashboard`, granted to every role of an existing database.
-- A fresh database has no permissions or roles yet: the seed then adds the permission and grants it.
INSERT INTO "permissions" ("action", "subject", "name")
SELECT 'view', 'dashboard', 'view dashboard' WHERE EXISTS (SELECT 1 FROM "permissions")
ON CONFLICT ("action", "subject") DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id"
FROM "roles" r
CROSS JOIN (SELECT "id" FROM "permissions" WHERE "action" = 'view' AND "subject" = 'dashboard') p
ON CONFLICT DO NOTHING;
