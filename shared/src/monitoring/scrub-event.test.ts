import { scrubEvent, scrubText } from './scrub-event';

const email = 'anna.petrova@example.com';
const token = 'q8V1cXb2Zr9mN0pL4kJ7hG6fD5sA3wE2rT1yU0iO9pQ';

test('emails, phone numbers in any format and tokens are masked in text', () => {
  expect(scrubText(`Lead ${email} +7 (912) 345-67-89 / 89123456789 Bearer ${token}`)).toBe(
    'Lead [email] [phone] / [phone] Bearer [token]',
  );
  expect(scrubText('Cannot read properties of undefined (reading "status") at line 12')).toBe(
    'Cannot read properties of undefined (reading "status") at line 12',
  );
});

test('ids made of hex digits stay whole: an event, trace or replay id is not a phone number', () => {
  const replayId = 'f946b8fe8b36415d92f58f3b12345678';
  expect(scrubText(`replay ${replayId} trace 4bf92f3577b34da6a3ce929d0e0e4736`)).toBe(
    `replay ${replayId} trace 4bf92f3577b34da6a3ce929d0e0e4736`,
  );
  expect(scrubEvent({ contexts: { replay: { replay_id: replayId } } })).toEqual({ contexts: { replay: { replay_id: replayId } } });
  expect(scrubText('call:89123456789, or 8-912-345-67-89.')).toBe('call:[phone], or [phone].');
});

test('an event keeps what explains the error and loses everything personal', () => {
  const event = {
    event_id: '0123456789abcdef0123456789abcdef',
    release: 'crm@1.2.3',
    message: `Lead ${email} failed`,
    exception: {
      values: [{ type: 'Error', value: `duplicate phone 8 912 345 67 89 for ${email}`, stacktrace: { frames: [{ filename: 'app:///dist/server.js', lineno: 12 }] } }],
    },
    user: { id: 7, email, username: 'Anna Petrova', ip_address: '10.1.2.3' },
    request: {
      url: `http://crm.test/api/leads?search=${encodeURIComponent(email)}`,
      method: 'POST',
      data: { email, phone: '+79123456789', name: 'Anna' },
      cookies: { session: token },
      query_string: `search=${email}`,
      headers: { Authorization: `Bearer ${token}`, Cookie: `t=${token}`, 'User-Agent': 'Mozilla/5.0', 'X-Forwarded-For': '10.1.2.3' },
    },
    tags: { remote: 'remote_leads', route: '/leads/:id' },
    extra: { lead: { id: 5, email, phones: ['+79123456789'], note: `call ${email}` } },
    contexts: { trace: { trace_id: 'abcdef0123456789abcdef0123456789', span_id: '0123456789abcdef' } },
    breadcrumbs: [{ category: 'fetch', message: `GET /api/leads?search=${email}`, data: { url: `/api/leads?phone=89123456789`, method: 'GET', status_code: 200, body: email } }],
  };

  const scrubbed = scrubEvent(event);
  const json = JSON.stringify(scrubbed);

  expect(json).not.toContain(email);
  expect(json).not.toContain(token);
  expect(json).not.toMatch(/9123456789|Anna|10\.1\.2\.3/);
  expect(scrubbed.event_id).toBe(event.event_id);
  expect(scrubbed.release).toBe('crm@1.2.3');
  expect(scrubbed.user).toEqual({ id: 7 });
  expect(scrubbed.request).toEqual({ url: 'http://crm.test/api/leads', method: 'POST', headers: { 'User-Agent': 'Mozilla/5.0' } });
  expect(scrubbed.tags).toEqual({ remote: 'remote_leads', route: '/leads/:id' });
  expect(scrubbed.extra).toEqual({ lead: { id: 5, note: 'call [email]' } });
  expect(scrubbed.exception.values[0].value).toBe('duplicate phone [phone] for [email]');
  expect(scrubbed.exception.values[0].stacktrace.frames[0]).toEqual({ filename: 'app:///dist/server.js', lineno: 12 });
  expect(scrubbed.contexts.trace).toEqual(event.contexts.trace);
  expect(scrubbed.breadcrumbs[0]).toEqual({ category: 'fetch', message: 'GET /api/leads?search=[email]', data: { url: '/api/leads', method: 'GET', status_code: 200 } });
});
