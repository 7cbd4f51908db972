import type { WhiteIp } from '@crm/shared/schemas';
import { AppError, notFound } from '../errors/app-error';
import { entriesAllow } from '../lib/ip-allow-list';
import { createWhiteIpRepository } from '../repositories/white-ip-repository';
import type { Actor } from './domain-events';
import type { RunUnitOfWork } from './unit-of-work';

/**
 * 409 IP_LOCKOUT unless confirmed: the list as it would be after the change is enforced and leaves out the caller's
 * own address, so their next request would be refused.
 */
function guardLockout(actor: Actor, entries: string[], confirm: boolean) {
  const ip = actor.ip ?? '';
  if (confirm || entries.length === 0 || entriesAllow(entries, ip)) return;
  throw new AppError('IP_LOCKOUT', `After this change your own address ${ip} is no longer allowed and you would lose access. Confirm to save anyway.`, undefined, {
    ip,
  });
}

const entryNotFound = () => notFound('IP entry not found');
const audited = (entry: { address: string; comment: string }) => ({ address: entry.address, comment: entry.comment });

/** The IP allow-list: every change is checked against locking its author out, audited, and enforced before answering. */
export function createWhiteIpService(run: RunUnitOfWork, { reloadAllowList }: { reloadAllowList: () => Promise<void> }) {
  return {
    async addWhiteIp(actor: Actor, input: { address: string; comment: string; confirm: boolean }): Promise<WhiteIp> {
      return run(actor, async (uow) => {
        const entries = createWhiteIpRepository(uow.tx);
        guardLockout(actor, [...(await entries.addresses()), input.address], input.confirm);
        const entry = await entries.create({ address: input.address, comment: input.comment }, actor.id);
        await uow.audit({ action: 'white_ip.create', subjectType: 'white_ip', subjectId: entry.id, after: audited(input) });
        uow.afterCommit(reloadAllowList);
        return entry;
      });
    },

    async updateWhiteIp(actor: Actor, id: number, input: { address?: string; comment?: string; version: number; confirm: boolean }): Promise<WhiteIp> {
      const { confirm, ...changes } = input;
      return run(actor, async (uow) => {
        const entries = createWhiteIpRepository(uow.tx);
        const before = await entries.find(id);
        if (!before) throw entryNotFound();
        if (changes.address !== undefined) {
          guardLockout(actor, [...(await entries.addresses()).filter((a) => a !== before.address), changes.address], confirm);
        }
        const entry = await entries.update(id, changes);
        await uow.audit({ action: 'white_ip.update', subjectType: 'white_ip', subjectId: id, before: audited(before), after: audited(entry) });
        uow.afterCommit(reloadAllowList);
        return entry;
      });
    },

    async deleteWhiteIp(actor: Actor, id: number, confirm: boolean): Promise<void> {
      await run(actor, async (uow) => {
        const entries = createWhiteIpRepository(uow.tx);
        const before = await entries.find(id);
        if (!before) throw entryNotFound();
        guardLockout(actor, (await entries.addresses()).filter((a) => a !== before.address), confirm);
        await entries.delete(id);
        await uow.audit({ action: 'white_ip.delete', subjectType: 'white_ip', subjectId: id, before: audited(before) });
        uow.afterCommit(reloadAllowList);
      });
    },
  };
}

export type WhiteIpService = ReturnType<typeof createWhiteIpService>;
