import { defaultChoices, diffLeadValues, mergeLeadValues } from './diff-lead-values';
import { EMPTY_LEAD_FORM_VALUES, type LeadFormValues } from './lead-form-values';

const base: LeadFormValues = {
  ...EMPTY_LEAD_FORM_VALUES,
  surname: 'Иванов',
  phone: '+7 900 123-45-67',
  status_id: 3,
  users: [2, 5],
};

describe('diffLeadValues', () => {
  it('lists only the fields where the user and the server differ, telling whose change each is', () => {
    const mine = { ...base, surname: 'Сидоров', users: [5, 2] };
    const theirs = { ...base, phone: '+7 999 000-00-00' };
    const diffs = diffLeadValues(base, mine, theirs);
    expect(diffs.map(({ field, changedByMe }) => [field, changedByMe])).toEqual([
      ['surname', true],
      ['phone', false],
    ]);
  });

  it('keeps the user’s edits and takes the other person’s by default, and merges what was chosen', () => {
    const mine = { ...base, surname: 'Сидоров', status_id: 1 };
    const theirs = { ...base, status_id: 4, phone: '+7 999 000-00-00' };
    const choices = defaultChoices(diffLeadValues(base, mine, theirs));
    expect(choices).toEqual({ surname: 'mine', phone: 'theirs', status_id: 'mine' });
    expect(mergeLeadValues(mine, theirs, { ...choices, status_id: 'theirs' })).toEqual({
      ...base,
      surname: 'Сидоров',
      phone: '+7 999 000-00-00',
      status_id: 4,
    });
  });
});
