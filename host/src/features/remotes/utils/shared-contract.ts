import { z } from 'zod/mini';
import type { RemoteEntry } from '../api/get-remotes-manifest';
import { offerManifest } from './manifest-handoff';
import { RemoteIncompatibleError } from './remote-incompatible-error';

/** The @crm/shared version this host provides to every remote (defined by tooling/webpack.base.cjs from shared/package.json). */
export const HOST_SHARED_VERSION: string = __CRM_SHARED_VERSION__;

/** What a remote's build records in its mf-manifest.json (tooling/remote-build-info.cjs). */
export const remoteBuildSchema = z.object({
  name: z.string(),
  version: z.string(),
  commit: z.string(),
  builtAt: z.string(),
  sharedRange: z.string(),
});
export type RemoteBuild = z.infer<typeof remoteBuildSchema>;

const remoteManifestSchema = z.object({ metaData: z.optional(z.object({ remoteBuild: z.optional(remoteBuildSchema) })) });

type Version = [number, number, number];

function parseVersion(text: string): Version | null {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(text.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** `^x.y.z` as semver reads it: up to the next major, or the next minor (patch) while the major (minor) is 0. */
function caretUpperBound([major, minor, patch]: Version): Version {
  if (major > 0) return [major + 1, 0, 0];
  if (minor > 0) return [0, minor + 1, 0];
  return [0, 0, patch + 1];
}

/**
 * Whether `version` is in `range`: comparators joined by spaces (`>=0.6.0 <1.0.0`, `^1.2.0`, `=1.0.0`), all of
 * which must hold. A subset of semver's ranges, the forms the remotes' builds write, so the semver library stays out
 * of the host's first load; anything else does not match.
 */
export function satisfiesRange(version: string, range: string): boolean {
  const current = parseVersion(version);
  const comparators = range.trim().split(/\s+/);
  if (!current || comparators.length === 0) return false;
  return comparators.every((comparator) => {
    const match = /^(\^|>=|<=|>|<|=)?(.+)$/.exec(comparator);
    const bound = match ? parseVersion(match[2]) : null;
    if (!match || !bound) return false;
    const order = compare(current, bound);
    switch (match[1]) {
      case '^':
        return order >= 0 && compare(current, caretUpperBound(bound)) < 0;
      case '>=':
        return order >= 0;
      case '<=':
        return order <= 0;
      case '>':
        return order > 0;
      case '<':
        return order < 0;
      default:
        return order === 0;
    }
  });
}

/**
 * The build info a remote's mf-manifest.json records, or null for a manifest without it (a remote built before the
 * contract) or an entry that is not a manifest: such a remote is mounted as before.
 */
export async function fetchRemoteBuild(remote: RemoteEntry): Promise<RemoteBuild | null> {
  if (!/\.json(\?|$)/.test(remote.entry)) return null;
  const response = await fetch(remote.entry, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${remote.entry} answered ${response.status}`);
  // The federation runtime reads the same file next: it gets this response instead of a second request.
  offerManifest(remote.entry, response);
  return remoteManifestSchema.parse(await response.json()).metaData?.remoteBuild ?? null;
}

/** Throws a RemoteIncompatibleError when the host's @crm/shared is outside the range the remote was built for. */
export function assertSharedContract(source: string, moduleId: string, build: RemoteBuild | null, provided = HOST_SHARED_VERSION): void {
  if (build && !satisfiesRange(provided, build.sharedRange)) {
    throw new RemoteIncompatibleError(source, moduleId, { build, sharedProvided: provided });
  }
}
