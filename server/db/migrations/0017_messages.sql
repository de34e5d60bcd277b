CREATE TABLE "inquiry_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coach_id" uuid NOT NULL,
	"client_id" uuid,
	"client_name" text NOT NULL,
	"client_email" text,
	"status" text DEFAULT 'open' NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone,
	"coach_read_seq" integer DEFAULT 0 NOT NULL,
	"client_read_seq" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "inquiry_conversations_status_ck" CHECK ("inquiry_conversations"."status" in ('open', 'archived')),
	CONSTRAINT "inquiry_conversations_not_self_ck" CHECK ("inquiry_conversations"."client_id" is null or "inquiry_conversations"."client_id" <> "inquiry_conversations"."coach_id"),
	CONSTRAINT "inquiry_conversations_seq_ck" CHECK ("inquiry_conversations"."last_seq" >= 0 and "inquiry_conversations"."coach_read_seq" between 0 and "inquiry_conversations"."last_seq" and "inquiry_conversations"."client_read_seq" between 0 and "inquiry_conversations"."last_seq")
);
--> statement-breakpoint
CREATE TABLE "inquiry_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"conversation_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"sender_type" text NOT NULL,
	"sender_user_id" uuid,
	"message_content" text NOT NULL,
	"is_automated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "inquiry_messages_conversation_seq_uq" UNIQUE("conversation_id","seq"),
	CONSTRAINT "inquiry_messages_seq_ck" CHECK ("inquiry_messages"."seq" > 0),
	CONSTRAINT "inquiry_messages_sender_type_ck" CHECK ("inquiry_messages"."sender_type" in ('coach', 'client')),
	CONSTRAINT "inquiry_messages_content_ck" CHECK (char_length("inquiry_messages"."message_content") between 1 and 500 and char_length(btrim("inquiry_messages"."message_content")) >= 1)
);
--> statement-breakpoint
ALTER TABLE "inquiry_conversations" ADD CONSTRAINT "inquiry_conversations_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_conversations" ADD CONSTRAINT "inquiry_conversations_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD CONSTRAINT "inquiry_messages_conversation_id_inquiry_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."inquiry_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD CONSTRAINT "inquiry_messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inquiry_conversations_coach_client_uq" ON "inquiry_conversations" USING btree ("coach_id","client_id") WHERE "inquiry_conversations"."client_id" is not null;--> statement-breakpoint
CREATE INDEX "inquiry_conversations_coach_recent_idx" ON "inquiry_conversations" USING btree ("coach_id","last_message_at","id");--> statement-breakpoint
CREATE INDEX "inquiry_conversations_client_recent_idx" ON "inquiry_conversations" USING btree ("client_id","last_message_at","id");