import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { type AbilityRule, type LeadScope, PERMISSION_RULES } from '@crm/shared/schemas';
import { hashPassword } from '../lib/password';
import type { Database } from './client';
import { commentSteps } from './schema/comment-steps';
import { documentCategories } from './schema/document-categories';
import { leadStatuses } from './schema/lead-statuses';
import { permissions } from './schema/permissions';
import { rolePermissions } from './schema/role-permissions';
import { roles } from './schema/roles';
import { users } from './schema/users';

export interface SeedLog {
  info(message: string): void;
  warn(message: string): void;
}

/** Every action+subject pair the spec's routes and roles use (in shared: the account page offers them as API key scopes). */
export { PERMISSION_RULES };


const rules = (subject: AbilityRule['subject'], ...actions: AbilityRule['action'][]) => actions.map((action) => ({ action, subject }));

export const ADMIN_ROLE = 'Admin';

/** Built-in roles. Only created when missing: later edits to a role's permissions survive restarts. */
export const SEED_ROLES: { name: string; leadScope: LeadScope; rules: AbilityRule[] }[] = [
  // `manage remotes`, `manage webhooks`, `manage api-keys`, `view dashboard` and `manage saved-views` are implied by
  // `manage all`; named too so they stay if an admin narrows the role (decisions 052, 070, 072, 076, 077). Every role
  // views the dashboard, within its lead scope.
  {
    name: ADMIN_ROLE,
    leadScope: 'all',
    rules: [
      { action: 'manage', subject: 'all' },
      { action: 'manage', subject: 'remotes' },
      { action: 'manage', subject: 'webhooks' },
      { action: 'manage', subject: 'api-keys' },
      { action: 'view', subject: 'dashboard' },
      { action: 'manage', subject: 'saved-views' },
    ],
  },
  {
    name: 'Manager',
    leadScope: 'team',
    rules: [
      ...rules('lead', 'view', 'create', 'edit', 'delete', 'assign'),
      ...rules('lead-status', 'view', 'create'),
      ...rules('document', 'view', 'create', 'edit'),
      ...rules('document-category', 'view'),
      ...rules('step', 'view'),
      ...rules('team', 'view'),
      ...rules('users', 'view'),
      // Managers connect their own tools (docs/decisions/072).
      ...rules('api-keys', 'manage'),
      ...rules('dashboard', 'view'),
      // Sharing saved views with their team or everyone (decision 077).
      ...rules('saved-views', 'manage'),
    ],
  },
  {
    name: 'Operator',
    leadScope: 'own',
    rules: [
      ...rules('lead', 'view', 'create', 'edit', 'assign'),
      ...rules('lead-status', 'view'),
      ...rules('document', 'view'),
      ...rules('document-category', 'view'),
      ...rules('step', 'view'),
      ...rules('dashboard', 'view'),
    ],
  },
];

/** Colours from the spec's palette: info, warning, success, error, secondary. */
export const DEFAULT_LEAD_STATUSES = [
  { name: 'Новый', color: '#00CFE8' },
  { name: 'В работе', color: '#FF9F43' },
  { name: 'Квалифицирован', color: '#28C76F' },
  { name: 'Отказ', color: '#EA5455' },
  { name: 'Архив', color: '#A8AAAE' },
];
export const DEFAULT_DOCUMENT_CATEGORY = 'Общие';
export const DEFAULT_COMMENT_STEPS = ['Первичный контакт', 'Презентация', 'Закрытие сделки'];

export const FALLBACK_ADMIN_EMAIL = 'admin@example.com';

const permissionName = (rule: AbilityRule) => `${rule.action} ${rule.subject}`;

/**
 * Runs at every start after the migrations. Idempotent: permissions are topped up, built-in roles and the default
 * lists are created once (the first start), and the admin is created only when missing.
 */
export async function seedDatabase(db: Database, options: { admin: { email?: string; password?: string }; log: SeedLog }) {
  const { admin, log } = options;

  await db.transaction(async (tx) => {
    await tx
      .insert(permissions)
      .values(PERMISSION_RULES.map((rule) => ({ ...rule, name: permissionName(rule) })))
      .onConflictDoNothing({ target: [permissions.action, permissions.subject] });
    const permissionRows = await tx.select().from(permissions);
    const permissionId = (rule: AbilityRule) =>
      permissionRows.find((p) => p.action === rule.action && p.subject === rule.subject)!.id;

    let firstStart = false;
    for (const role of SEED_ROLES) {
      const [created] = await tx
        .insert(roles)
        .values({ name: role.name, leadScope: role.leadScope })
        .onConflictDoNothing({ target: roles.name })
        .returning({ id: roles.id });
      if (!created) continue;
      if (role.name === ADMIN_ROLE) firstStart = true;
      await tx.insert(rolePermissions).values(role.rules.map((rule) => ({ roleId: created.id, permissionId: permissionId(rule) })));
    }

    if (firstStart) {
      await tx.insert(leadStatuses).values(DEFAULT_LEAD_STATUSES.map((s, i) => ({ ...s, position: i + 1 })));
      await tx.insert(documentCategories).values({ title: DEFAULT_DOCUMENT_CATEGORY });
      await tx.insert(commentSteps).values(DEFAULT_COMMENT_STEPS.map((name, i) => ({ name, position: i + 1 })));
      log.info('Seeded roles, permissions, lead statuses, a document category and comment steps');
    }
  });

  await ensureAdmin(db, admin, log);
}

async function ensureAdmin(db: Database, admin: { email?: string; password?: string }, log: SeedLog) {
  const [adminRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, ADMIN_ROLE));
  const email = (admin.email ?? FALLBACK_ADMIN_EMAIL).toLowerCase();

  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) return;
  if (!admin.email) {
    // Without ADMIN_EMAIL, any existing Admin means the fallback account is not needed.
    const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.roleId, adminRole.id)).limit(1);
    if (anyAdmin) return;
  }

  const generated = admin.password ? undefined : randomBytes(12).toString('base64url');
  const inserted = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(admin.password ?? generated!),
      firstName: 'Admin',
      name: 'Administrator',
      roleId: adminRole.id,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (inserted.length === 0) return;

  if (generated) {
    log.warn(`Created the Admin user ${email} with the generated password: ${generated} (shown only this once; set ADMIN_PASSWORD or change it)`);
  } else {
    log.info(`Created the Admin user ${email} from ADMIN_EMAIL/ADMIN_PASSWORD`);
  }
}

/** Looks up seeded role ids by name (demo seed, tests). */
export async function roleIdsByName(db: Database, names: string[]): Promise<Record<string, number>> {
  const rows = await db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.name, names));
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}

/** Whether an account with this email exists (keeps the demo seed idempotent). */
export async function userExists(db: Database, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return Boolean(row);
}
