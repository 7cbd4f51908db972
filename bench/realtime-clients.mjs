// The load side of bench/realtime.mjs, in its own process so the server's memory is the server's alone: opens N raw
// WebSocket connections speaking the Pusher protocol, subscribes each to one channel, and reports per-round how
// long each broadcast took to reach every connection.
import WebSocket from 'ws';

const [port, key, count, channel] = process.argv.slice(2);
const total = Number(count);
const sockets = [];
let subscribed = 0;
let round = null;

function onMessage(raw) {
  const message = JSON.parse(String(raw));
  if (message.event === 'pusher:connection_established') {
    this.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel } }));
  } else if (message.event === 'pusher_internal:subscription_succeeded') {
    subscribed += 1;
    if (subscribed === total) process.send({ type: 'ready' });
  } else if (message.event === 'tick' && round) {
    const data = JSON.parse(message.data);
    if (data.id !== round.id) return;
    round.latencies.push(performance.timeOrigin + performance.now() - data.sentAt);
    if (round.latencies.length === total) {
      process.send({ type: 'round', id: round.id, latencies: round.latencies });
      round = null;
    }
  }
}

async function open(batch) {
  await Promise.all(
    Array.from({ length: batch }, () => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${key}?protocol=7&client=bench&version=1`, { perMessageDeflate: false });
      sockets.push(ws);
      ws.on('message', onMessage);
      ws.on('error', (error) => process.send({ type: 'error', message: String(error) }));
      return new Promise((resolve) => ws.once('open', resolve));
    }),
  );
}

process.on('message', (message) => {
  if (message.type === 'expect') round = { id: message.id, latencies: [] };
  if (message.type === 'close') {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});

// Batches keep the accept queue short on a small machine.
for (let opened = 0; opened < total; opened += 250) await open(Math.min(250, total - opened));
