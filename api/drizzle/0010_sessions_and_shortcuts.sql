CREATE TABLE "user_shortcuts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"pages" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "user_shortcuts" ADD CONSTRAINT "user_shortcuts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;