import { auditSubjectLabel } from './audit-subject-label';

it('names the record kind in Russian, not "team #3"', () => {
  expect(auditSubjectLabel({ subject_type: 'team', subject_id: '3' })).toBe('Команда #3');
  expect(auditSubjectLabel({ subject_type: 'user', subject_id: '9' })).toBe('Пользователь #9');
  expect(auditSubjectLabel({ subject_type: 'white_ip', subject_id: null })).toBe('IP-адрес');
  expect(auditSubjectLabel({ subject_type: null, subject_id: null })).toBe('—');
});

it('names the record by the name its recorded state gives it, a deleted one too', () => {
  expect(auditSubjectLabel({ subject_type: 'team', subject_id: '3', before: null, after: { name: 'Продажи', members: [] } })).toBe('Команда «Продажи»');
  expect(auditSubjectLabel({ subject_type: 'team', subject_id: '3', before: { name: 'Архив' }, after: null })).toBe('Команда «Архив»');
  expect(auditSubjectLabel({ subject_type: 'lead', subject_id: '12', before: { surname: 'Иванов', firstname: 'Артём', patronymic: null } })).toBe('Лид «Иванов Артём»');
  expect(auditSubjectLabel({ subject_type: 'white_ip', subject_id: '4', after: { ip: '10.0.0.1' } })).toBe('IP-адрес «10.0.0.1»');
  expect(auditSubjectLabel({ subject_type: 'document', subject_id: '7', before: { title: 'Регламент' } })).toBe('Документ «Регламент»');
});

it('names a user acting on their own account by the actor, and falls back to the id when nothing names the record', () => {
  const actor = { id: 9, email: 'ivan@example.com', name: 'Иван Петров' };
  expect(auditSubjectLabel({ subject_type: 'user', subject_id: '9', before: null, after: null, actor })).toBe('Пользователь «Иван Петров»');
  expect(auditSubjectLabel({ subject_type: 'user', subject_id: '10', before: null, after: null, actor })).toBe('Пользователь #10');
});
