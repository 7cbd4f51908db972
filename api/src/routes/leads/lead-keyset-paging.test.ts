import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { LeadListItem, PaginationMeta } from '@crm/shared/schemas';
import { createLeadQueryRepository } from '../../repositories/lead-query-repository';
import { bearer, buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';

type Page = {
  data: LeadListItem[];
  meta: PaginationMeta & { total_is_estimate: boolean; total_is_capped: boolean; next_cursor: string | null; prev_cursor: string | null };
};

for (const driver of testDrivers()) {
  describe(`leads list keyset paging (${driver})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;

    const list = async (query: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/leads?per_page=10&cursors=1&${query}`, headers: admin });
      assert.equal(response.statusCode, 200, response.body);
      return response.json() as Page;
    };
    const ids = (page: Page) => page.data.map((lead) => lead.id);

    before(async () => {
      t = await buildTestApp({ driver });
      admin = bearer(await t.login());
      const statuses = (await t.app.inject({ method: 'GET', url: '/api/lead-status', headers: admin })).json().data as { id: number }[];
      const day = (n: number) => new Date(Date.UTC(2025, 0, 1 + n));
      // Ties on every sort column (equal dates, surnames, statuses), leads without a status, and leads stamped by now()
      // (microseconds a JavaScript Date cannot hold), so the cursor's id tie-break and its value's precision both count.
      await t.app.leadSeedRepository.insertMany(
        Array.from({ length: 23 }, (_, i) => ({
          surname: ['Орлов', 'Андреев', 'Яковлев'][i % 3],
          firstname: `Лид${i}`,
          phone: `+7 900 000-00-${String(i % 5).padStart(2, '0')}`,
          statusId: i % 4 === 0 ? null : statuses[i % 2].id,
          createdAt: i < 5 ? undefined : day(i % 6),
        })),
      );
    });
    after(() => t.close());

    for (const sort of ['-created_at', 'created_at', 'surname', '-surname', 'status_id', '-status_id', 'phone', '-updated_at']) {
      test(`sort ${sort}: following next_cursor and then prev_cursor gives the same pages as page numbers`, async () => {
        const byNumber = [await list(`sort=${sort}&page=1`), await list(`sort=${sort}&page=2`), await list(`sort=${sort}&page=3`)];
        assert.deepEqual(byNumber.map((page) => page.data.length), [10, 10, 3]);

        const forward = [byNumber[0]];
        for (let page = 2; page <= 3; page++) {
          forward.push(await list(`sort=${sort}&page=${page}&after=${forward.at(-1)!.meta.next_cursor}`));
        }
        assert.deepEqual(forward.map(ids), byNumber.map(ids));
        assert.deepEqual(ids(await list(`sort=${sort}&page=4&after=${forward[2].meta.next_cursor}`)), []);

        const second = await list(`sort=${sort}&page=2&before=${forward[2].meta.prev_cursor}`);
        assert.deepEqual(ids(second), ids(byNumber[1]));
        const first = await list(`sort=${sort}&page=1&before=${second.meta.prev_cursor}`);
        assert.deepEqual(ids(first), ids(byNumber[0]));
        assert.deepEqual(ids(await list(`sort=${sort}&before=${first.meta.prev_cursor}`)), []);

        // meta keeps its fields: the page echoed, the total and last page of the whole list.
        assert.deepEqual({ ...second.meta, next_cursor: undefined, prev_cursor: undefined }, {
          current_page: 2,
          per_page: 10,
          total: 23,
          last_page: 3,
          total_is_estimate: false,
          total_is_capped: false,
          next_cursor: undefined,
          prev_cursor: undefined,
        });
      });
    }

    test('past the exact-count limit a filtered total is the planner estimate, within the cap, and says so', async () => {
      await t.app.db.execute(sql`analyze leads`);
      const viewer = { id: 1, leadScope: 'all' as const };
      const base = { page: 1, perPage: 5, favoriteOnly: false, sort: '-created_at' };
      const repository = createLeadQueryRepository(t.app.db, { exactCountLimit: 5, countCap: 15 });
      const few = await repository.list({ ...base, search: 'Лид1' }, viewer);
      // 'Лид1' matches 11 leads (Лид1, Лид10…Лид19): more than 5, so the total is the planner's guess, kept within 5…15.
      assert.equal(few.estimated, true);
      assert.ok(few.total >= 5 && few.total <= 15, String(few.total));
      const exact = await repository.list({ ...base, search: 'Лид22' }, viewer);
      assert.deepEqual([exact.total, exact.estimated], [1, false]);
      const capped = createLeadQueryRepository(t.app.db, { exactCountLimit: 5, countCap: 5 });
      assert.deepEqual((await capped.list({ ...base, search: 'Лид' }, viewer)).total, 5);
      const response = await t.app.inject({ method: 'GET', url: '/api/leads?search=Лид1&cursors=1', headers: admin });
      assert.equal(response.json().meta.total_is_estimate, false);
      // Without cursors=1, after or before, meta is the paginated one existing clients read.
      const plain = await t.app.inject({ method: 'GET', url: '/api/leads?search=Лид1', headers: admin });
      assert.deepEqual(Object.keys(plain.json().meta).sort(), ['current_page', 'last_page', 'per_page', 'total']);
    });

    test('a cursor keeps its place when a lead is added ahead of it', async () => {
      const first = await list('');
      const second = await list('page=2');
      await t.app.leadSeedRepository.insertMany([{ surname: 'Новый', firstname: 'Лид', phone: '+7 900 111-22-33' }]);
      assert.deepEqual(ids(await list(`page=2&after=${first.meta.next_cursor}`)), ids(second));
    });

    test('a cursor that this API did not give out, or both directions at once, is a 422 on the field', async () => {
      const other = Buffer.from(JSON.stringify(['x', 1])).toString('base64url');
      const cases: [string, string][] = [
        ['after=not+a+cursor', 'after'],
        [`after=${Buffer.from('{').toString('base64url')}`, 'after'],
        [`after=${Buffer.from(JSON.stringify([null, 1])).toString('base64url')}`, 'after'],
        [`before=${Buffer.from(JSON.stringify(['2025-01-01', 0])).toString('base64url')}`, 'before'],
        [`after=${other}&before=${other}`, 'before'],
      ];
      for (const [query, field] of cases) {
        const response = await t.app.inject({ method: 'GET', url: `/api/leads?${query}`, headers: admin });
        assert.equal(response.statusCode, 422, query);
        assert.deepEqual(Object.keys(response.json().errors), [field], query);
      }
      // A well-formed value that is not a date under the date sort: the database refuses the cast, still not a 500.
      const response = await t.app.inject({ method: 'GET', url: `/api/leads?after=${other}`, headers: admin });
      assert.equal(response.statusCode, 422, response.body);
    });
  });
}
