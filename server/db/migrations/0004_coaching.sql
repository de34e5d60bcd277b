CREATE TABLE "coach_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"experience" text NOT NULL,
	"years_experience" integer,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"credentials" text DEFAULT '' NOT NULL,
	"bio" text NOT NULL,
	"intended_text_price" integer,
	"intended_audio_price" integer,
	"intended_video_price" integer,
	"rejection_reason" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coach_applications_status_ck" CHECK ("coach_applications"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "coach_applications_rejection_reason_ck" CHECK ("coach_applications"."status" <> 'rejected' or "coach_applications"."rejection_reason" is not null),
	CONSTRAINT "coach_applications_prices_ck" CHECK ("coach_applications"."intended_text_price" >= 0 and "coach_applications"."intended_audio_price" >= 0 and "coach_applications"."intended_video_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coach_directory" (
	"coach_id" uuid PRIMARY KEY NOT NULL,
	"username" text,
	"full_name" text,
	"professional_title" text,
	"coach_tagline" text,
	"short_bio" text,
	"avatar_url" text,
	"custom_availability_message" text,
	"categories" text[] NOT NULL,
	"service_formats" text[] NOT NULL,
	"is_online" boolean NOT NULL,
	"show_coach_stats" boolean NOT NULL,
	"rating_average" numeric(3, 2),
	"total_reviews" integer NOT NULL,
	"total_sessions" integer NOT NULL,
	"price_text" integer NOT NULL,
	"price_audio" integer NOT NULL,
	"price_video" integer NOT NULL,
	"price_min" integer NOT NULL,
	"years_experience" integer,
	"search" "tsvector" NOT NULL,
	"listed_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coach_follows" (
	"client_id" uuid NOT NULL,
	"coach_id" uuid NOT NULL,
	"notify" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coach_follows_client_id_coach_id_pk" PRIMARY KEY("client_id","coach_id")
);
--> statement-breakpoint
CREATE TABLE "client_coach_stats" (
	"coach_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"total_sessions" integer DEFAULT 0 NOT NULL,
	"total_spent" integer DEFAULT 0 NOT NULL,
	"last_session_at" timestamp with time zone,
	CONSTRAINT "client_coach_stats_coach_id_client_id_pk" PRIMARY KEY("coach_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "coach_websites" (
	"coach_id" uuid PRIMARY KEY NOT NULL,
	"primary_color" text DEFAULT '#0f766e' NOT NULL,
	"accent_color" text DEFAULT '#f59e0b' NOT NULL,
	"background_color" text DEFAULT '#ffffff' NOT NULL,
	"headline" text,
	"sections" jsonb DEFAULT '[{"type":"about","enabled":true},{"type":"services","enabled":true},{"type":"programs","enabled":true},{"type":"stats","enabled":true},{"type":"contact","enabled":true}]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_lesson_number" integer DEFAULT 1 NOT NULL,
	"last_viewed_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "program_lesson_progress" (
	"enrollment_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "program_lesson_progress_enrollment_id_lesson_id_pk" PRIMARY KEY("enrollment_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "program_lessons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"image_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"video_url" text,
	"duration_minutes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coach_id" uuid NOT NULL,
	"title" text NOT NULL,
	"subtitle" text,
	"description" text,
	"category" text,
	"cover_image_url" text,
	"price" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programs_status_ck" CHECK ("programs"."status" in ('draft', 'published', 'archived')),
	CONSTRAINT "programs_price_ck" CHECK ("programs"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coach_id" uuid NOT NULL,
	"title" text NOT NULL,
	"subtitle" text,
	"description" text,
	"format" text NOT NULL,
	"price" integer NOT NULL,
	"duration" integer NOT NULL,
	"type" text DEFAULT 'full' NOT NULL,
	"category" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_popular" boolean DEFAULT false NOT NULL,
	"thumbnail_url" text,
	"booking_count" integer DEFAULT 0 NOT NULL,
	"spots_left" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_format_ck" CHECK ("services"."format" in ('text', 'audio', 'video')),
	CONSTRAINT "services_type_ck" CHECK ("services"."type" in ('full', 'micro')),
	CONSTRAINT "services_price_ck" CHECK ("services"."price" >= 0),
	CONSTRAINT "services_duration_ck" CHECK ("services"."duration" between 5 and 480),
	CONSTRAINT "services_spots_left_ck" CHECK ("services"."spots_left" >= 0),
	CONSTRAINT "services_booking_count_ck" CHECK ("services"."booking_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "client_profiles" ADD COLUMN "public_fields" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "coach_applications" ADD CONSTRAINT "coach_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_applications" ADD CONSTRAINT "coach_applications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_directory" ADD CONSTRAINT "coach_directory_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_follows" ADD CONSTRAINT "coach_follows_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_follows" ADD CONSTRAINT "coach_follows_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_coach_stats" ADD CONSTRAINT "client_coach_stats_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_coach_stats" ADD CONSTRAINT "client_coach_stats_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_websites" ADD CONSTRAINT "coach_websites_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_enrollments" ADD CONSTRAINT "program_enrollments_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_enrollments" ADD CONSTRAINT "program_enrollments_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_lesson_progress" ADD CONSTRAINT "program_lesson_progress_enrollment_id_program_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."program_enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_lesson_progress" ADD CONSTRAINT "program_lesson_progress_lesson_id_program_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."program_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_lessons" ADD CONSTRAINT "program_lessons_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coach_applications_one_pending_uq" ON "coach_applications" USING btree ("user_id") WHERE "coach_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "coach_applications_user_idx" ON "coach_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "coach_applications_queue_idx" ON "coach_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "coach_directory_search_idx" ON "coach_directory" USING gin ("search");--> statement-breakpoint
CREATE INDEX "coach_directory_categories_idx" ON "coach_directory" USING gin ("categories");--> statement-breakpoint
CREATE INDEX "coach_directory_rating_idx" ON "coach_directory" USING btree ("rating_average" desc nulls last,"total_reviews" desc,"coach_id");--> statement-breakpoint
CREATE INDEX "coach_directory_online_rating_idx" ON "coach_directory" USING btree ("rating_average" desc nulls last,"total_reviews" desc,"coach_id") WHERE "coach_directory"."is_online";--> statement-breakpoint
CREATE INDEX "coach_directory_price_min_idx" ON "coach_directory" USING btree ("price_min","coach_id");--> statement-breakpoint
CREATE INDEX "coach_directory_price_text_idx" ON "coach_directory" USING btree ("price_text","coach_id");--> statement-breakpoint
CREATE INDEX "coach_directory_price_audio_idx" ON "coach_directory" USING btree ("price_audio","coach_id");--> statement-breakpoint
CREATE INDEX "coach_directory_price_video_idx" ON "coach_directory" USING btree ("price_video","coach_id");--> statement-breakpoint
CREATE INDEX "coach_directory_listed_idx" ON "coach_directory" USING btree ("listed_at" desc,"coach_id");--> statement-breakpoint
CREATE INDEX "coach_follows_coach_idx" ON "coach_follows" USING btree ("coach_id");--> statement-breakpoint
CREATE INDEX "client_coach_stats_client_idx" ON "client_coach_stats" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "program_enrollments_uq" ON "program_enrollments" USING btree ("program_id","client_id");--> statement-breakpoint
CREATE INDEX "program_enrollments_client_idx" ON "program_enrollments" USING btree ("client_id","enrolled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "program_lessons_position_uq" ON "program_lessons" USING btree ("program_id","position");--> statement-breakpoint
CREATE INDEX "programs_coach_idx" ON "programs" USING btree ("coach_id","created_at");--> statement-breakpoint
CREATE INDEX "services_coach_idx" ON "services" USING btree ("coach_id","position","created_at");--> statement-breakpoint
-- The words a category adds to the search vector: its slug and its label (domain/coaching/categories.ts;
-- server/db/coach-directory.integration.test.ts checks the two lists agree).
CREATE FUNCTION "coaching_category_words"(p_categories text[]) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(string_agg(c || ' ' || CASE c
      WHEN 'mindfulness' THEN 'Mindfulness'
      WHEN 'meditation' THEN 'Meditation'
      WHEN 'stress' THEN 'Stress management'
      WHEN 'anxiety' THEN 'Anxiety'
      WHEN 'sleep' THEN 'Sleep'
      WHEN 'nutrition' THEN 'Nutrition'
      WHEN 'fitness' THEN 'Fitness'
      WHEN 'yoga' THEN 'Yoga'
      WHEN 'life' THEN 'Life coaching'
      WHEN 'career' THEN 'Career'
      WHEN 'relationships' THEN 'Relationships'
      WHEN 'parenting' THEN 'Parenting'
      WHEN 'confidence' THEN 'Confidence'
      WHEN 'habits' THEN 'Habits'
      WHEN 'burnout' THEN 'Burnout recovery'
      WHEN 'grief' THEN 'Grief'
      ELSE '' END, ' '), '')
  FROM unnest(p_categories) AS c
$$;--> statement-breakpoint
-- The discovery read model (server/db/schema/discovery.ts): written only by this function, which the
-- triggers below call whenever a source row of a coach changes. A coach is listed while they hold the
-- coach role, have a profile and have an approved application.
CREATE FUNCTION "refresh_coach_directory"(p_coaches uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM coach_directory d
  WHERE d.coach_id = ANY (p_coaches)
    AND NOT EXISTS (
      SELECT 1 FROM profiles p
      WHERE p.user_id = d.coach_id
        AND EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = p.user_id AND r.role = 'coach')
        AND EXISTS (SELECT 1 FROM coach_applications a WHERE a.user_id = p.user_id AND a.status = 'approved'));

  INSERT INTO coach_directory AS d (
    coach_id, username, full_name, professional_title, coach_tagline, short_bio, avatar_url,
    custom_availability_message, categories, service_formats, is_online, show_coach_stats,
    rating_average, total_reviews, total_sessions, price_text, price_audio, price_video, price_min,
    years_experience, search, listed_at, updated_at)
  SELECT
    p.user_id, p.username, p.full_name, p.professional_title, p.coach_tagline, p.short_bio, p.avatar_url,
    p.custom_availability_message, cat.categories, svc.formats, p.is_online AND p.show_online_status,
    p.show_coach_stats, s.rating_average, coalesce(s.total_reviews, 0), coalesce(s.total_sessions, 0),
    coalesce(p.on_demand_text_price, 3000), coalesce(p.on_demand_audio_price, 3500),
    coalesce(p.on_demand_video_price, 4000),
    least(coalesce(p.on_demand_text_price, 3000), coalesce(p.on_demand_audio_price, 3500),
          coalesce(p.on_demand_video_price, 4000)),
    p.years_experience,
    setweight(to_tsvector('english', coalesce(p.full_name, '') || ' ' || coalesce(p.professional_title, '')), 'A')
      || setweight(to_tsvector('english', coalesce(p.coach_tagline, '') || ' '
           || coaching_category_words(cat.categories)), 'B')
      || setweight(to_tsvector('english', coalesce(p.short_bio, '') || ' ' || coalesce(p.about_me, '') || ' '
           || svc.words), 'C'),
    now(), now()
  FROM profiles p
  LEFT JOIN coach_stats s ON s.coach_id = p.user_id
  CROSS JOIN LATERAL (
    SELECT coalesce(array_agg(c.category ORDER BY c.category), '{}'::text[]) AS categories
    FROM coach_categories c WHERE c.coach_id = p.user_id) cat
  CROSS JOIN LATERAL (
    SELECT coalesce(array_agg(DISTINCT sv.format ORDER BY sv.format), '{}'::text[]) AS formats,
           coalesce(string_agg(sv.title || ' ' || coalesce(sv.subtitle, '') || ' ' || coalesce(sv.description, ''), ' '), '') AS words
    FROM services sv WHERE sv.coach_id = p.user_id AND sv.is_active) svc
  WHERE p.user_id = ANY (p_coaches)
    AND EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = p.user_id AND r.role = 'coach')
    AND EXISTS (SELECT 1 FROM coach_applications a WHERE a.user_id = p.user_id AND a.status = 'approved')
  ON CONFLICT (coach_id) DO UPDATE SET
    username = excluded.username, full_name = excluded.full_name,
    professional_title = excluded.professional_title, coach_tagline = excluded.coach_tagline,
    short_bio = excluded.short_bio, avatar_url = excluded.avatar_url,
    custom_availability_message = excluded.custom_availability_message,
    categories = excluded.categories, service_formats = excluded.service_formats,
    is_online = excluded.is_online, show_coach_stats = excluded.show_coach_stats,
    rating_average = excluded.rating_average, total_reviews = excluded.total_reviews,
    total_sessions = excluded.total_sessions, price_text = excluded.price_text,
    price_audio = excluded.price_audio, price_video = excluded.price_video, price_min = excluded.price_min,
    years_experience = excluded.years_experience, search = excluded.search, updated_at = excluded.updated_at;
END;
$$;--> statement-breakpoint
-- Trigger glue: TG_ARGV[0] names the column holding the coach's user id in the changed table.
CREATE FUNCTION "coach_directory_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_id uuid;
  new_id uuid;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_id := (to_jsonb(OLD) ->> TG_ARGV[0])::uuid; END IF;
  IF TG_OP <> 'DELETE' THEN new_id := (to_jsonb(NEW) ->> TG_ARGV[0])::uuid; END IF;
  IF old_id IS NOT NULL AND old_id IS DISTINCT FROM new_id THEN
    PERFORM refresh_coach_directory(ARRAY[old_id]);
  END IF;
  IF new_id IS NOT NULL THEN PERFORM refresh_coach_directory(ARRAY[new_id]); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "coach_directory_profiles" AFTER INSERT OR UPDATE OR DELETE ON "profiles" FOR EACH ROW EXECUTE FUNCTION "coach_directory_sync"('user_id');--> statement-breakpoint
CREATE TRIGGER "coach_directory_categories" AFTER INSERT OR UPDATE OR DELETE ON "coach_categories" FOR EACH ROW EXECUTE FUNCTION "coach_directory_sync"('coach_id');--> statement-breakpoint
CREATE TRIGGER "coach_directory_stats" AFTER INSERT OR UPDATE OR DELETE ON "coach_stats" FOR EACH ROW EXECUTE FUNCTION "coach_directory_sync"('coach_id');--> statement-breakpoint
CREATE TRIGGER "coach_directory_services" AFTER INSERT OR UPDATE OR DELETE ON "services" FOR EACH ROW EXECUTE FUNCTION "coach_directory_sync"('coach_id');--> statement-breakpoint
CREATE TRIGGER "coach_directory_applications" AFTER INSERT OR UPDATE OR DELETE ON "coach_applications" FOR EACH ROW EXECUTE FUNCTION "coach_directory_sync"('user_id');--> statement-breakpoint
CREATE TRIGGER "coach_directory_roles" AFTER INSERT OR UPDATE OR DELETE ON "user_roles" FOR EACH ROW EXECUTE FUNCTION "coach_directory_sync"('user_id');
