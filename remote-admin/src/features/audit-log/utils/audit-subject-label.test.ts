import { auditSubjectLabel } from './audit-subject-label';

it('names the record kind in Russian, not "team #3"', () => {
  expect(auditSubjectLabel({ subject_type: 'team', subject_id: '3' })).toBe('Команда #3');
  expect(auditSubjectLabel({ subject_type: 'user', subject_id: '9' })).toBe('Пользователь #9');
  expect(auditSubjectLabel({ subject_type: 'white_ip', subject_id: null })).toBe('IP-адрес');
  expect(auditSubjectLabel({ subject_type: null, subject_id: null })).toBe('—');
});
