export function sharedRangeFor(sharedVersion: string): string;
export function remoteBuildInfo(options: { dirname: string; name: string; sharedVersion: string }): (hook: { stats: { metaData: Record<string, unknown> } }) => unknown;
