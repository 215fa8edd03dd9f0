ALTER TABLE "archive_files" ALTER COLUMN "class_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "archive_files" ADD COLUMN "course_id" integer;--> statement-breakpoint
ALTER TABLE "archive_files" ADD CONSTRAINT "archive_files_course_id_extracurricular_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."extracurricular_courses"("id") ON DELETE set null ON UPDATE no action;