CREATE TABLE "realtime_events" (
	"topic" text NOT NULL,
	"seq" bigint NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "realtime_events_pk" PRIMARY KEY("topic","seq")
);
--> statement-breakpoint
CREATE TABLE "realtime_topics" (
	"topic" text PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL
);
