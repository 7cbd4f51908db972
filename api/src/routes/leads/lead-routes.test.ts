import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { LeadListItem, PaginationMeta } from '@crm/shared/schemas';
import { createLeadRepository } from '../../repositories/lead-repository';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createTeam, createUser, TEST_PASSWORD } from '../../test/fixtures';

type Page = { data: LeadListItem[]; meta: PaginationMeta };

for (const driver of testDrivers()) {
  describe(`GET /api/leads (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    let statuses: { id: number; name: string; color: string }[];
    const ids: Record<string, number> = {};
    const people: Record<string, number> = {};

    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
      const manager = await createUser(t, { email: 'manager@test.local', role: 'Manager', name: 'Мария Соколова' });
      const teammate = await createUser(t, { email: 'teammate@test.local', role: 'Operator', name: 'Олег Кузнецов' });
      const loner = await createUser(t, { email: 'loner@test.local', role: 'Operator', name: 'Пётр Волков' });
      Object.assign(people, { manager: manager.id, teammate: teammate.id, loner: loner.id });
      await createTeam(t, 'Отдел продаж', [manager.id, teammate.id]);
      statuses = (await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: admin })).json().data;

      const day = (n: number) => new Date(Date.UTC(2025, 0, 1 + n));
      const filler = Array.from({ length: 27 }, (_, i) => ({
        surname: `Заполнитель${String(i).padStart(2, '0')}`,
        firstname: 'Лид',
        phone: `+7 900 000-00-${String(i).padStart(2, '0')}`,
        createdAt: day(i),
      }));
      const [ivanov, petrova, sidorov] = await t.app.leadRepository.insertMany([
        { surname: 'Иванов', firstname: 'Иван', patronymic: 'Иванович', phone: '+7 (912) 345-67-89', statusId: statuses[0].id, users: [teammate.id], createdAt: day(40) },
        { surname: 'Петрова', firstname: 'Анна', patronymic: 'Сергеевна', phone: '8 912 000 11 22', statusId: statuses[1].id, users: [loner.id, manager.id], createdAt: day(41) },
        { surname: 'Сидоров', firstname: 'Пётр', phone: '79991112233', createdBy: loner.id, createdAt: day(42) },
        ...filler,
      ]);
      Object.assign(ids, { ivanov, petrova, sidorov });
    });
    after(() => t.close());

    const list = async (query: string, headers = admin) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/leads${query}`, headers });
      assert.equal(response.statusCode, 200, response.body);
      return response.json() as Page;
    };
    const surnames = (page: Page) => page.data.map((l) => l.surname);

    test('pages newest first with {data, meta}', async () => {
      const first = await list('');
      assert.deepEqual(first.meta, { current_page: 1, per_page: 25, total: 30, last_page: 2 });
      assert.deepEqual(surnames(first).slice(0, 3), ['Сидоров', 'Петрова', 'Иванов']);

      const second = await list('?page=2&per_page=5');
      assert.deepEqual(second.meta, { current_page: 2, per_page: 5, total: 30, last_page: 6 });
      assert.deepEqual(surnames(second), ['Заполнитель24', 'Заполнитель23', 'Заполнитель22', 'Заполнитель21', 'Заполнитель20']);

      const beyond = await list('?page=99&per_page=5');
      assert.deepEqual(beyond.data, []);
      assert.equal(beyond.meta.total, 30);
    });

    test('a row carries its status, responsible users and favourite flag', async () => {
      const [row] = (await list('?search=Петрова')).data;
      assert.equal(row.id, ids.petrova);
      assert.deepEqual(row.status, { id: statuses[1].id, name: statuses[1].name, color: statuses[1].color });
      assert.deepEqual(row.responsible.map((u) => u.name), ['Мария Соколова', 'Пётр Волков']);
      assert.deepEqual([...row.users].sort(), [people.manager, people.loner].sort());
      assert.equal(row.phone, '8 912 000 11 22');
      assert.equal(row.is_favorite, false);
      assert.equal(row.version, 1);
      assert.match(row.created_at, /^2025-02-11T00:00:00\.000Z$/);
    });

    test('finds a phone typed in any format', async () => {
      for (const search of ['+7 (912) 345', '7912345', '912-345-67', '8 912 345 67 89', '89123456789']) {
        assert.deepEqual(surnames(await list(`?search=${encodeURIComponent(search)}`)), ['Иванов'], search);
      }
      // Stored as 8 912 …, found as +7 912 …
      assert.deepEqual(surnames(await list(`?search=${encodeURIComponent('+7 912 000')}`)), ['Петрова']);
    });

    test('finds by name parts, case-insensitively and in any order', async () => {
      assert.deepEqual(surnames(await list(`?search=${encodeURIComponent('иванович')}`)), ['Иванов']);
      assert.deepEqual(surnames(await list(`?search=${encodeURIComponent('АННА петрова')}`)), ['Петрова']);
      assert.deepEqual(surnames(await list(`?search=${encodeURIComponent('Сидоров 1112233')}`)), ['Сидоров']);
      assert.deepEqual(surnames(await list(`?search=${encodeURIComponent('100%')}`)), []);
      const none = await list(`?search=${encodeURIComponent('Несуществующий')}`);
      assert.deepEqual(none.meta, { current_page: 1, per_page: 25, total: 0, last_page: 1 });
    });

    test('filters by status and by responsible user', async () => {
      assert.deepEqual(surnames(await list(`?status_id=${statuses[0].id}`)), ['Иванов']);
      assert.deepEqual(surnames(await list(`?user_id=${people.loner}`)), ['Петрова']);
      assert.deepEqual(surnames(await list(`?user_id=${people.teammate}&status_id=${statuses[1].id}`)), []);
    });

    test("favorite=1 lists only the caller's own stars", async () => {
      const me = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: admin })).json().userData.id;
      await t.app.leadRepository.addFavorite(ids.petrova, me);
      await t.app.leadRepository.addFavorite(ids.ivanov, people.manager);
      const favourites = await list('?favorite=1');
      assert.deepEqual(surnames(favourites), ['Петрова']);
      assert.equal(favourites.data[0].is_favorite, true);
      assert.equal(favourites.meta.total, 1);
      assert.equal((await list('?search=Иванов')).data[0].is_favorite, false);
    });

    test('sorts by an allowed field either way', async () => {
      const ascending = surnames(await list('?sort=surname&per_page=100'));
      assert.deepEqual(ascending, [...ascending].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      assert.equal(ascending.at(-1), 'Сидоров');
      assert.equal(surnames(await list('?sort=-surname&per_page=5'))[0], 'Сидоров');
      assert.equal(surnames(await list('?sort=created_at&per_page=5'))[0], 'Заполнитель00');
    });

    test('422 for a page size outside the offered ones, an unknown sort or page 0', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/leads?per_page=7&sort=password&page=0', headers: admin });
      assert.equal(response.statusCode, 422);
      const { errors } = response.json();
      assert.deepEqual(Object.keys(errors).sort(), ['page', 'per_page', 'sort']);
      assert.deepEqual(errors.per_page, ['per_page must be one of 5, 10, 20, 25, 50, 100']);
    });

    test('an Operator sees only leads assigned to or created by them', async () => {
      const loner = bearer(await t.login('loner@test.local', TEST_PASSWORD));
      const page = await list('', loner);
      assert.deepEqual(surnames(page).sort(), ['Петрова', 'Сидоров']);
      assert.equal(page.meta.total, 2);
    });

    test("a Manager sees the leads of their team's members", async () => {
      const manager = bearer(await t.login('manager@test.local', TEST_PASSWORD));
      assert.deepEqual(surnames(await list('', manager)).sort(), ['Иванов', 'Петрова']);
    });

    test('without view lead the answer is 403; without a token 401', async () => {
      const { id } = await createUser(t, { email: 'nobody@test.local', role: 'Operator' });
      await t.app.db.execute(sql`delete from role_permissions where role_id = (select role_id from users where id = ${id})
        and permission_id = (select id from permissions where action = 'view' and subject = 'lead')`);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/leads', headers: bearer(await t.login('nobody@test.local', TEST_PASSWORD)) })).statusCode, 403);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/leads' })).statusCode, 401);
    });

    test('totals above the cap: exact below it, capped when filtered, estimated or exact when not', async () => {
      const repository = createLeadRepository(t.app.db, { countCap: 10 });
      const viewer = { id: people.manager, leadScope: 'all' as const };
      const base = { page: 1, perPage: 5, favoriteOnly: false, sort: '-created_at' };
      assert.equal((await repository.list({ ...base, search: 'Петрова' }, viewer)).total, 1);
      assert.equal((await repository.list({ ...base, search: 'Заполнитель' }, viewer)).total, 10);
      assert.equal((await repository.list(base, viewer)).total, 30);
      await t.app.db.execute(sql`analyze leads`);
      assert.equal((await repository.list(base, viewer)).total, 30);
    });
  });
}
