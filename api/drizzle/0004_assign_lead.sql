-- Handing a lead over becomes its own ability (decision 014): `assign lead`, granted to every role that could hand
-- over until now, i.e. every role holding `edit lead`. A fresh database has no permissions or roles yet: the seed then
-- adds `assign lead` in its place in the list and grants it to the built-in roles.
INSERT INTO "permissions" ("action", "subject", "name")
SELECT 'assign', 'lead', 'assign lead' WHERE EXISTS (SELECT 1 FROM "permissions")
ON CONFLICT ("action", "subject") DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT rp."role_id", assign."id"
FROM "role_permissions" rp
JOIN "permissions" edit ON edit."id" = rp."permission_id" AND edit."action" = 'edit' AND edit."subject" = 'lead'
CROSS JOIN (SELECT "id" FROM "permissions" WHERE "action" = 'assign' AND "subject" = 'lead') assign
ON CONFLICT DO NOTHING;
