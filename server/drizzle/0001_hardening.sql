DROP INDEX "users_login_uq";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "kind" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
-- Existing accounts take their kind from the roles they hold (a student or parent role makes them not staff).
UPDATE "users" SET "kind" = r."code"
FROM "user_roles" ur JOIN "roles" r ON r."id" = ur."role_id"
WHERE ur."user_id" = "users"."id" AND r."code" IN ('student', 'parent');--> statement-breakpoint
CREATE UNIQUE INDEX "users_login_lower_uq" ON "users" USING btree (lower("login"));--> statement-breakpoint
CREATE INDEX "users_organization_kind_idx" ON "users" USING btree ("organization_id","kind");
