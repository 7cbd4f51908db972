import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type LeadScope, NO_STATUS } from '@crm/shared/schemas';
import { createLeadQueryRepository, type LeadListParams } from '../../repositories/lead-query-repository';
import { refreshLeadStatistics } from '../../repositories/lead-statistics';
import { buildTestApp, type TestApp, testDrivers } from '../../test/build-test-app';
import { createTeam, createUser } from '../../test/fixtures';

// The list's total is counted from whichever table the filters allow (lead-count.ts, decision 032): here every
// combination of scope and filters must count exactly the leads the list itself returns, and stop at the cap.
for (const driver of testDrivers()) {
  describe(`leads list totals for every scope and filter (${driver})`, () => {
    let t: TestApp;
    const users: Record<string, number> = {};
    let statusIds: number[];

    before(async () => {
      t = await buildTestApp({ driver });
      for (const name of ['anna', 'boris', 'vera', 'manager', 'solo']) {
        users[name] = (await createUser(t, { email: `${name}@test.local`, role: 'Operator' })).id;
      }
      await createTeam(t, 'Продажи', [users.manager, users.boris]);
      await createTeam(t, 'Один', [users.solo]);
      statusIds = (await t.app.leadStatusRepository.list()).map((s) => s.id);

      // 80 leads: creators (or none: a deleted creator), 0–2 responsible users, statuses (or none), favourites.
      let seed = 7;
      const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
      const pick = <T,>(items: T[]) => items[Math.floor(next() * items.length)];
      const people = [users.anna, users.boris, users.vera, users.manager, users.solo];
      const leads = Array.from({ length: 80 }, (_, i) => {
        const responsible = [...new Set(Array.from({ length: Math.floor(next() * 3) }, () => pick(people)))];
        return {
          surname: `Счёт${i % 7}`,
          firstname: 'Лид',
          phone: `+7 900 100-00-${String(i).padStart(2, '0')}`,
          statusId: pick([...statusIds.slice(0, 3), undefined]),
          createdBy: pick([...people, undefined]),
          users: responsible,
        };
      });
      const ids = await t.app.leadSeedRepository.insertMany(leads);
      for (const [i, id] of ids.entries()) {
        if (i % 3 === 0) await t.app.leadSeedRepository.addFavorite(id, users.anna);
        if (i % 4 === 1) await t.app.leadSeedRepository.addFavorite(id, users.manager);
      }
      // Statistics and visibility map as after an import, so the plans are the ones a large list gets.
      await refreshLeadStatistics(t.app.db, t.app.dbConnection.driver);
    });
    after(() => t.close());

    const viewers = (): [string, { id: number; leadScope: LeadScope }][] => [
      ['all', { id: users.vera, leadScope: 'all' }],
      ['own', { id: users.anna, leadScope: 'own' }],
      ['team of two', { id: users.manager, leadScope: 'team' }],
      ['team of one', { id: users.solo, leadScope: 'team' }],
    ];
    const filterSets = (): [string, Partial<LeadListParams>][] => [
      ['none', {}],
      ['user', { userId: users.boris }],
      ['own user', { userId: users.anna }],
      ['favourites', { favoriteOnly: true }],
      ['status', { statusId: statusIds[0] }],
      ['no status', { statusId: NO_STATUS }],
      ['search', { search: 'Счёт3' }],
      ['user + favourites', { userId: users.boris, favoriteOnly: true }],
      ['user + status', { userId: users.vera, statusId: statusIds[1] }],
      ['favourites + search', { favoriteOnly: true, search: 'счёт1' }],
      ['no user', { noUser: true }],
      ['no user + status', { noUser: true, statusId: statusIds[0] }],
    ];

    test('the total is the number of leads the list returns', async () => {
      const repository = t.app.leadQueryRepository;
      let nonEmpty = 0;
      for (const [scopeName, viewer] of viewers()) {
        for (const [filterName, filters] of filterSets()) {
          const params = { page: 1, perPage: 1000, sort: '-created_at', favoriteOnly: false, ...filters };
          const result = await repository.list(params, viewer);
          assert.deepEqual([result.total, result.estimated], [result.data.length, false], `${scopeName} / ${filterName}`);
          if (result.data.length > 0) nonEmpty++;
        }
      }
      assert.ok(nonEmpty > 30, `most combinations match some leads (${nonEmpty})`);
    });

    test('a scoped page is the same whether the scope is tested per row or built as a set of ids first', async () => {
      // countFrom: 'leads' keeps the OR form for every page; the default builds small scoped lists from the ids.
      const perRow = createLeadQueryRepository(t.app.db, { countFrom: 'leads' });
      for (const [scopeName, viewer] of viewers()) {
        for (const [filterName, filters] of filterSets()) {
          for (const sort of ['-created_at', 'surname', '-status_id']) {
            const params = { page: 2, perPage: 7, sort, favoriteOnly: false, ...filters };
            const ids = async (repository: typeof perRow) => (await repository.list(params, viewer)).data.map((l) => l.id);
            assert.deepEqual(await ids(t.app.leadQueryRepository), await ids(perRow), `${scopeName} / ${filterName} / ${sort}`);
          }
        }
      }
    });

    test('a page past the last one is empty and keeps the total', async () => {
      for (const [scopeName, viewer] of viewers()) {
        for (const [filterName, filters] of filterSets()) {
          const params = { page: 1, perPage: 1000, sort: '-created_at', favoriteOnly: false, ...filters };
          const all = await t.app.leadQueryRepository.list(params, viewer);
          const beyond = await t.app.leadQueryRepository.list({ ...params, perPage: 5, page: Math.floor(all.data.length / 5) + 2 }, viewer);
          assert.deepEqual([beyond.data, beyond.total], [[], all.total], `${scopeName} / ${filterName}`);
        }
      }
    });

    test('past the cap the total is the cap, marked as not exact; at the cap it is exact', async () => {
      const cap = 4;
      const capped = createLeadQueryRepository(t.app.db, { countCap: cap, exactCountLimit: cap });
      for (const [scopeName, viewer] of viewers()) {
        for (const [filterName, filters] of filterSets()) {
          if (Object.keys(filters).length === 0 && viewer.leadScope === 'all') continue; // unfiltered: the table estimate
          const params = { page: 1, perPage: 1000, sort: '-created_at', favoriteOnly: false, ...filters };
          const matches = (await t.app.leadQueryRepository.list(params, viewer)).data.length;
          const result = await capped.list(params, viewer);
          const expected = matches > cap ? [cap, true] : [matches, false];
          assert.deepEqual([result.total, result.estimated], expected, `${scopeName} / ${filterName}: ${matches} matches`);
        }
      }
    });
  });
}
