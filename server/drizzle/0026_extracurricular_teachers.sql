CREATE TABLE "extracurricular_teachers" (
	"organization_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	CONSTRAINT "extracurricular_teachers_course_id_teacher_id_pk" PRIMARY KEY("course_id","teacher_id")
);
--> statement-breakpoint
ALTER TABLE "extracurricular_teachers" ADD CONSTRAINT "extracurricular_teachers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extracurricular_teachers" ADD CONSTRAINT "extracurricular_teachers_course_id_extracurricular_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."extracurricular_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extracurricular_teachers" ADD CONSTRAINT "extracurricular_teachers_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "extracurricular_teachers_teacher_id_idx" ON "extracurricular_teachers" USING btree ("teacher_id");