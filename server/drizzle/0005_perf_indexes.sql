DROP INDEX "lessons_load_id_idx";--> statement-breakpoint
CREATE INDEX "lessons_load_date_idx" ON "lessons" USING btree ("load_id","date");