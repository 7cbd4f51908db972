import { describeHistoryEntry, type HistoryNames } from './describe-history-entry';

const names: HistoryNames = {
  status: (id) => ({ 1: 'Новый', 3: 'В работе' })[id],
  user: (id) => ({ 2: 'Анна Смирнова', 5: 'Олег Кузнецов' })[id],
  step: (id) => ({ 10: 'Договор' })[id],
};

describe('describeHistoryEntry', () => {
  it('reads a field update as "label: from → to", with Russian labels and empty values as a dash', () => {
    expect(
      describeHistoryEntry(
        {
          action: 'updated',
          changes: {
            surname: { from: 'Иванов', to: 'Сидоров' },
            patronymic: { from: '', to: 'Петрович' },
            phone: { from: '+7 900 123-45-67', to: '+7 999 000-00-00' },
          },
        },
        names,
      ),
    ).toEqual({
      title: 'Лид изменён',
      lines: ['Фамилия: Иванов → Сидоров', 'Отчество: — → Петрович', 'Телефон: +7 900 123-45-67 → +7 999 000-00-00'],
    });
  });

  it('names statuses and users instead of their ids, and says "#id" for ones it does not know', () => {
    expect(
      describeHistoryEntry({ action: 'status_changed', changes: { status_id: { from: 1, to: 3 } } }, names).lines,
    ).toEqual(['Статус: Новый → В работе']);
    expect(describeHistoryEntry({ action: 'assigned', changes: { users: { from: [2, 9], to: [5] } } }, names)).toEqual({
      title: 'Лид передан',
      lines: ['Ответственные: Анна Смирнова, #9 → Олег Кузнецов'],
    });
  });

  it("summarises notes as 'Заметки изменены' instead of showing HTML", () => {
    expect(
      describeHistoryEntry({ action: 'updated', changes: { additional_info: { from: '<p>a</p>', to: '<p>b</p>' } } }, names).lines,
    ).toEqual(['Заметки изменены']);
  });

  it('lists the starting values of a created lead, without arrows and without empty fields', () => {
    expect(
      describeHistoryEntry(
        {
          action: 'created',
          changes: {
            surname: { from: null, to: 'Иванов' },
            patronymic: { from: null, to: '' },
            status_id: { from: null, to: 1 },
            users: { from: null, to: [2] },
          },
        },
        names,
      ),
    ).toEqual({ title: 'Лид создан', lines: ['Фамилия: Иванов', 'Статус: Новый', 'Ответственные: Анна Смирнова'] });
  });

  it('describes comment events, naming the step, not the HTML of the text', () => {
    expect(
      describeHistoryEntry(
        { action: 'comment_added', changes: { step_id: { from: null, to: 10 }, body: { from: null, to: '<p>Позвонил</p>' } } },
        names,
      ),
    ).toEqual({ title: 'Добавлен комментарий', lines: ['Этап: Договор'] });
    expect(
      describeHistoryEntry(
        { action: 'comment_updated', changes: { step_id: { from: 10, to: 11 }, body: { from: '<p>a</p>', to: '<p>b</p>' } } },
        names,
      ).lines,
    ).toEqual(['Этап: Договор → #11', 'Текст комментария изменён']);
    expect(
      describeHistoryEntry(
        { action: 'comment_deleted', changes: { step_id: { from: 10, to: null }, body: { from: '<p>a</p>', to: null } } },
        names,
      ).lines,
    ).toEqual(['Этап: Договор']);
    expect(describeHistoryEntry({ action: 'comment_deleted', changes: null }, names)).toEqual({
      title: 'Комментарий удалён',
      lines: [],
    });
  });

  it('skips internal and unknown fields, such as a comment id older entries hold', () => {
    const { lines } = describeHistoryEntry(
      { action: 'comment_added', changes: { comment_id: { from: null, to: 3 }, secret: { from: 1, to: 2 } } },
      names,
    );
    expect(lines).toEqual([]);
    expect(lines.join()).not.toContain('comment_id');
  });
});
