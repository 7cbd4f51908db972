DROP INDEX "leads_created_by_idx";--> statement-breakpoint
CREATE INDEX "leads_created_by_id_idx" ON "leads" USING btree ("created_by","id");