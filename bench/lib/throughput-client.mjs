// The simulated users of bench:throughput, in a worker thread so their HTTP work does not share the server's thread.
import { parentPort, workerData } from 'node:worker_threads';
import { random, SURNAMES } from './names.mjs';

const { base, tokens, duration, leadIds, stepId, statusIds } = workerData;
const steps = {
  'list with search': { times: [], statuses: {} },
  'open lead': { times: [], statuses: {} },
  'update lead': { times: [], statuses: {} },
  'add comment': { times: [], statuses: {} },
};
const errors = [];
let loops = 0;
const deadline = performance.now() + duration * 1000;

async function call(step, token, method, path, body) {
  const started = performance.now();
  let status;
  let json;
  try {
    const response = await fetch(base + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    status = response.status;
    json = await response.json();
    if (status >= 400 && status !== 409 && errors.length < 20) errors.push(`${method} ${path} ${status} ${JSON.stringify(json).slice(0, 200)}`);
  } catch (error) {
    status = 'error';
    if (errors.length < 20) errors.push(`${method} ${path} ${error.message}`);
  }
  // Only what finished inside the window counts, so requests/s is what the server answered in `duration` seconds.
  if (performance.now() <= deadline) {
    steps[step].times.push(performance.now() - started);
    steps[step].statuses[status] = (steps[step].statuses[status] ?? 0) + 1;
  }
  return { status, json };
}

async function user(index) {
  const token = tokens[index];
  const next = random(1000 + index);
  const pick = (items) => items[Math.floor(next() * items.length)];
  while (performance.now() < deadline) {
    const search = pick(SURNAMES);
    const list = await call('list with search', token, 'GET', `/api/leads?search=${encodeURIComponent(search)}`);
    const rows = list.json?.data ?? [];
    const id = rows.length ? pick(rows).id : leadIds.min + Math.floor(next() * (leadIds.max - leadIds.min + 1));
    const open = await call('open lead', token, 'GET', `/api/leads/${id}`);
    const lead = open.json?.data;
    if (lead) {
      await call('update lead', token, 'POST', `/api/leads/${id}`, {
        surname: lead.surname,
        firstname: lead.firstname,
        patronymic: lead.patronymic,
        phone: lead.phone,
        status_id: pick(statusIds),
        users: lead.users,
        additional_info: `Звонок ${loops}: перезвонить ${Math.floor(next() * 28) + 1}-го`,
        version: lead.version,
      });
      await call('add comment', token, 'POST', `/api/leads/${id}/comments`, { step_id: stepId, body: `<p>Поговорили, клиент думает (${index})</p>` });
    }
    loops++;
  }
}

const started = performance.now();
await Promise.all(tokens.map((_, i) => user(i)));
const seconds = Math.min(performance.now() - started, duration * 1000) / 1000;
parentPort.postMessage({ steps, errors, loops, seconds });
