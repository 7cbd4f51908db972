ALTER TABLE "users" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "lead_id" integer;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "permissions" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_lead_id_users_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_active_idx" ON "users" USING btree ("active");--> statement-breakpoint
-- Existing installations only: on a fresh database the seed adds every permission, in the page's order.
INSERT INTO "permissions" ("action", "subject", "name")
  SELECT v.action, v.subject, v.name FROM (VALUES
    ('manage', 'users', 'manage users'),
    ('create', 'permissions', 'create permissions'),
    ('edit', 'permissions', 'edit permissions'),
    ('delete', 'permissions', 'delete permissions'),
    ('create', 'roles', 'create roles'),
    ('edit', 'roles', 'edit roles'),
    ('delete', 'roles', 'delete roles')
  ) AS v(action, subject, name)
  WHERE EXISTS (SELECT 1 FROM "permissions")
  ON CONFLICT DO NOTHING;
