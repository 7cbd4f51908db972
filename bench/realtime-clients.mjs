// The load side of bench/realtime.mjs, in processes of its own so the server's memory and event loop are the server's
// alone: opens N WebSocket connections speaking the Pusher protocol (spread over the given ports in turn: with two
// instances, every other socket goes to the second), subscribes each to one channel, and reports per round when each
// broadcast reached each connection.
//   node realtime-clients.mjs <raw|ws> <key> <count> <channel> <first socket's index> <port>[,<port>…]
//
// Each arrival is stamped the moment the frame reaches this process, on the system-wide monotonic clock the publisher
// stamps with too; it is decoded only once the round is over. Decoding first would add this process's work for every
// earlier socket to the latency of every later one, which a browser, decoding only its own, never sees.
//
// `raw` (the default) reads frames straight off `net` sockets into one reused buffer (RFC 6455 framing, written here:
// a handshake, masked frames out, unmasked text frames in); `ws` uses the `ws` client. On a 2-core machine the clients
// share the cores with the server, and `ws` clients spent about twice the server's CPU per broadcast; the raw reader
// spends less, so more of the machine is left to what is measured. Both stamp at the same point: a whole frame in hand.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import WebSocket from 'ws';

const [kind, key, count, channel, firstIndex, portList] = process.argv.slice(2);
const ports = portList.split(',');
const total = Number(count);
const now = () => Number(process.hrtime.bigint() / 1000n) / 1000;
const TICK = Buffer.from('"event":"tick"');
const PATH = `/app/${key}?protocol=7&client=bench&version=1`;
const connections = [];
let subscribed = 0;
/** The round being measured: the id expected, and each arrival's time and raw frame, decoded when it is complete. */
let round = null;

function finishRound() {
  const latencies = [];
  let foreign = 0;
  for (let i = 0; i < round.arrivals.length; i += 2) {
    const data = JSON.parse(JSON.parse(String(round.arrivals[i + 1])).data);
    if (data.id === round.id) latencies.push(round.arrivals[i] - data.sentAt);
    else foreign += 1;
  }
  if (foreign > 0) process.send({ type: 'error', message: `${foreign} ticks of another round arrived in round ${round.id}` });
  const cpu = process.cpuUsage(round.cpu);
  process.send({ type: 'round', id: round.id, latencies, cpuMs: (cpu.user + cpu.system) / 1000 });
  round = null;
}

/** One text message from the server; `send` answers on the same connection. `copy`: the bytes may be reused after. */
function onMessage(bytes, send, copy) {
  if (round && bytes.indexOf(TICK) !== -1) {
    round.arrivals.push(now(), copy ? Buffer.from(bytes) : bytes);
    if (round.arrivals.length === total * 2) finishRound();
    return;
  }
  const message = JSON.parse(String(bytes));
  if (message.event === 'pusher:connection_established') {
    send(JSON.stringify({ event: 'pusher:subscribe', data: { channel } }));
  } else if (message.event === 'pusher_internal:subscription_succeeded') {
    subscribed += 1;
    if (subscribed === total) process.send({ type: 'ready' });
  } else if (message.event === 'pusher:ping') {
    send(JSON.stringify({ event: 'pusher:pong', data: {} }));
  }
}

const fail = (error) => process.send({ type: 'error', message: String(error) });

function openWs(port) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${PATH}`, { perMessageDeflate: false });
  connections.push(() => ws.terminate());
  const send = (text) => ws.send(text);
  ws.on('message', (raw) => onMessage(raw, send, false));
  ws.on('error', fail);
  return new Promise((resolve) => ws.once('open', resolve));
}

/** A client frame: text, masked as a client must. */
function maskedText(text) {
  const payload = Buffer.from(text);
  const length = payload.length;
  const header = length < 126 ? 6 : 8;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = 0x81;
  if (length < 126) frame[1] = 0x80 | length;
  else {
    frame[1] = 0x80 | 126;
    frame.writeUInt16BE(length, 2);
  }
  const mask = randomBytes(4);
  mask.copy(frame, header - 4);
  for (let i = 0; i < length; i++) frame[header + i] = payload[i] ^ mask[i & 3];
  return frame;
}

// Every socket reads into this one buffer: frames are handled (and a tick's bytes copied) before the next read.
const readBuffer = Buffer.allocUnsafe(256 * 1024);

function openRaw(port) {
  return new Promise((resolve) => {
    let upgraded = false;
    let pending = null;
    const socket = net.connect({
      port: Number(port),
      host: '127.0.0.1',
      onread: {
        buffer: readBuffer,
        callback(length, buffer) {
          let bytes = buffer.subarray(0, length);
          let copy = true;
          if (pending) {
            bytes = Buffer.concat([pending, bytes]);
            pending = null;
            copy = false;
          }
          if (!upgraded) {
            const end = bytes.indexOf('\r\n\r\n');
            if (end < 0) {
              pending = Buffer.from(bytes);
              return;
            }
            if (!bytes.subarray(0, 12).toString().startsWith('HTTP/1.1 101')) return fail(`upgrade refused: ${bytes.subarray(0, end)}`);
            upgraded = true;
            resolve();
            bytes = bytes.subarray(end + 4);
          }
          let offset = 0;
          while (bytes.length - offset >= 2) {
            const opcode = bytes[offset] & 0x0f;
            let size = bytes[offset + 1] & 0x7f;
            let start = offset + 2;
            if (size === 126) {
              if (bytes.length - offset < 4) break;
              size = bytes.readUInt16BE(offset + 2);
              start = offset + 4;
            } else if (size === 127) {
              if (bytes.length - offset < 10) break;
              size = Number(bytes.readBigUInt64BE(offset + 2));
              start = offset + 10;
            }
            if (bytes.length < start + size) break;
            if (opcode === 1) onMessage(bytes.subarray(start, start + size), send, copy);
            else if (opcode === 8) socket.destroy();
            offset = start + size;
          }
          if (offset < bytes.length) pending = Buffer.from(bytes.subarray(offset));
        },
      },
    });
    socket.setNoDelay(true);
    const send = (text) => socket.write(maskedText(text));
    connections.push(() => socket.destroy());
    socket.on('error', fail);
    socket.on('connect', () =>
      socket.write(
        `GET ${PATH} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      ),
    );
  });
}

process.on('message', (message) => {
  if (message.type === 'expect') round = { id: message.id, arrivals: [], cpu: process.cpuUsage() };
  if (message.type === 'close') {
    for (const close of connections) close();
    process.exit(0);
  }
});

// Batches keep the accept queue short on a small machine.
const open = kind === 'ws' ? openWs : openRaw;
for (let opened = 0; opened < total; opened += 250) {
  const batch = Math.min(250, total - opened);
  await Promise.all(Array.from({ length: batch }, (_, i) => open(ports[(Number(firstIndex) + opened + i) % ports.length])));
}
