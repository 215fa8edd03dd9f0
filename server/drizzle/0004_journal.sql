CREATE TABLE "journal_cells" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journal_cells" ADD CONSTRAINT "journal_cells_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_cells" ADD CONSTRAINT "journal_cells_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_cells" ADD CONSTRAINT "journal_cells_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_cells" ADD CONSTRAINT "journal_cells_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_cells_lesson_student_uq" ON "journal_cells" USING btree ("lesson_id","student_id");--> statement-breakpoint
CREATE INDEX "journal_cells_organization_id_idx" ON "journal_cells" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "mark_audit_lesson_student_idx" ON "mark_audit" USING btree ("lesson_id","student_id");