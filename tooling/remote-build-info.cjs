// What a remote's build records in its mf-manifest.json (`metaData.remoteBuild`), so the host can tell, before it
// mounts the remote, whether the @crm/shared it provides is one the remote was built for (docs/decisions/051).
const { execFileSync } = require('node:child_process');

/**
 * The @crm/shared versions a remote built against `sharedVersion` can run on: that version or a later one of the same
 * major. Written as a comparator pair rather than `^x.y.z`: for a 0.x major a caret would refuse every other minor,
 * and shared promises compatibility within a major (shared/public-api.json holds it to that).
 */
function sharedRangeFor(sharedVersion) {
  const [major, minor] = sharedVersion.split('.').map(Number);
  return `>=${major}.${minor}.0 <${major + 1}.0.0`;
}

/** The commit being built: GIT_COMMIT when the build runs outside a checkout (a Docker build), else git's HEAD. */
function currentCommit(cwd) {
  if (process.env.GIT_COMMIT) return process.env.GIT_COMMIT;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

/**
 * @param {{ dirname: string, name: string, sharedVersion: string }} options
 * @returns the manifest plugin's `additionalData` hook, which adds the block to the stats the manifest is made from.
 */
function remoteBuildInfo({ dirname, name, sharedVersion }) {
  const { version } = require(`${dirname}/package.json`);
  const remoteBuild = {
    name,
    version,
    commit: currentCommit(dirname),
    builtAt: new Date().toISOString(),
    sharedRange: sharedRangeFor(sharedVersion),
  };
  return ({ stats }) => {
    stats.metaData.remoteBuild = remoteBuild;
    return stats;
  };
}

module.exports = { remoteBuildInfo, sharedRangeFor };
