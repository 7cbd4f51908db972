#!/usr/bin/env bash
# Runs the realtime conformance suite (api/src/realtime/conformance-suite.ts, the one the embedded endpoint passes in
# `pnpm test`) against Soketi 1.6.1, then the API itself with PUSHER_URL pointed at Soketi (external-mode.ts): proof that
# the product works with an external Pusher-protocol service (docs/decisions/029). Not part of `pnpm test`: it installs Soketi from npm into a temporary folder (a minute or two).
# Soketi 1.6.1 pins a uWebSockets.js build that no longer installs; the override below is the one issue 11 names.
#   tooling/soketi-compat.sh            # exit status 0 when every conformance test passes
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="$(mktemp -d -t crm-soketi-XXXXXX)"
PORT="${SOKETI_PORT:-6001}"
SOKETI_PID=""
cleanup() {
  [ -n "$SOKETI_PID" ] && kill "$SOKETI_PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

cat >"$WORK/package.json" <<'JSON'
{
  "name": "crm-soketi-compat",
  "private": true,
  "dependencies": { "@soketi/soketi": "1.6.1" },
  "overrides": { "uWebSockets.js": "npm:@trufflesuite/uws-js-unofficial@20.30.0-unofficial.0" }
}
JSON
echo "Installing @soketi/soketi 1.6.1 into $WORK …"
(cd "$WORK" && npm install --no-audit --no-fund --loglevel=error >"$WORK/install.log" 2>&1) || { cat "$WORK/install.log"; exit 1; }

export SOKETI_DEFAULT_APP_ID=crm-compat SOKETI_DEFAULT_APP_KEY=crm-compat-key SOKETI_DEFAULT_APP_SECRET=crm-compat-secret-0123456789
export SOKETI_PORT="$PORT" SOKETI_DEFAULT_APP_ENABLE_CLIENT_MESSAGES=false SOKETI_DEFAULT_APP_USER_AUTHENTICATION=true
"$WORK/node_modules/.bin/soketi" start >"$WORK/soketi.log" 2>&1 &
SOKETI_PID=$!
for _ in $(seq 1 50); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then break; fi
  sleep 0.2
done
echo "Soketi $(cd "$WORK" && node -p "require('@soketi/soketi/package.json').version") listening on :$PORT"

cd "$ROOT/api"
REALTIME_TARGET_HOST=127.0.0.1 REALTIME_TARGET_PORT="$PORT" REALTIME_TARGET_APP_ID="$SOKETI_DEFAULT_APP_ID" \
  REALTIME_TARGET_KEY="$SOKETI_DEFAULT_APP_KEY" REALTIME_TARGET_SECRET="$SOKETI_DEFAULT_APP_SECRET" \
  node --import tsx --test src/realtime/conformance-external.ts src/realtime/external-mode.ts
