DROP INDEX "lessons_organization_id_idx";--> statement-breakpoint
DROP INDEX "lessons_load_id_idx";--> statement-breakpoint
CREATE INDEX "final_marks_period_id_idx" ON "final_marks" USING btree ("period_id");--> statement-breakpoint
CREATE INDEX "lessons_organization_date_idx" ON "lessons" USING btree ("organization_id","date");--> statement-breakpoint
CREATE INDEX "lessons_load_date_idx" ON "lessons" USING btree ("load_id","date");