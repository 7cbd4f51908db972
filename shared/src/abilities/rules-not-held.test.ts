import { createAbility } from './create-ability';
import { rulesNotHeld } from './rules-not-held';

describe('rulesNotHeld', () => {
  it('manage all holds every rule, manage all included', () => {
    const admin = createAbility([{ action: 'manage', subject: 'all' }]);
    expect(rulesNotHeld(admin, [{ action: 'manage', subject: 'all' }, { action: 'view', subject: 'audit' }])).toEqual([]);
  });

  it('manage on a subject holds its actions but not manage all nor another subject', () => {
    const delegate = createAbility([{ action: 'manage', subject: 'users' }]);
    expect(
      rulesNotHeld(delegate, [
        { action: 'edit', subject: 'users' },
        { action: 'manage', subject: 'all' },
        { action: 'view', subject: 'audit' },
      ]),
    ).toEqual([
      { action: 'manage', subject: 'all' },
      { action: 'view', subject: 'audit' },
    ]);
  });

  it('one action does not hold manage on the same subject', () => {
    const viewer = createAbility([{ action: 'view', subject: 'lead' }]);
    expect(rulesNotHeld(viewer, [{ action: 'manage', subject: 'lead' }])).toEqual([{ action: 'manage', subject: 'lead' }]);
  });
});
