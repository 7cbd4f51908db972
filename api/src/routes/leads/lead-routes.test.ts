import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { LeadDetail, LeadHistoryEntry, LeadListItem, PaginationMeta } from '@crm/shared/schemas';
import { createLeadQueryRepository } from '../../repositories/lead-query-repository';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createLeadVia, createRole, createTeam, createUser, leadInput, TEST_PASSWORD } from '../../test/fixtures';

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
      const [ivanov, petrova, sidorov] = await t.app.leadSeedRepository.insertMany([
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
      await t.app.leadSeedRepository.addFavorite(ids.petrova, me);
      await t.app.leadSeedRepository.addFavorite(ids.ivanov, people.manager);
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
      const repository = createLeadQueryRepository(t.app.db, { countCap: 10 });
      const viewer = { id: people.manager, leadScope: 'all' as const };
      const base = { page: 1, perPage: 5, favoriteOnly: false, sort: '-created_at' };
      const few = await repository.list({ ...base, search: 'Петрова' }, viewer);
      assert.deepEqual([few.total, few.estimated, few.capped], [1, false, false]);
      // Past the cap a filtered total is the cap, and says so: at least 10 match ("more than 10").
      const many = await repository.list({ ...base, search: 'Заполнитель' }, viewer);
      assert.deepEqual([many.total, many.estimated, many.capped], [10, true, true]);
      const all = await repository.list(base, viewer);
      assert.deepEqual([all.total, all.capped], [30, false]);
      await t.app.db.execute(sql`analyze leads`);
      assert.equal((await repository.list(base, viewer)).total, 30);
    });
  });
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

for (const driver of testDrivers()) {
  describe(`lead calls (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    let adminId: number;
    let operator: Record<string, string>;
    let operatorId: number;
    /** An Operator who is neither creator nor responsible of the leads below. */
    let outsider: Record<string, string>;
    /** A Manager in no team: may edit and delete, but sees only their own leads. */
    let stranger: Record<string, string>;
    let viewer: Record<string, string>;
    let statuses: { id: number; name: string; color: string }[];

    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
      adminId = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: admin })).json().userData.id;
      const op = await createUser(t, { email: 'op@test.local', role: 'Operator', name: 'Ольга Оператор' });
      operatorId = op.id;
      operator = bearer(await op.token());
      outsider = bearer(await (await createUser(t, { email: 'outsider@test.local', role: 'Operator' })).token());
      stranger = bearer(await (await createUser(t, { email: 'stranger@test.local', role: 'Manager' })).token());
      await createRole(t, 'Viewer', [{ action: 'view', subject: 'lead' }], 'all');
      viewer = bearer(await (await createUser(t, { email: 'viewer@test.local', role: 'Viewer' })).token());
      statuses = (await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: admin })).json().data;
    });
    after(() => t.close());

    const call = (method: Method, url: string, headers?: Record<string, string>, payload?: object) =>
      t.app.inject({ method, url, headers, payload });
    const detail = async (id: number, headers = admin) => (await call('GET', `/api/leads/${id}`, headers)).json().data as LeadDetail;
    const history = async (id: number) => (await call('GET', `/api/leads/${id}/history`, admin)).json().data as LeadHistoryEntry[];
    /** A lead the admin created with the operator responsible: the outsider and the stranger cannot see it. */
    const operatorsLead = (overrides: Record<string, unknown> = {}) => createLeadVia(t, admin, leadInput(statuses[0].id, { users: [operatorId], ...overrides }));

    test('POST /api/leads creates: 201, phone formatted, notes sanitised, creator set, history "created"', async () => {
      const response = await call('POST', '/api/leads', admin, {
        ...leadInput(statuses[1].id),
        surname: '  Петров ',
        phone: '8 (912) 345-67-89',
        users: [operatorId, operatorId],
        additional_info: '<p onclick="steal()">Перезвонить <b>завтра</b><script>alert(1)</script></p>',
      });
      assert.equal(response.statusCode, 201, response.body);
      const lead = response.json().data as LeadDetail;
      assert.equal(lead.surname, 'Петров');
      assert.equal(lead.phone, '+7 912 345 67 89');
      assert.equal(lead.additional_info, '<p>Перезвонить <b>завтра</b></p>');
      assert.deepEqual(lead.users, [operatorId]);
      assert.deepEqual(lead.status, { id: statuses[1].id, name: statuses[1].name, color: statuses[1].color });
      assert.deepEqual([lead.created_by, lead.creator?.id, lead.updated_by, lead.version], [adminId, adminId, null, 1]);
      assert.deepEqual(await detail(lead.id), lead);
      const [created] = await history(lead.id);
      assert.deepEqual([created.action, created.user?.id, created.changes], ['created', adminId, null]);
      // Search still finds the number whatever format is typed.
      const found = (await call('GET', `/api/leads?search=${encodeURIComponent('+7 (912) 345-67')}`, admin)).json().data;
      assert.deepEqual(found.map((l: LeadListItem) => l.id), [lead.id]);
    });

    const invalidFields: [field: string, patch: Record<string, unknown>, message: string][] = [
      ['surname', { surname: '   ' }, 'Укажите фамилию'],
      ['firstname', { firstname: undefined }, 'Укажите имя'],
      ['patronymic', { patronymic: 'О'.repeat(101) }, 'Не более 100 символов'],
      ['phone', { phone: '12345' }, 'Некорректный номер телефона'],
      ['status_id', { status_id: 999_999 }, 'Статус не найден'],
      ['users', { users: [999_999] }, 'Пользователь не найден'],
      ['additional_info', { additional_info: 'x'.repeat(100_001) }, 'Слишком длинный текст'],
    ];
    for (const [field, patch, message] of invalidFields) {
      test(`422 keyed by ${field} on create and on update`, async () => {
        const lead = await operatorsLead();
        for (const [method, url, extra] of [
          ['POST', '/api/leads', {}],
          ['POST', `/api/leads/${lead.id}`, { version: lead.version }],
        ] as const) {
          const response = await call(method, url, admin, { ...leadInput(statuses[0].id), ...extra, ...patch });
          assert.equal(response.statusCode, 422, `${url}: ${response.body}`);
          assert.deepEqual(Object.keys(response.json().errors), [field]);
          assert.equal(response.json().errors[field][0], message);
        }
        assert.equal((await detail(lead.id)).version, 1);
      });
    }

    test('422 names every failing field at once: schema, phone, status and users together, on create and on update', async () => {
      const lead = await operatorsLead();
      const bad = { surname: '', patronymic: 'О'.repeat(101), phone: '12345', status_id: 999_999, users: [operatorId, 999_999] };
      for (const [url, extra] of [
        ['/api/leads', {}],
        [`/api/leads/${lead.id}`, { version: lead.version }],
      ] as const) {
        const response = await call('POST', url, admin, { ...leadInput(statuses[0].id), ...extra, ...bad });
        assert.equal(response.statusCode, 422, `${url}: ${response.body}`);
        assert.deepEqual(
          response.json().errors,
          {
            surname: ['Укажите фамилию'],
            patronymic: ['Не более 100 символов'],
            phone: ['Некорректный номер телефона'],
            status_id: ['Статус не найден'],
            users: ['Пользователь не найден'],
          },
          url,
        );
      }
      // An update without its version still reports the other fields with it.
      const unversioned = await call('POST', `/api/leads/${lead.id}`, admin, { ...leadInput(statuses[0].id), phone: '12345', users: [999_999] });
      assert.deepEqual(unversioned.json().errors, {
        version: ['Не указана версия лида: обновите страницу'],
        phone: ['Некорректный номер телефона'],
        users: ['Пользователь не найден'],
      });
      const unchanged = await detail(lead.id);
      assert.deepEqual([unchanged.version, unchanged.surname], [1, lead.surname]);
    });

    test('a field the schema rejects is not checked again: one message per problem', async () => {
      const response = await call('POST', '/api/leads', admin, {
        ...leadInput(statuses[0].id),
        status_id: 'первый',
        users: ['кто-то'],
        phone: '',
      });
      assert.equal(response.statusCode, 422);
      const { errors } = response.json();
      assert.deepEqual(Object.keys(errors).sort(), ['phone', 'status_id', 'users.0']);
      assert.deepEqual(errors.phone, ['Укажите телефон']);
      assert.deepEqual(errors.status_id, ['Выберите статус']);
    });

    test('422 for a missing status names status_id with the form message', async () => {
      const response = await call('POST', '/api/leads', admin, { ...leadInput(statuses[0].id), status_id: undefined });
      assert.deepEqual(response.json().errors, { status_id: ['Выберите статус'] });
    });

    test('POST /api/leads/{id} saves over the version read, bumps it and records field diffs', async () => {
      const lead = await operatorsLead({ surname: 'Старов' });
      const response = await call('POST', `/api/leads/${lead.id}`, operator, {
        ...leadInput(statuses[0].id),
        surname: 'Новиков',
        patronymic: lead.patronymic,
        firstname: lead.firstname,
        phone: lead.phone,
        users: [operatorId, adminId],
        version: lead.version,
      });
      assert.equal(response.statusCode, 200, response.body);
      const saved = response.json().data as LeadDetail;
      assert.deepEqual([saved.surname, saved.version, saved.updated_by?.id, saved.created_by], ['Новиков', 2, operatorId, adminId]);
      assert.deepEqual([...saved.users].sort(), [adminId, operatorId].sort());
      const [entry] = await history(lead.id);
      assert.equal(entry.action, 'updated');
      assert.equal(entry.user?.id, operatorId);
      assert.deepEqual(entry.changes, {
        surname: { from: 'Старов', to: 'Новиков' },
        users: { from: [operatorId], to: [adminId, operatorId].sort((a, b) => a - b) },
      });
    });

    test('a stale version answers 409 naming who changed the lead and when; nothing is overwritten', async () => {
      const lead = await operatorsLead();
      const base = { ...leadInput(statuses[0].id), phone: lead.phone, users: [operatorId], version: lead.version };
      assert.equal((await call('POST', `/api/leads/${lead.id}`, admin, { ...base, firstname: 'Первый' })).statusCode, 200);
      const stale = await call('POST', `/api/leads/${lead.id}`, operator, { ...base, firstname: 'Второй' });
      assert.equal(stale.statusCode, 409, stale.body);
      const body = stale.json();
      assert.equal(body.code, 'LEAD_VERSION_CONFLICT');
      assert.match(body.message, /Administrator/);
      assert.deepEqual(body.conflict.updated_by, { id: adminId, name: 'Administrator' });
      assert.equal(body.conflict.version, 2);
      const now = await detail(lead.id);
      assert.equal(body.conflict.updated_at, now.updated_at);
      assert.deepEqual([now.firstname, now.version], ['Первый', 2]);
      assert.equal((await history(lead.id)).filter((e) => e.action === 'updated').length, 1);
    });

    test('an update without a version is 422 errors.version', async () => {
      const lead = await operatorsLead();
      const response = await call('POST', `/api/leads/${lead.id}`, admin, leadInput(statuses[0].id));
      assert.equal(response.statusCode, 422);
      assert.deepEqual(Object.keys(response.json().errors), ['version']);
    });

    test('POST /api/leads/status/{id} changes the status, bumps the version and records it', async () => {
      const lead = await operatorsLead();
      const response = await call('POST', `/api/leads/status/${lead.id}`, operator, { status_id: statuses[2].id });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual([response.json().data.status_id, response.json().data.version], [statuses[2].id, 2]);
      const [entry] = await history(lead.id);
      assert.deepEqual([entry.action, entry.changes], ['status_changed', { status_id: { from: statuses[0].id, to: statuses[2].id } }]);
      const unknown = await call('POST', `/api/leads/status/${lead.id}`, operator, { status_id: 999_999 });
      assert.deepEqual([unknown.statusCode, unknown.json().errors], [422, { status_id: ['Статус не найден'] }]);
    });

    test('GET /api/leads/{id}/assign/{userId} hands the lead over to exactly that user', async () => {
      const lead = await operatorsLead({ users: [operatorId, adminId] });
      const response = await call('GET', `/api/leads/${lead.id}/assign/${adminId}`, operator);
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual([response.json().data.users, response.json().data.version], [[adminId], 2]);
      const [entry] = await history(lead.id);
      assert.deepEqual([entry.action, entry.changes], ['assigned', { users: { from: [adminId, operatorId].sort((a, b) => a - b), to: [adminId] } }]);
      const unknown = await call('GET', `/api/leads/${lead.id}/assign/999999`, admin);
      assert.deepEqual([unknown.statusCode, unknown.json().errors], [422, { users: ['Пользователь не найден'] }]);
      // Handed over and not its creator: the operator no longer sees it.
      assert.equal((await call('GET', `/api/leads/${lead.id}`, operator)).statusCode, 404);
    });

    test("GET /api/leads/favorite/{id} toggles the caller's own star only", async () => {
      const lead = await operatorsLead();
      const toggle = async (headers: Record<string, string>) => (await call('GET', `/api/leads/favorite/${lead.id}`, headers)).json().data;
      assert.deepEqual(await toggle(operator), { is_favorite: true });
      assert.equal((await detail(lead.id, operator)).is_favorite, true);
      assert.equal((await detail(lead.id, admin)).is_favorite, false);
      assert.deepEqual(await toggle(operator), { is_favorite: false });
      assert.equal((await detail(lead.id, operator)).is_favorite, false);
      assert.equal((await detail(lead.id)).version, 1);
    });

    test('DELETE /api/leads/{id} deletes (then 404); the Operator role may not (403)', async () => {
      const lead = await operatorsLead();
      assert.equal((await call('DELETE', `/api/leads/${lead.id}`, operator)).statusCode, 403);
      const response = await call('DELETE', `/api/leads/${lead.id}`, admin);
      assert.deepEqual([response.statusCode, response.json()], [200, { message: 'Лид удалён' }]);
      assert.equal((await call('GET', `/api/leads/${lead.id}`, admin)).statusCode, 404);
      assert.equal((await call('DELETE', `/api/leads/${lead.id}`, admin)).statusCode, 404);
    });

    const perLeadCalls = (id: number, version: number): [Method, string, object?][] => [
      ['GET', `/api/leads/${id}`],
      ['POST', `/api/leads/${id}`, { ...leadInput(statuses[0].id), version }],
      ['DELETE', `/api/leads/${id}`],
      ['POST', `/api/leads/status/${id}`, { status_id: statuses[1].id }],
      ['GET', `/api/leads/favorite/${id}`],
      ['GET', `/api/leads/${id}/assign/${adminId}`],
      ['GET', `/api/leads/${id}/history`],
      ['GET', `/api/leads/${id}/comments`],
      ['POST', `/api/leads/${id}/comments`, { step_id: 1, body: 'Привет' }],
    ];

    test('a lead out of the caller’s scope answers 404 on every call, and is left as it was', async () => {
      const lead = await operatorsLead();
      for (const [method, url, payload] of perLeadCalls(lead.id, lead.version)) {
        const response = await call(method, url, stranger, payload);
        assert.equal(response.statusCode, 404, `${method} ${url}: ${response.body}`);
        assert.equal(response.json().message, 'Лид не найден');
        // The Operator who is neither creator nor responsible: 404 too (403 where the role lacks the ability).
        const outsiderStatus = (await call(method, url, outsider, payload)).statusCode;
        assert.equal(outsiderStatus, method === 'DELETE' ? 403 : 404, `${method} ${url} as outsider`);
      }
      const after = await detail(lead.id);
      assert.deepEqual([after.version, after.users, after.status_id], [1, [operatorId], statuses[0].id]);
      assert.equal((await history(lead.id)).length, 1);
    });

    test('unknown ids answer 404; a non-numeric id 422', async () => {
      for (const [method, url, payload] of perLeadCalls(999_999, 1)) {
        assert.equal((await call(method, url, admin, payload)).statusCode, 404, `${method} ${url}`);
      }
      assert.equal((await call('GET', '/api/leads/abc', admin)).statusCode, 422);
    });

    test('every lead call answers 401 without a token', async () => {
      const calls: [Method, string, object?][] = [
        ...perLeadCalls(1, 1),
        ['POST', '/api/leads', leadInput(1)],
        ['POST', '/api/leads/bulk', { action: 'delete', ids: [1] }],
      ];
      for (const [method, url, payload] of calls) {
        const response = await call(method, url, undefined, payload);
        assert.equal(response.statusCode, 401, `${method} ${url}`);
      }
    });

    test('403 where the role lacks the ability (a role with view lead only)', async () => {
      const lead = await operatorsLead();
      const calls: [Method, string, object?][] = [
        ['POST', '/api/leads', leadInput(statuses[0].id)],
        ['POST', `/api/leads/${lead.id}`, { ...leadInput(statuses[0].id), version: 1 }],
        ['DELETE', `/api/leads/${lead.id}`],
        ['POST', `/api/leads/status/${lead.id}`, { status_id: statuses[1].id }],
        ['GET', `/api/leads/${lead.id}/assign/${adminId}`],
        ['POST', '/api/leads/bulk', { action: 'status', ids: [lead.id], status_id: statuses[1].id }],
        ['POST', '/api/leads/bulk', { action: 'delete', ids: [lead.id] }],
      ];
      for (const [method, url, payload] of calls) {
        assert.equal((await call(method, url, viewer, payload)).statusCode, 403, `${method} ${url}`);
      }
      assert.equal((await call('GET', `/api/leads/${lead.id}`, viewer)).statusCode, 200);
      assert.equal((await detail(lead.id)).version, 1);
    });

    test('bulk status: visible leads change in one go, others are skipped as not_found', async () => {
      const mine = await operatorsLead();
      const alsoMine = await operatorsLead({ status_id: statuses[3].id });
      const hidden = await createLeadVia(t, admin, leadInput(statuses[0].id));
      const response = await call('POST', '/api/leads/bulk', operator, {
        action: 'status',
        ids: [mine.id, hidden.id, alsoMine.id, 999_999],
        status_id: statuses[3].id,
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json().data, {
        affected: 2,
        skipped: [
          { id: hidden.id, reason: 'not_found' },
          { id: 999_999, reason: 'not_found' },
        ],
      });
      assert.deepEqual([(await detail(mine.id)).status_id, (await detail(mine.id)).version], [statuses[3].id, 2]);
      assert.equal((await detail(alsoMine.id)).version, 1, 'already in that status: untouched');
      assert.equal((await detail(hidden.id)).status_id, statuses[0].id);
      assert.equal((await history(mine.id))[0].action, 'status_changed');
      const unknown = await call('POST', '/api/leads/bulk', operator, { action: 'status', ids: [mine.id], status_id: 999_999 });
      assert.deepEqual([unknown.statusCode, unknown.json().errors], [422, { status_id: ['Статус не найден'] }]);
    });

    test('bulk assign hands visible leads over; bulk delete needs delete lead', async () => {
      const first = await operatorsLead();
      const second = await operatorsLead();
      const assign = await call('POST', '/api/leads/bulk', operator, { action: 'assign', ids: [first.id, second.id], user_id: adminId });
      assert.deepEqual(assign.json().data, { affected: 2, skipped: [] });
      for (const id of [first.id, second.id]) {
        const lead = await detail(id);
        assert.deepEqual([lead.users, lead.version], [[adminId], 2]);
        assert.deepEqual((await history(id))[0].changes, { users: { from: [operatorId], to: [adminId] } });
      }
      const unknownUser = await call('POST', '/api/leads/bulk', admin, { action: 'assign', ids: [first.id], user_id: 999_999 });
      assert.deepEqual(unknownUser.json().errors, { user_id: ['Пользователь не найден'] });

      assert.equal((await call('POST', '/api/leads/bulk', operator, { action: 'delete', ids: [first.id] })).statusCode, 403);
      const own = await createLeadVia(t, stranger, leadInput(statuses[0].id));
      const removed = await call('POST', '/api/leads/bulk', stranger, { action: 'delete', ids: [own.id, first.id] });
      assert.deepEqual(removed.json().data, { affected: 1, skipped: [{ id: first.id, reason: 'not_found' }] });
      assert.equal((await call('GET', `/api/leads/${own.id}`, admin)).statusCode, 404);
      assert.equal((await call('GET', `/api/leads/${first.id}`, admin)).statusCode, 200);
    });

    test('bulk validates its body: no ids or an unknown action is 422', async () => {
      assert.equal((await call('POST', '/api/leads/bulk', admin, { action: 'delete', ids: [] })).statusCode, 422);
      assert.equal((await call('POST', '/api/leads/bulk', admin, { action: 'archive', ids: [1] })).statusCode, 422);
    });
  });
}
