import type { CommentStep, LeadComment } from '@crm/shared/schemas';
import { groupCommentsByStep } from './group-comments-by-step';

const steps: CommentStep[] = [
  { id: 10, name: 'Договор', position: 3, color: '#A8AAAE', archived: false },
  { id: 11, name: 'Первый звонок', position: 1, color: '#A8AAAE', archived: false },
  { id: 12, name: 'Встреча', position: 2, color: '#A8AAAE', archived: false },
];

const comment = (id: number, step: LeadComment['step']): LeadComment => ({
  id,
  lead_id: 7,
  step,
  author: null,
  body: `<p>${id}</p>`,
  created_at: '2025-03-15T12:00:00.000Z',
  updated_at: '2025-03-15T12:00:00.000Z',
});

describe('groupCommentsByStep', () => {
  it('orders groups by step position, keeps comment order, and leaves out steps without comments', () => {
    const groups = groupCommentsByStep(
      [comment(1, { id: 10, name: 'Договор', color: '#A8AAAE' }), comment(2, { id: 11, name: 'Первый звонок', color: '#A8AAAE' }), comment(3, { id: 10, name: 'Договор', color: '#A8AAAE' })],
      steps,
    );
    expect(groups.map((g) => [g.title, g.comments.map((c) => c.id)])).toEqual([
      ['Первый звонок', [2]],
      ['Договор', [1, 3]],
    ]);
  });

  it('puts steps the list does not know after the known ones, and comments without a step last', () => {
    const groups = groupCommentsByStep(
      [comment(1, null), comment(2, { id: 99, name: 'Удалённый этап', color: '#A8AAAE' }), comment(3, { id: 12, name: 'Встреча', color: '#A8AAAE' })],
      steps,
    );
    expect(groups.map((g) => g.title)).toEqual(['Встреча', 'Удалённый этап', 'Без этапа']);
  });
});
