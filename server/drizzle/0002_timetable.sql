CREATE TABLE "holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"academic_year" text NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"grades" smallint[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bell_schedules" ADD COLUMN "grades" smallint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "start_time" time;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "end_time" time;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "status" text DEFAULT 'scheduled' NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "original_teacher_id" integer;--> statement-breakpoint
ALTER TABLE "periods" ADD COLUMN "grades" smallint[] DEFAULT '{1,2,3,4,5,6,7,8,9,10,11}' NOT NULL;--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN "rank" smallint;--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN "archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "timetables" ADD COLUMN "period_id" integer;--> statement-breakpoint
ALTER TABLE "holidays" ADD CONSTRAINT "holidays_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "holidays_organization_id_idx" ON "holidays" USING btree ("organization_id");--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_original_teacher_id_users_id_fk" FOREIGN KEY ("original_teacher_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetables" ADD CONSTRAINT "timetables_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lessons_class_date_idx" ON "lessons" USING btree ("class_id","date");--> statement-breakpoint
CREATE INDEX "lessons_load_id_idx" ON "lessons" USING btree ("load_id");--> statement-breakpoint
CREATE INDEX "timetable_slots_load_id_idx" ON "timetable_slots" USING btree ("load_id");