// `pnpm seed:demo [--leads=N]`: realistic demo data on top of the base seed, for trying the app and for benchmarks.
// Runs the migrations and the base seed first, so it works on a brand-new database; skips when demo data exists.
import { parsePhone } from '../lib/phone';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config';
import { hashPassword } from '../lib/password';
import { createLeadSeedRepository, type NewLead } from '../repositories/lead-seed-repository';
import { createUserRepository } from '../repositories/user-repository';
import { connectDatabase, type Database } from './client';
import { runMigrations } from './migrate';
import { createDocumentRepository } from '../repositories/document-repository';
import { documentCategories } from './schema/document-categories';
import { leadStatuses } from './schema/lead-statuses';
import { teamMembers } from './schema/team-members';
import { teams } from './schema/teams';
import { roleIdsByName, type SeedLog, seedDatabase, userExists } from './seed';

export const DEMO_PASSWORD = 'demo-password';
const DEFAULT_LEADS = 240;

const DEMO_USERS = [
  { email: 'manager@example.com', firstName: 'Мария', name: 'Мария Соколова', role: 'Manager', team: 0 },
  { email: 'operator1@example.com', firstName: 'Иван', name: 'Иван Петров', role: 'Operator', team: 0 },
  { email: 'operator2@example.com', firstName: 'Ольга', name: 'Ольга Кузнецова', role: 'Operator', team: 0 },
  { email: 'operator3@example.com', firstName: 'Дмитрий', name: 'Дмитрий Смирнов', role: 'Operator', team: 0 },
  { email: 'manager2@example.com', firstName: 'Алексей', name: 'Алексей Волков', role: 'Manager', team: 1 },
  { email: 'operator4@example.com', firstName: 'Екатерина', name: 'Екатерина Морозова', role: 'Operator', team: 1 },
  { email: 'operator5@example.com', firstName: 'Сергей', name: 'Сергей Новиков', role: 'Operator', team: 1 },
];
const DEMO_TEAMS = ['Отдел продаж', 'Отдел развития'];
const DEMO_CATEGORIES = ['Регламенты', 'Скрипты продаж', 'Шаблоны договоров', 'Обучение', 'Прайс-листы'];
const DEMO_DOCUMENTS = [
  { title: 'Регламент обработки входящих заявок', text: '<p>Каждая заявка получает ответственного в течение часа. Договоры с новыми клиентами согласует руководитель отдела.</p>', links: ['https://example.com/reglament'] },
  { title: 'Скрипт первого звонка', text: '<p>Представьтесь, уточните потребность клиента и договоритесь о следующем шаге.</p>', links: [] },
  { title: 'Шаблон договора поставки', text: '<p>Типовой договор поставки: сроки, оплата, ответственность сторон. Supply contract template in English is attached.</p>', links: [] },
  { title: 'Onboarding checklist', text: '<ul><li>Доступ в CRM</li><li>Обучение по продукту</li><li>First calls with a mentor</li></ul>', links: ['https://example.com/onboarding'] },
];

const MALE = {
  surnames: ['Иванов', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Петров', 'Соколов', 'Михайлов', 'Новиков', 'Фёдоров', 'Морозов', 'Волков', 'Алексеев', 'Лебедев', 'Семёнов', 'Егоров', 'Павлов', 'Козлов', 'Степанов', 'Николаев', 'Орлов', 'Андреев', 'Макаров', 'Никитин', 'Захаров'],
  firstnames: ['Александр', 'Дмитрий', 'Максим', 'Сергей', 'Андрей', 'Алексей', 'Артём', 'Илья', 'Кирилл', 'Михаил', 'Никита', 'Матвей', 'Роман', 'Егор', 'Арсений', 'Иван', 'Денис', 'Евгений', 'Тимофей', 'Владимир'],
  patronymics: ['Александрович', 'Дмитриевич', 'Сергеевич', 'Андреевич', 'Алексеевич', 'Иванович', 'Михайлович', 'Николаевич', 'Владимирович', 'Петрович', 'Викторович', 'Олегович'],
};
const FEMALE = {
  surnames: MALE.surnames.map((s) => `${s}а`),
  firstnames: ['Анна', 'Мария', 'Елена', 'Ольга', 'Наталья', 'Татьяна', 'Ирина', 'Екатерина', 'Светлана', 'Юлия', 'Анастасия', 'Дарья', 'Полина', 'Виктория', 'Ксения', 'Алина', 'Софья', 'Вероника'],
  patronymics: ['Александровна', 'Дмитриевна', 'Сергеевна', 'Андреевна', 'Алексеевна', 'Ивановна', 'Михайловна', 'Николаевна', 'Владимировна', 'Петровна', 'Викторовна', 'Олеговна'],
};
const NOTES = [
  '',
  '',
  '<p>Интересуется тарифом «Бизнес», просил перезвонить после обеда.</p>',
  '<p>Пришёл с выставки, нужен расчёт на 20 рабочих мест.</p>',
  '<p>Отправили коммерческое предложение, ждём ответа.</p>',
  '<p>Сравнивает с конкурентами, важна цена внедрения.</p>',
  '<p>Рекомендация от действующего клиента.</p>',
];

/** A small seeded PRNG, so every run produces the same demo data. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join('');
  return { next, pick, digits };
}

/** A Russian mobile number stored the way the form stores one (libphonenumber-js international format). */
function phone(rnd: ReturnType<typeof random>): string {
  for (;;) {
    const parsed = parsePhone(`+79${rnd.digits(2)}${rnd.digits(7)}`);
    if (parsed) return parsed.display;
  }
}

function leadCount(): number {
  const arg = process.argv.find((a) => a.startsWith('--leads='))?.split('=')[1] ?? process.env.DEMO_LEADS;
  const n = arg ? Number(arg) : DEFAULT_LEADS;
  if (!Number.isInteger(n) || n < 1) throw new ConfigError([`--leads (DEMO_LEADS): use a positive integer, not ${arg}`]);
  return n;
}

async function main() {
  const config = loadConfig();
  const count = leadCount();
  const log: SeedLog = { info: (m) => console.log(m), warn: (m) => console.warn(m) };
  const connection = await connectDatabase(config);
  const db: Database = connection.db;
  try {
    await runMigrations(connection);
    await seedDatabase(db, { admin: config.admin, log });
    if (await userExists(db, DEMO_USERS[0].email)) {
      console.log('Demo data is already present; nothing to do.');
      return;
    }
    const started = performance.now();
    const rnd = random(20240601);

    const roleIds = await roleIdsByName(db, ['Manager', 'Operator']);
    const users = createUserRepository(db);
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const userIds: number[] = [];
    for (const u of DEMO_USERS) {
      userIds.push(await users.create({ email: u.email, passwordHash, firstName: u.firstName, name: u.name, roleId: roleIds[u.role] }));
    }
    const teamRows = await db.insert(teams).values(DEMO_TEAMS.map((name) => ({ name }))).returning({ id: teams.id });
    await db.insert(teamMembers).values(DEMO_USERS.map((u, i) => ({ teamId: teamRows[u.team].id, userId: userIds[i] })));
    const categoryRows = await db
      .insert(documentCategories)
      .values(DEMO_CATEGORIES.map((title, index) => ({ title, position: index + 2 })))
      .returning({ id: documentCategories.id });
    const documentRepository = createDocumentRepository(db);
    for (const [index, demo] of DEMO_DOCUMENTS.entries()) {
      await documentRepository.create({ ...demo, category_id: categoryRows[index % categoryRows.length].id }, userIds[0]);
    }

    const statusIds = (await db.select({ id: leadStatuses.id }).from(leadStatuses)).map((s) => s.id);
    const now = Date.now();
    const leads: NewLead[] = Array.from({ length: count }, () => {
      const names = rnd.next() < 0.5 ? MALE : FEMALE;
      const owner = rnd.pick(userIds);
      const second = rnd.next() < 0.2 ? rnd.pick(userIds) : undefined;
      return {
        surname: rnd.pick(names.surnames),
        firstname: rnd.pick(names.firstnames),
        patronymic: rnd.next() < 0.9 ? rnd.pick(names.patronymics) : '',
        phone: phone(rnd),
        statusId: statusIds.length && rnd.next() < 0.9 ? rnd.pick(statusIds) : null,
        additionalInfo: rnd.pick(NOTES),
        createdBy: owner,
        createdAt: new Date(now - Math.floor(rnd.next() * 180 * 24 * 3_600_000)),
        users: [...new Set([owner, ...(second ? [second] : [])])],
      };
    });
    await createLeadSeedRepository(db).insertMany(leads);
    // Fresh statistics: the planner's row estimate is what the leads list reports as its total at scale.
    await db.execute(sql`analyze`);

    console.log(
      [
        `Demo data added in ${Math.round(performance.now() - started)} ms: ${count} leads, ${DEMO_USERS.length} users in ${DEMO_TEAMS.length} teams, ${DEMO_CATEGORIES.length} document categories, ${DEMO_DOCUMENTS.length} documents.`,
        `Demo users (password "${DEMO_PASSWORD}"): ${DEMO_USERS.map((u) => `${u.email} (${u.role})`).join(', ')}`,
      ].join('\n'),
    );
  } finally {
    await connection.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
