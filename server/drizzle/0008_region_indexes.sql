DROP INDEX "users_organization_id_idx";--> statement-breakpoint
CREATE INDEX "users_organization_id_id_idx" ON "users" USING btree ("organization_id","id");