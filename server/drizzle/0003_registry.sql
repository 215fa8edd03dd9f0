ALTER TABLE "applications" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "consent_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "kpp" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "ogrn" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "region" text;--> statement-breakpoint
CREATE INDEX "applications_inn_idx" ON "applications" USING btree ("inn");--> statement-breakpoint
CREATE INDEX "organizations_inn_idx" ON "organizations" USING btree ("inn");