CREATE TABLE "rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"capacity" smallint,
	"kind" text DEFAULT 'regular' NOT NULL,
	"teacher_id" integer
);
--> statement-breakpoint
CREATE TABLE "unavailable_cells" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"teacher_id" integer,
	"class_id" integer,
	"weekday" smallint NOT NULL,
	"lesson_number" smallint NOT NULL,
	CONSTRAINT "unavailable_cells_one_owner" CHECK (("unavailable_cells"."teacher_id" is null) <> ("unavailable_cells"."class_id" is null))
);
--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "room_kind" text;--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "room_id" integer;--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "pair_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "subgroups_parallel" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unavailable_cells" ADD CONSTRAINT "unavailable_cells_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unavailable_cells" ADD CONSTRAINT "unavailable_cells_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unavailable_cells" ADD CONSTRAINT "unavailable_cells_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rooms_organization_id_idx" ON "rooms" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_org_name_uq" ON "rooms" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "unavailable_cells_organization_id_idx" ON "unavailable_cells" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "unavailable_cells_teacher_id_idx" ON "unavailable_cells" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "unavailable_cells_class_id_idx" ON "unavailable_cells" USING btree ("class_id");--> statement-breakpoint
ALTER TABLE "loads" ADD CONSTRAINT "loads_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE set null ON UPDATE no action;