import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_SCOPES, type RemoteName } from '@crm/shared/routes';
import semver from 'semver';
import { z } from 'zod';
import type { RemoteBuild } from '../repositories/remote-repository';

/** How long a switch waits for a remote's manifest, and the most it reads (a manifest is a few kilobytes). */
export const MANIFEST_TIMEOUT_MS = 5000;
export const MANIFEST_MAX_BYTES = 1024 * 1024;

/**
 * The parts of mf-manifest.json a switch checks: the federation name, an entry script, and the build info the remote
 * build records (`metaData.remoteBuild`, tooling/remote-build-info.cjs). `metaData.buildInfo.buildVersion` is what the
 * federation plugin writes by itself (the package's version): the version of a build from before the build info.
 */
const manifestSchema = z.object({
  name: z.string(),
  metaData: z.object({
    remoteEntry: z.object({ name: z.string().min(1) }),
    buildInfo: z.object({ buildVersion: z.string().optional() }).optional(),
    remoteBuild: z
      .object({
        version: z.string().optional(),
        commit: z.string().optional(),
        sharedRange: z.string().optional(),
      })
      .optional(),
  }),
});

/** The host build's own manifest names the @crm/shared version it provides to every remote. */
const hostManifestSchema = z.object({ shared: z.array(z.object({ name: z.string(), version: z.string() })).optional() });

export type ManifestCheck = { ok: true; build: RemoteBuild; warnings: string[] } | { ok: false; reason: string };

class Refused extends Error {}

const BUNDLED = /^\/build\/remotes\/([a-z]+)\/(.+)$/;

export interface ManifestInspectorOptions {
  /** Folder holding host/dist and remote-<name>/dist: a path under /build/remotes/ is read from there. */
  webDistRoot: string;
  /** Other paths are fetched from this origin (APP_URL): a proxy in front of the API may serve them. */
  appUrl: string;
  timeoutMs?: number;
  maxBytes?: number;
}

/**
 * The @crm/shared version the host was built with (from its mf-manifest.json, else shared/package.json): a remote's
 * shared range is checked against it. Null when neither can be read.
 */
export async function hostSharedVersion(webDistRoot: string): Promise<string | null> {
  try {
    const host = hostManifestSchema.parse(JSON.parse(await readFile(path.join(webDistRoot, 'host', 'dist', 'mf-manifest.json'), 'utf8')));
    const shared = host.shared?.find((s) => s.name.startsWith('@crm/shared'));
    if (shared && semver.valid(shared.version)) return shared.version;
  } catch {
    // No host build here (tests, a host served elsewhere): the workspace's shared package says the same.
  }
  try {
    const pkg = z.object({ version: z.string() }).parse(JSON.parse(await readFile(path.join(webDistRoot, 'shared', 'package.json'), 'utf8')));
    return semver.valid(pkg.version);
  } catch {
    return null;
  }
}

/** Reads at most `maxBytes` of a response body; more is refused rather than buffered. */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw new Refused(`The manifest is larger than ${maxBytes} bytes`);
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new Refused(`The manifest is larger than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Checks a remote's manifest before the registry switches to it (docs/decisions/052). */
export function createManifestInspector(options: ManifestInspectorOptions) {
  const timeoutMs = options.timeoutMs ?? MANIFEST_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? MANIFEST_MAX_BYTES;

  async function readBundled(remote: string, file: string): Promise<string> {
    if (!Object.hasOwn(REMOTE_SCOPES, remote)) throw new Refused(`No remote named ${remote} is bundled with this server`);
    const dist = path.join(options.webDistRoot, `remote-${remote}`, 'dist');
    // Normalising against '/' drops any '..', as the web routes do.
    const target = path.join(dist, path.posix.normalize(`/${file}`));
    try {
      if ((await stat(target)).size > maxBytes) throw new Refused(`The manifest is larger than ${maxBytes} bytes`);
      return await readFile(target, 'utf8');
    } catch (error) {
      if (error instanceof Refused) throw error;
      throw new Refused('The manifest could not be read: no such file in the bundled build');
    }
  }

  async function download(url: URL): Promise<string> {
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new Refused(timedOut ? `The manifest did not answer within ${timeoutMs / 1000} s` : 'The manifest could not be reached');
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Refused(`The manifest could not be fetched: it answered ${response.status}`);
    }
    try {
      return await readCapped(response, maxBytes);
    } catch (error) {
      if (error instanceof Refused) throw error;
      throw new Refused(`The manifest did not answer within ${timeoutMs / 1000} s`);
    }
  }

  async function text(entry: string): Promise<string> {
    const bundled = BUNDLED.exec(entry.split(/[?#]/)[0]);
    if (bundled) return readBundled(bundled[1], bundled[2]);
    let url: URL;
    try {
      url = new URL(entry, options.appUrl);
    } catch {
      throw new Refused('The manifest address is not a valid URL');
    }
    return download(url);
  }

  return {
    /**
     * Fetches and checks a manifest: reachable, JSON, a federation manifest carrying the remote's federation name,
     * and a shared range the host's @crm/shared satisfies. A manifest without a range passes, with a warning.
     */
    async inspect(remote: RemoteName, entry: string, hostShared: string | null): Promise<ManifestCheck> {
      try {
        let json: unknown;
        const body = await text(entry);
        try {
          json = JSON.parse(body);
        } catch {
          throw new Refused('The manifest is not JSON');
        }
        const parsed = manifestSchema.safeParse(json);
        if (!parsed.success) throw new Refused('This is not a Module Federation manifest (no name or metaData.remoteEntry)');
        const scope = REMOTE_SCOPES[remote];
        if (parsed.data.name !== scope) throw new Refused(`The manifest is for ${parsed.data.name}, not ${scope}`);
        const info = parsed.data.metaData.remoteBuild ?? {};
        const warnings: string[] = [];
        const range = info.sharedRange ?? null;
        if (range === null) {
          warnings.push('The manifest names no shared range: its compatibility with the host was not checked');
        } else if (semver.validRange(range) === null) {
          throw new Refused(`The build's shared range ${range} is not a valid version range`);
        } else if (hostShared === null) {
          warnings.push("The host's @crm/shared version is unknown: the shared range was not checked");
        } else if (!semver.satisfies(hostShared, range)) {
          throw new Refused(`The build needs @crm/shared ${range}; the host provides ${hostShared}`);
        }
        return {
          ok: true,
          build: { entry, version: info.version ?? parsed.data.metaData.buildInfo?.buildVersion ?? null, commit: info.commit ?? null, sharedRange: range },
          warnings,
        };
      } catch (error) {
        if (error instanceof Refused) return { ok: false, reason: error.message };
        throw error;
      }
    },
  };
}

export type ManifestInspector = ReturnType<typeof createManifestInspector>;
