CREATE TABLE "delivery_claims" (
	"channel" text NOT NULL,
	"target" integer NOT NULL,
	"dedupe_key" text NOT NULL,
	"version" text NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL,
	CONSTRAINT "delivery_claims_channel_target_dedupe_key_version_pk" PRIMARY KEY("channel","target","dedupe_key","version")
);
--> statement-breakpoint
CREATE TABLE "delivery_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"title" text NOT NULL,
	"reason" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_failures" ADD CONSTRAINT "delivery_failures_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_failures" ADD CONSTRAINT "delivery_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_failures_organization_idx" ON "delivery_failures" USING btree ("organization_id","failed_at");