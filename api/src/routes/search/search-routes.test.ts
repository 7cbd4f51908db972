import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createLeadVia, createRole, createUser, leadInput } from '../../test/fixtures';

for (const driver of testDrivers()) {
  describe(`GET /api/search (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    let operatorA: Record<string, string>;
    let operatorB: Record<string, string>;
    let nobody: Record<string, string>;
    let mineId: number;
    let theirsId: number;

    const search = (headers: Record<string, string>, query: string) =>
      t.app.inject({ method: 'GET', url: `/api/search?${query}`, headers });

    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
      const statusId = (await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: admin })).json().data[0].id;
      const a = await createUser(t, { email: 'search-op-a@test.local', role: 'Operator', name: 'Анна Поискова' });
      const b = await createUser(t, { email: 'search-op-b@test.local', role: 'Operator', name: 'Борис Поисков' });
      operatorA = bearer(await a.token());
      operatorB = bearer(await b.token());
      await createRole(t, 'Nothing', []);
      const n = await createUser(t, { email: 'search-nobody@test.local', role: 'Nothing' });
      nobody = bearer(await n.token());
      // Each operator creates one lead (Operator scope: own), with phones that share a prefix.
      mineId = (await createLeadVia(t, operatorA, leadInput(statusId, { surname: 'Звездочётов', phone: '+7 (915) 123-45-67' }))).id;
      theirsId = (await createLeadVia(t, operatorB, leadInput(statusId, { surname: 'Звездочётова', phone: '+7 915 123 45 68' }))).id;
      const categoryId = (await t.app.inject({ method: 'GET', url: '/api/document-category', headers: admin })).json().data[0].id;
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/document',
        headers: admin,
        payload: { title: 'Регламент звонков', category_id: categoryId, text: '<p>Как звонить клиентам по договорам</p>', links: [] },
      });
      assert.equal(created.statusCode, 201, created.body);
    });
    after(() => t.close());

    test('a phone typed in another format finds the lead (digits normalised)', async () => {
      const response = await search(admin, `q=${encodeURIComponent('8 915 1234567')}`);
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json().leads.map((l: { id: number }) => l.id), [mineId]);
      const byPrefix = (await search(admin, `q=${encodeURIComponent('(915) 123-45')}`)).json();
      assert.deepEqual(byPrefix.leads.map((l: { id: number }) => l.id).sort(), [mineId, theirsId].sort());
    });

    test('finds leads by name, documents in full text and users, each group capped by limit', async () => {
      const leads = (await search(admin, 'q=звездочёт&limit=1')).json();
      assert.equal(leads.leads.length, 1);
      assert.match(leads.leads[0].name, /^Звездочётов/);
      const docs = (await search(admin, `q=${encodeURIComponent('договор')}`)).json();
      assert.deepEqual(docs.documents.map((d: { title: string }) => d.title), ['Регламент звонков']);
      const users = (await search(admin, `q=${encodeURIComponent('поисков')}`)).json();
      assert.deepEqual(users.users.map((u: { email: string }) => u.email).sort(), ['search-op-a@test.local', 'search-op-b@test.local']);
      assert.ok(users.users.every((u: Record<string, unknown>) => !('password_hash' in u) && !('passwordHash' in u)));
    });

    test('ranks lead hits by where the word matched: surname, then first name, then patronymic, then phone', async () => {
      const statusId = (await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: admin })).json().data[0].id;
      const make = async (surname: string, firstname: string, patronymic: string, phone: string) =>
        (await createLeadVia(t, admin, leadInput(statusId, { surname, firstname, patronymic, phone }))).id;
      // Created so that the newest (which an order by last change puts first) is the weakest match.
      const surnameInside = await make('Скипетров', 'Олег', '', '+7 916 500 00 01');
      const surname = await make('Петров', 'Иван', 'Сергеевич', '+7 916 500 00 02');
      const firstname = await make('Сидоров', 'Петрован', '', '+7 916 500 00 03');
      const patronymic = await make('Морозов', 'Алексей', 'Петрович', '+7 916 500 00 04');
      const ids = async (q: string) => (await search(admin, `q=${encodeURIComponent(q)}&limit=10`)).json().leads.map((l: { id: number }) => l.id);
      assert.deepEqual(await ids('Петров'), [surname, surnameInside, firstname, patronymic]);
      // Every word counts: a surname and a first name beat a surname alone.
      assert.deepEqual((await ids('Петров Иван')).slice(0, 1), [surname]);
      // A phone matches last among the names, and a phone alone keeps the newest first.
      assert.deepEqual(await ids('916 500 00'), [patronymic, firstname, surname, surnameInside]);
    });

    test("an Operator finds only their own lead, never another operator's, and no users group", async () => {
      const body = (await search(operatorA, `q=${encodeURIComponent('+7 915 123-45')}`)).json();
      assert.deepEqual(body.leads.map((l: { id: number }) => l.id), [mineId]);
      assert.equal(body.users, null);
      const other = (await search(operatorA, 'q=Звездочётова')).json();
      assert.ok(!other.leads.some((l: { id: number }) => l.id === theirsId));
      const docs = (await search(operatorB, `q=${encodeURIComponent('договор')}`)).json();
      assert.equal(docs.documents.length, 1);
    });

    test('a user without abilities gets no group at all', async () => {
      const response = await search(nobody, 'q=звездочёт');
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { leads: null, documents: null, users: null });
    });

    test('bad input answers 422 per field; no token answers 401', async () => {
      const empty = await search(admin, 'q=%20%20&limit=0');
      assert.equal(empty.statusCode, 422);
      assert.deepEqual(Object.keys(empty.json().errors).sort(), ['limit', 'q']);
      const long = await search(admin, `q=${'x'.repeat(101)}&limit=abc`);
      assert.equal(long.statusCode, 422);
      assert.deepEqual(Object.keys(long.json().errors).sort(), ['limit', 'q']);
      assert.equal((await search(admin, 'limit=5')).statusCode, 422);
      assert.equal((await search(admin, 'q=%00')).statusCode, 422);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/search?q=a' })).statusCode, 401);
    });
  });
}
