-- The list sorts by `column, id`: one index per pair serves ORDER BY … LIMIT without a sort step (decision 032).
DROP INDEX "leads_updated_at_idx";--> statement-breakpoint
DROP INDEX "leads_surname_idx";--> statement-breakpoint
DROP INDEX "leads_status_id_idx";--> statement-breakpoint
DROP INDEX "leads_phone_normalized_idx";--> statement-breakpoint
CREATE INDEX "leads_updated_at_id_idx" ON "leads" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "leads_surname_id_idx" ON "leads" USING btree ("surname","id");--> statement-breakpoint
CREATE INDEX "leads_status_id_id_idx" ON "leads" USING btree ("status_id","id");--> statement-breakpoint
CREATE INDEX "leads_phone_normalized_id_idx" ON "leads" USING btree ("phone_normalized","id");