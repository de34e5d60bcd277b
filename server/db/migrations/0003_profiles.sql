CREATE TABLE "client_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"short_bio" text,
	"about_me" text,
	"date_of_birth" text,
	"zodiac_sign" text,
	"gender" text,
	"interests" text[],
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coach_categories" (
	"coach_id" uuid NOT NULL,
	"category" text NOT NULL,
	CONSTRAINT "coach_categories_coach_id_category_pk" PRIMARY KEY("coach_id","category")
);
--> statement-breakpoint
CREATE TABLE "coach_stats" (
	"coach_id" uuid PRIMARY KEY NOT NULL,
	"total_sessions" integer DEFAULT 0 NOT NULL,
	"total_clients" integer DEFAULT 0 NOT NULL,
	"avg_response_time" text,
	"on_time_percentage" integer,
	"rating_average" numeric(3, 2),
	"total_reviews" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "professional_title" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "work_experience" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "short_bio" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "about_me" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "cover_image_url" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "is_online" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "last_online_confirm_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "show_online_status" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "show_trust_signals" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "show_coach_stats" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "custom_availability_message" text DEFAULT 'Online Now - Ready to help you grow!';--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "show_services_prominently" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "coach_tagline" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "enable_follow_button" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "enable_notify_button" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "show_service_badges" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "enable_live_preview_labels" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "custom_fonts" jsonb DEFAULT '{"primary":"inter"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "years_experience" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "date_of_birth" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "on_demand_text_price" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "on_demand_audio_price" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "on_demand_video_price" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "onboarding_tour_completed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "tour_step_progress" jsonb;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "tour_last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "client_onboarding_tour_completed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "client_tour_step_progress" jsonb;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "client_tour_last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD CONSTRAINT "client_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_categories" ADD CONSTRAINT "coach_categories_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_stats" ADD CONSTRAINT "coach_stats_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_years_experience_ck" CHECK ("profiles"."years_experience" between 0 and 100);--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_on_demand_prices_ck" CHECK ("profiles"."on_demand_text_price" >= 0 and "profiles"."on_demand_audio_price" >= 0 and "profiles"."on_demand_video_price" >= 0);