import path from 'node:path';
import ts from 'typescript';

/** How a remote can use an export; a change of kind breaks the remotes that use it. */
export type ExportKind = 'function' | 'class' | 'object' | 'const' | 'type' | 'enum';

/** What `@crm/shared` offers its remotes: per subpath (`./schemas`), each export's kind, names sorted. */
export interface PublicApi {
  version: string;
  subpaths: Record<string, Record<string, ExportKind>>;
}

function kindOf(symbol: ts.Symbol, checker: ts.TypeChecker): ExportKind {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const flags = target.flags;
  if (flags & ts.SymbolFlags.Class) return 'class';
  if (flags & ts.SymbolFlags.Enum) return 'enum';
  if (flags & ts.SymbolFlags.Function) return 'function';
  if (flags & ts.SymbolFlags.Variable) {
    const type = checker.getTypeOfSymbol(target);
    // `const f = () => …` and `function f` are used alike; a styled or memo component is called by React alike.
    if (type.getConstructSignatures().length > 0) return 'class';
    if (type.getCallSignatures().length > 0) return 'function';
    return type.flags & ts.TypeFlags.Object ? 'object' : 'const';
  }
  return 'type';
}

/** Lists the public exports of every subpath in shared/package.json, read by the TypeScript compiler. */
export function listPublicApi(sharedDir: string): PublicApi {
  const pkg = ts.sys.readFile(path.join(sharedDir, 'package.json'));
  if (!pkg) throw new Error(`No package.json in ${sharedDir}`);
  const { version, exports } = JSON.parse(pkg) as { version: string; exports: Record<string, string> };
  const entries = Object.entries(exports).filter(([, file]) => /\.tsx?$/.test(file));
  const configPath = path.join(sharedDir, 'tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!config) throw new Error(`Cannot read ${configPath}`);
  const files = entries.map(([, file]) => path.join(sharedDir, file));
  const program = ts.createProgram({ rootNames: files, options: { ...config.options, noEmit: true } });
  const checker = program.getTypeChecker();
  const subpaths: PublicApi['subpaths'] = {};
  for (const [subpath, file] of entries) {
    const source = program.getSourceFile(path.join(sharedDir, file));
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`${file} is not a module`);
    const exported = checker.getExportsOfModule(module).map((symbol) => [symbol.getName(), kindOf(symbol, checker)] as const);
    subpaths[subpath] = Object.fromEntries(exported.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }
  return { version, subpaths };
}

export interface ApiBreak {
  subpath: string;
  name?: string;
  change: string;
}

/** What the current API removed or changed against the recorded one. Additions are not breaks. */
export function compareApis(previous: PublicApi, current: PublicApi): { breaks: ApiBreak[]; additions: string[] } {
  const breaks: ApiBreak[] = [];
  const additions: string[] = [];
  for (const [subpath, names] of Object.entries(previous.subpaths)) {
    const now = current.subpaths[subpath];
    if (!now) {
      breaks.push({ subpath, change: 'subpath removed' });
      continue;
    }
    for (const [name, kind] of Object.entries(names)) {
      if (!(name in now)) breaks.push({ subpath, name, change: 'removed' });
      else if (now[name] !== kind) breaks.push({ subpath, name, change: `${kind} → ${now[name]}` });
    }
  }
  for (const [subpath, names] of Object.entries(current.subpaths)) {
    for (const name of Object.keys(names)) {
      if (!(name in (previous.subpaths[subpath] ?? {}))) additions.push(`${subpath} ${name}`);
    }
  }
  return { breaks, additions };
}

/** Whether `current` is a later major than `previous` (the only version step that may break the API). */
export function isMajorBump(previous: string, current: string): boolean {
  return Number(current.split('.')[0]) > Number(previous.split('.')[0]);
}
