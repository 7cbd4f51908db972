// The leads the lead benchmarks seed: Russian names, +7 phones, a status and one responsible user each, created over
// ~two years, the same on every engine (a seeded PRNG).
import os from 'node:os';
import { hashPassword } from '../../api/src/lib/password.ts';
import { roleIdsByName } from '../../api/src/db/seed.ts';
import { since } from './bench-app.mjs';

export { BENCH_PASSWORD, FIRSTNAMES, PATRONYMICS, random, SURNAMES } from './names.mjs';
import { BENCH_PASSWORD, FIRSTNAMES, PATRONYMICS, random, SURNAMES } from './names.mjs';

/**
 * `users` users of `role` (op0@bench.local …, password BENCH_PASSWORD) and `leads` leads spread over them; the admin
 * stars 1% of the leads; then ANALYZE (PGlite has no autovacuum, and the planner needs statistics).
 */
export async function seedLeads(bench, { leads: count, users = 10, role = 'Operator' }) {
  const { app } = bench;
  const roles = await roleIdsByName(app.db, [role]);
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const userIds = [];
  for (let i = 0; i < users; i++) {
    userIds.push(await app.userRepository.create({ email: `op${i}@bench.local`, passwordHash, firstName: `Оператор${i}`, name: `Оператор ${i}`, roleId: roles[role] }));
  }
  const statuses = await app.leadStatusRepository.list();
  const next = random(42);
  const pick = (items) => items[Math.floor(next() * items.length)];
  const day = 86_400_000;
  const leads = Array.from({ length: count }, (_, i) => {
    const female = next() < 0.5;
    const national = String(9_000_000_000 + Math.floor(next() * 999_999_999));
    return {
      surname: pick(SURNAMES) + (female ? 'а' : ''),
      firstname: pick(FIRSTNAMES),
      patronymic: pick(PATRONYMICS),
      phone: `+7 ${national.slice(0, 3)} ${national.slice(3, 6)}-${national.slice(6, 8)}-${national.slice(8)}`,
      statusId: pick(statuses).id,
      createdBy: pick(userIds),
      createdAt: new Date(Date.UTC(2024, 0, 1) + Math.floor((i / count) * 700 * day)),
      users: [pick(userIds)],
    };
  });
  const started = performance.now();
  await app.leadSeedRepository.insertMany(leads);
  await bench.raw('insert into lead_favorites (lead_id, user_id) select id, $1 from leads where id % 100 = 0', [bench.adminId]);
  await bench.raw('analyze');
  return { seconds: since(started) / 1000, statuses, userIds };
}

/** The p-th percentile of an ascending array. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** "load 3.12 2.80 1.90" (1, 5, 15 minutes): the machine is shared, so every figure carries it. */
export function loadAverage() {
  return `load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`;
}
