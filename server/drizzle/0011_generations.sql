CREATE TABLE "generations" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"status" text NOT NULL,
	"input" jsonb NOT NULL,
	"academic_year" text NOT NULL,
	"placed" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"hard_violations" integer DEFAULT 0 NOT NULL,
	"soft_cost" double precision DEFAULT 0 NOT NULL,
	"teacher_gaps" integer DEFAULT 0 NOT NULL,
	"seconds" double precision DEFAULT 0 NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"template_id" integer,
	"stop_requested" boolean DEFAULT false NOT NULL,
	"runner" text,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_template_id_timetable_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."timetable_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generations_organization_id_idx" ON "generations" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "generations_one_active_per_org_uq" ON "generations" USING btree ("organization_id") WHERE "generations"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "generations_active_idx" ON "generations" USING btree ("status","id") WHERE "generations"."status" in ('queued', 'running');