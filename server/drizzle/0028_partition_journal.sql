-- Journal by school year (issue 53, docs/SCALING.md «Журнал по учебным годам»): marks, attendance and
-- mark_audit become PARTITION BY RANGE (school_year), one partition a school year (marks_2026 holds
-- 1 September 2026 – 31 August 2027) and a DEFAULT partition, so no insert fails for a year without
-- its partition. The key is the school year of the lesson's date (school_year_of below; a final
-- mark's audit row: its period's start), a pure function of a date: a reader's date range is a range
-- of years with no lookup, and a school's periods may change without moving rows. Written by hand
-- (drizzle-kit describes no partitioning; its snapshot holds the new column and keys): the rows move
-- in place, in this migration's one transaction, ids and sequences kept; the primary keys and the
-- attendance cell's unique index include the key, as PostgreSQL requires of a partitioned table.
-- Nothing references these tables by foreign key; their own foreign keys are recreated on the parents.
-- The key is set by every insert (PostgreSQL partitions by no generated column, and a BEFORE ROW
-- trigger may not move a row to another partition); a lesson moved across 1 September moves its rows.
CREATE FUNCTION school_year_of(d date) RETURNS smallint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN (extract(year FROM d)::integer - CASE WHEN extract(month FROM d) < 9 THEN 1 ELSE 0 END)::smallint;--> statement-breakpoint
-- The partitions of one school year (idempotent; the year change calls it for the new year). Rows of
-- that year already in a DEFAULT partition move into the new partition before it is attached.
CREATE FUNCTION ensure_school_year_partitions(y integer) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  parent text;
  part text;
BEGIN
  FOREACH parent IN ARRAY ARRAY['marks', 'attendance', 'mark_audit'] LOOP
    part := parent || '_' || y;
    CONTINUE WHEN to_regclass(part) IS NOT NULL;
    PERFORM pg_advisory_xact_lock(hashtext('school_year_partition:' || part));
    CONTINUE WHEN to_regclass(part) IS NOT NULL;
    EXECUTE format('LOCK TABLE %I IN ACCESS EXCLUSIVE MODE', parent || '_default');
    EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS)', part, parent);
    -- A year's marks are ~20 a lesson that has any; ANALYZE's sample of a table clustered by lesson
    -- sees each lesson about once and guessed ~500 (240,000 lessons for 114 million marks of a
    -- 1,000-school region), so the reports joining a school's term of lessons to its marks read the
    -- whole table instead of probing the index per lesson (10.8 s against 87 ms).
    IF parent = 'marks' THEN
      EXECUTE format('ALTER TABLE %I ALTER COLUMN lesson_id SET (n_distinct = -0.05)', part);
    END IF;
    EXECUTE format('WITH moved AS (DELETE FROM %I WHERE school_year = %s RETURNING *) INSERT INTO %I SELECT * FROM moved',
                   parent || '_default', y, part);
    EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%s) TO (%s)', parent, part, y, y + 1);
  END LOOP;
END
$$;--> statement-breakpoint
ALTER TABLE "marks" RENAME TO "marks_unpartitioned";--> statement-breakpoint
DROP INDEX "marks_organization_id_idx";--> statement-breakpoint
DROP INDEX "marks_lesson_student_idx";--> statement-breakpoint
DROP INDEX "marks_student_idx";--> statement-breakpoint
CREATE TABLE "marks" (
	"id" integer DEFAULT nextval('marks_id_seq'::regclass) NOT NULL,
	"organization_id" integer NOT NULL,
	"school_year" smallint NOT NULL,
	"lesson_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"value" text NOT NULL,
	"work_type_id" integer,
	"weight" numeric(4, 2) DEFAULT 1 NOT NULL,
	"comment" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marks_id_school_year_pk" PRIMARY KEY("id","school_year")
) PARTITION BY RANGE ("school_year");--> statement-breakpoint
ALTER SEQUENCE "marks_id_seq" OWNED BY "marks"."id";--> statement-breakpoint
CREATE TABLE "marks_default" PARTITION OF "marks" DEFAULT;--> statement-breakpoint
-- The estimate of ensure_school_year_partitions (below) on the parent and its DEFAULT partition too.
ALTER TABLE "marks" ALTER COLUMN "lesson_id" SET (n_distinct = -0.05);--> statement-breakpoint
ALTER TABLE "marks_default" ALTER COLUMN "lesson_id" SET (n_distinct = -0.05);--> statement-breakpoint
ALTER TABLE "attendance" RENAME TO "attendance_unpartitioned";--> statement-breakpoint
DROP INDEX "attendance_lesson_student_uq";--> statement-breakpoint
DROP INDEX "attendance_organization_id_idx";--> statement-breakpoint
DROP INDEX "attendance_student_idx";--> statement-breakpoint
CREATE TABLE "attendance" (
	"id" integer DEFAULT nextval('attendance_id_seq'::regclass) NOT NULL,
	"organization_id" integer NOT NULL,
	"school_year" smallint NOT NULL,
	"lesson_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"value" text NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_id_school_year_pk" PRIMARY KEY("id","school_year")
) PARTITION BY RANGE ("school_year");--> statement-breakpoint
ALTER SEQUENCE "attendance_id_seq" OWNED BY "attendance"."id";--> statement-breakpoint
CREATE TABLE "attendance_default" PARTITION OF "attendance" DEFAULT;--> statement-breakpoint
ALTER TABLE "mark_audit" RENAME TO "mark_audit_unpartitioned";--> statement-breakpoint
DROP INDEX "mark_audit_organization_id_idx";--> statement-breakpoint
DROP INDEX "mark_audit_student_idx";--> statement-breakpoint
DROP INDEX "mark_audit_lesson_student_idx";--> statement-breakpoint
DROP INDEX "mark_audit_organization_changed_idx";--> statement-breakpoint
CREATE TABLE "mark_audit" (
	"id" integer DEFAULT nextval('mark_audit_id_seq'::regclass) NOT NULL,
	"organization_id" integer NOT NULL,
	"school_year" smallint NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer,
	"student_id" integer NOT NULL,
	"lesson_id" integer,
	"subject_id" integer,
	"period_id" integer,
	"old_value" text,
	"new_value" text,
	"user_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mark_audit_id_school_year_pk" PRIMARY KEY("id","school_year")
) PARTITION BY RANGE ("school_year");--> statement-breakpoint
ALTER SEQUENCE "mark_audit_id_seq" OWNED BY "mark_audit"."id";--> statement-breakpoint
CREATE TABLE "mark_audit_default" PARTITION OF "mark_audit" DEFAULT;--> statement-breakpoint
-- The current and the next school year, and every year the school's data reaches.
DO $$
DECLARE
  years integer[];
  y integer;
BEGIN
  SELECT array_agg(DISTINCT year ORDER BY year) INTO years FROM (
    SELECT school_year_of(current_date)::integer AS year
    UNION SELECT school_year_of(current_date)::integer + 1
    UNION SELECT school_year_of(l."date") FROM (SELECT DISTINCT "date" FROM "lessons") l
    UNION SELECT school_year_of(p."start_date") FROM "periods" p
    UNION SELECT school_year_of(("changed_at" AT TIME ZONE 'UTC')::date) FROM "mark_audit_unpartitioned"
  ) s;
  FOREACH y IN ARRAY years LOOP
    PERFORM ensure_school_year_partitions(y);
  END LOOP;
END
$$;--> statement-breakpoint
INSERT INTO "marks" ("id", "organization_id", "school_year", "lesson_id", "student_id", "value", "work_type_id", "weight", "comment", "created_by", "created_at", "updated_at")
SELECT m."id", m."organization_id", coalesce(school_year_of(l."date"), school_year_of((m."created_at" AT TIME ZONE 'UTC')::date)),
       m."lesson_id", m."student_id", m."value", m."work_type_id", m."weight", m."comment", m."created_by", m."created_at", m."updated_at"
  FROM "marks_unpartitioned" m LEFT JOIN "lessons" l ON l."id" = m."lesson_id";--> statement-breakpoint
INSERT INTO "attendance" ("id", "organization_id", "school_year", "lesson_id", "student_id", "value", "created_by", "updated_at")
SELECT a."id", a."organization_id", coalesce(school_year_of(l."date"), school_year_of((a."updated_at" AT TIME ZONE 'UTC')::date)),
       a."lesson_id", a."student_id", a."value", a."created_by", a."updated_at"
  FROM "attendance_unpartitioned" a LEFT JOIN "lessons" l ON l."id" = a."lesson_id";--> statement-breakpoint
INSERT INTO "mark_audit" ("id", "organization_id", "school_year", "entity", "entity_id", "student_id", "lesson_id", "subject_id", "period_id", "old_value", "new_value", "user_id", "changed_at")
SELECT a."id", a."organization_id",
       coalesce(school_year_of(l."date"), school_year_of(p."start_date"), school_year_of((a."changed_at" AT TIME ZONE 'UTC')::date)),
       a."entity", a."entity_id", a."student_id", a."lesson_id", a."subject_id", a."period_id", a."old_value", a."new_value", a."user_id", a."changed_at"
  FROM "mark_audit_unpartitioned" a
  LEFT JOIN "lessons" l ON l."id" = a."lesson_id"
  LEFT JOIN "periods" p ON p."id" = a."period_id";--> statement-breakpoint
DROP TABLE "marks_unpartitioned";--> statement-breakpoint
DROP TABLE "attendance_unpartitioned";--> statement-breakpoint
DROP TABLE "mark_audit_unpartitioned";--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_audit" ADD CONSTRAINT "mark_audit_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_audit" ADD CONSTRAINT "mark_audit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marks" ADD CONSTRAINT "marks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marks" ADD CONSTRAINT "marks_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marks" ADD CONSTRAINT "marks_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marks" ADD CONSTRAINT "marks_work_type_id_work_types_id_fk" FOREIGN KEY ("work_type_id") REFERENCES "public"."work_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marks" ADD CONSTRAINT "marks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_lesson_student_uq" ON "attendance" USING btree ("lesson_id","student_id","school_year");--> statement-breakpoint
CREATE INDEX "attendance_organization_id_idx" ON "attendance" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "attendance_student_idx" ON "attendance" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "mark_audit_organization_id_idx" ON "mark_audit" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "mark_audit_student_idx" ON "mark_audit" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "mark_audit_lesson_student_idx" ON "mark_audit" USING btree ("lesson_id","student_id");--> statement-breakpoint
CREATE INDEX "mark_audit_organization_changed_idx" ON "mark_audit" USING btree ("organization_id","changed_at");--> statement-breakpoint
CREATE INDEX "marks_organization_id_idx" ON "marks" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "marks_lesson_student_idx" ON "marks" USING btree ("lesson_id","student_id");--> statement-breakpoint
CREATE INDEX "marks_student_idx" ON "marks" USING btree ("student_id");--> statement-breakpoint
-- A lesson moved into another school year (a swap, a re-dated one-off) takes its rows along: an
-- UPDATE of the key moves a row between partitions, its id kept.
CREATE FUNCTION lessons_school_year_moved() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "marks" SET "school_year" = school_year_of(NEW."date") WHERE "lesson_id" = NEW."id" AND "school_year" = school_year_of(OLD."date");
  UPDATE "attendance" SET "school_year" = school_year_of(NEW."date") WHERE "lesson_id" = NEW."id" AND "school_year" = school_year_of(OLD."date");
  UPDATE "mark_audit" SET "school_year" = school_year_of(NEW."date") WHERE "lesson_id" = NEW."id" AND "school_year" = school_year_of(OLD."date");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "lessons_school_year_moved" AFTER UPDATE OF "date" ON "lessons"
  FOR EACH ROW WHEN (school_year_of(OLD."date") IS DISTINCT FROM school_year_of(NEW."date"))
  EXECUTE FUNCTION lessons_school_year_moved();--> statement-breakpoint
-- The moved rows' statistics at once: autovacuum analyzes the partitions when it gets to them, and a
-- partitioned parent never (its statistics come from an ANALYZE like this one).
ANALYZE "marks", "attendance", "mark_audit";
