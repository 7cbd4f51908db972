/** A page module (a remote's exposed module or a host chunk) that could not be fetched or evaluated. */
export class ModuleLoadError extends Error {
  override readonly name: string = 'ModuleLoadError';
  /** What failed, as shown to the user: a remote name such as `remote_leads`, or `host`. */
  readonly source: string;
  /** The module id, e.g. `remote_leads/leads-list-page`. */
  readonly moduleId: string;

  constructor(source: string, moduleId: string, cause?: unknown) {
    super(`Could not load ${moduleId}${cause instanceof Error ? `: ${cause.message}` : ''}`, { cause });
    this.source = source;
    this.moduleId = moduleId;
  }
}
