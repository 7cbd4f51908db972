// The conformance suite against a Pusher-protocol service this process did not start (tooling/soketi-compat.sh):
//   REALTIME_TARGET_HOST=127.0.0.1 REALTIME_TARGET_PORT=6001 REALTIME_TARGET_APP_ID=… REALTIME_TARGET_KEY=…
//   REALTIME_TARGET_SECRET=… node --import tsx --test src/realtime/conformance-external.ts
// Not named *.test.ts: `pnpm test` does not run it.
import { describeConformance } from './conformance-suite';

const env = (name: string) => {
  const value = process.env[`REALTIME_TARGET_${name}`];
  if (!value) throw new Error(`Set REALTIME_TARGET_${name}`);
  return value;
};

describeConformance(`external service at ${process.env.REALTIME_TARGET_HOST}:${process.env.REALTIME_TARGET_PORT}`, async () => ({
  target: { host: env('HOST'), port: Number(env('PORT')), appId: env('APP_ID'), key: env('KEY'), secret: env('SECRET') },
  close: async () => undefined,
}));
