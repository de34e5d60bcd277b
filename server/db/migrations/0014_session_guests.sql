CREATE TABLE "session_guests" (
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"invitation_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "session_guests_pk" PRIMARY KEY("session_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "session_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"invited_by_user_id" uuid NOT NULL,
	"invitee_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"redeemed_at" timestamp with time zone,
	"guest_user_id" uuid,
	CONSTRAINT "session_invitations_email_ck" CHECK (char_length("session_invitations"."invitee_email") between 3 and 320),
	CONSTRAINT "session_invitations_redeemed_ck" CHECK (("session_invitations"."redeemed_at" is null) = ("session_invitations"."guest_user_id" is null))
);
--> statement-breakpoint
ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_sender_type_ck";--> statement-breakpoint
ALTER TABLE "session_guests" ADD CONSTRAINT "session_guests_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_guests" ADD CONSTRAINT "session_guests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_guests" ADD CONSTRAINT "session_guests_invitation_id_session_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."session_invitations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_invitations" ADD CONSTRAINT "session_invitations_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_invitations" ADD CONSTRAINT "session_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_invitations" ADD CONSTRAINT "session_invitations_guest_user_id_users_id_fk" FOREIGN KEY ("guest_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "session_guests_invitation_uq" ON "session_guests" USING btree ("invitation_id");--> statement-breakpoint
CREATE INDEX "session_guests_user_idx" ON "session_guests" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "session_invitations_token_hash_uq" ON "session_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "session_invitations_session_idx" ON "session_invitations" USING btree ("session_id","created_at");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_type_ck" CHECK ("chat_messages"."sender_type" in ('coach', 'client', 'guest'));