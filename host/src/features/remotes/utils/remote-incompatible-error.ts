import { ModuleLoadError } from './module-load-error';

export interface RemoteIncompatibility {
  /** The remote's build info from its mf-manifest.json. */
  build: { version: string; commit: string; sharedRange: string };
  /** The @crm/shared version the host provides. */
  sharedProvided: string;
}

/** A remote built for a @crm/shared this host does not provide: it is not mounted (docs/decisions/051). */
export class RemoteIncompatibleError extends ModuleLoadError {
  override readonly name = 'RemoteIncompatibleError';
  readonly remoteVersion: string;
  readonly remoteCommit: string;
  /** The range of @crm/shared the remote needs, e.g. `>=0.7.0 <1.0.0`. */
  readonly sharedRequired: string;
  readonly sharedProvided: string;

  constructor(source: string, moduleId: string, { build, sharedProvided }: RemoteIncompatibility) {
    super(source, moduleId);
    this.message = `${source} ${build.version} needs @crm/shared ${build.sharedRange}; the host provides ${sharedProvided}`;
    this.remoteVersion = build.version;
    this.remoteCommit = build.commit;
    this.sharedRequired = build.sharedRange;
    this.sharedProvided = sharedProvided;
  }

  /** The versions as error-reporting tags and in the preload-error detail. */
  get versions(): Record<'remote_version' | 'remote_commit' | 'shared_required' | 'shared_provided', string> {
    return {
      remote_version: this.remoteVersion,
      remote_commit: this.remoteCommit,
      shared_required: this.sharedRequired,
      shared_provided: this.sharedProvided,
    };
  }
}
