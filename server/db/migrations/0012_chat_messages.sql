CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"sender_type" text NOT NULL,
	"sender_user_id" uuid NOT NULL,
	"message_content" text NOT NULL,
	"message_type" text DEFAULT 'text' NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_messages_session_seq_uq" UNIQUE("session_id","seq"),
	CONSTRAINT "chat_messages_seq_ck" CHECK ("chat_messages"."seq" > 0),
	CONSTRAINT "chat_messages_sender_type_ck" CHECK ("chat_messages"."sender_type" in ('coach', 'client')),
	CONSTRAINT "chat_messages_content_ck" CHECK (char_length(btrim("chat_messages"."message_content")) between 1 and 4000),
	CONSTRAINT "chat_messages_type_ck" CHECK ("chat_messages"."message_type" in ('text'))
);
--> statement-breakpoint
CREATE TABLE "chat_reads" (
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"last_read_seq" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_reads_pk" PRIMARY KEY("session_id","user_id"),
	CONSTRAINT "chat_reads_seq_ck" CHECK ("chat_reads"."last_read_seq" >= 0)
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_sender_idx" ON "chat_messages" USING btree ("sender_user_id");