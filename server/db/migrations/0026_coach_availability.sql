CREATE TABLE "coach_availability" (
	"coach_id" uuid PRIMARY KEY NOT NULL,
	"weekly" jsonb NOT NULL,
	"buffer_before_minutes" integer DEFAULT 0 NOT NULL,
	"buffer_after_minutes" integer DEFAULT 0 NOT NULL,
	"minimum_notice_minutes" integer DEFAULT 720 NOT NULL,
	"horizon_days" integer DEFAULT 60 NOT NULL,
	"daily_maximum" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coach_availability_weekly_ck" CHECK (jsonb_typeof("coach_availability"."weekly") = 'array' and jsonb_array_length("coach_availability"."weekly") = 7),
	CONSTRAINT "coach_availability_buffers_ck" CHECK ("coach_availability"."buffer_before_minutes" between 0 and 240 and "coach_availability"."buffer_after_minutes" between 0 and 240),
	CONSTRAINT "coach_availability_notice_ck" CHECK ("coach_availability"."minimum_notice_minutes" between 0 and 43200),
	CONSTRAINT "coach_availability_horizon_ck" CHECK ("coach_availability"."horizon_days" between 1 and 365),
	CONSTRAINT "coach_availability_daily_maximum_ck" CHECK ("coach_availability"."daily_maximum" between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "coach_availability_overrides" (
	"coach_id" uuid NOT NULL,
	"date" date NOT NULL,
	"intervals" jsonb NOT NULL,
	CONSTRAINT "coach_availability_overrides_pk" PRIMARY KEY("coach_id","date"),
	CONSTRAINT "coach_availability_overrides_intervals_ck" CHECK (jsonb_typeof("coach_availability_overrides"."intervals") = 'array')
);
--> statement-breakpoint
ALTER TABLE "coach_availability" ADD CONSTRAINT "coach_availability_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_availability_overrides" ADD CONSTRAINT "coach_availability_overrides_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;