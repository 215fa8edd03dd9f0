CREATE TABLE "extracurricular_attendance" (
	"organization_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"present" boolean NOT NULL,
	"excused" boolean DEFAULT false NOT NULL,
	"passed" boolean,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "extracurricular_attendance_session_id_student_id_pk" PRIMARY KEY("session_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "extracurricular_courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"direction" text NOT NULL,
	"teacher_id" integer,
	"hours_per_week" smallint NOT NULL,
	"pass_fail" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "extracurricular_directions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "extracurricular_members" (
	"organization_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	CONSTRAINT "extracurricular_members_course_id_student_id_pk" PRIMARY KEY("course_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "extracurricular_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"direction" text NOT NULL,
	"hours" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "extracurricular_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"date" date NOT NULL,
	"start_time" time,
	"end_time" time,
	"room" text,
	"topic" text
);
--> statement-breakpoint
CREATE TABLE "extracurricular_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"room" text
);
--> statement-breakpoint
ALTER TABLE "extracurricular_attendance" ADD CONSTRAINT "extracurricular_attendance_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extracurricular_attendance" ADD CONSTRAINT "extracurricular_attendance_session_id_extracurricular_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."extracurricular_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extracurricular_attendance" ADD CONSTRAINT "extracurricular_attendance_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extracurricular_attendance" ADD CONSTRAINT "extracurricular_attendance_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extracurricular_courses" ADD CONSTRAINT "extracurricular_courses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extracurricular_courses" ADD CONSTRAINT "extracurricular_courses_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extracurricular_directions" ADD CONSTRAINT "extracurricular_directions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extracurricular_members" ADD CONSTRAINT "extracurricular_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extracurricular_members" ADD CONSTRAINT "extracurricular_members_course_id_extracurricular_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."extracurricular_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extracurricular_members" ADD CONSTRAINT "extracurricular_members_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extracurricular_plans" ADD CONSTRAINT "extracurricular_plans_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extracurricular_plans" ADD CONSTRAINT "extracurricular_plans_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extracurricular_sessions" ADD CONSTRAINT "extracurricular_sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extracurricular_sessions" ADD CONSTRAINT "extracurricular_sessions_course_id_extracurricular_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."extracurricular_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extracurricular_slots" ADD CONSTRAINT "extracurricular_slots_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extracurricular_slots" ADD CONSTRAINT "extracurricular_slots_course_id_extracurricular_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."extracurricular_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "extracurricular_attendance_student_id_idx" ON "extracurricular_attendance" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "extracurricular_courses_organization_id_idx" ON "extracurricular_courses" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "extracurricular_courses_teacher_id_idx" ON "extracurricular_courses" USING btree ("teacher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "extracurricular_directions_org_name_uq" ON "extracurricular_directions" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "extracurricular_members_student_id_idx" ON "extracurricular_members" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "extracurricular_plans_organization_id_idx" ON "extracurricular_plans" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "extracurricular_plans_class_direction_uq" ON "extracurricular_plans" USING btree ("class_id","direction");--> statement-breakpoint
CREATE INDEX "extracurricular_sessions_organization_date_idx" ON "extracurricular_sessions" USING btree ("organization_id","date");--> statement-breakpoint
CREATE INDEX "extracurricular_sessions_course_date_idx" ON "extracurricular_sessions" USING btree ("course_id","date");--> statement-breakpoint
CREATE INDEX "extracurricular_slots_organization_id_idx" ON "extracurricular_slots" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "extracurricular_slots_course_id_idx" ON "extracurricular_slots" USING btree ("course_id");