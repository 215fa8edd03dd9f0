CREATE TABLE "email_deliveries" (
	"user_id" integer NOT NULL,
	"dedupe_key" text NOT NULL,
	"version" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_deliveries_user_id_dedupe_key_version_pk" PRIMARY KEY("user_id","dedupe_key","version")
);
--> statement-breakpoint
CREATE TABLE "notification_emails" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"unsubscribe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" integer NOT NULL,
	"category" text NOT NULL,
	"email" boolean NOT NULL,
	"instant" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_category_pk" PRIMARY KEY("user_id","category")
);
--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_emails" ADD CONSTRAINT "notification_emails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_deliveries_sent_at_idx" ON "email_deliveries" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "mark_audit_organization_changed_idx" ON "mark_audit" USING btree ("organization_id","changed_at");