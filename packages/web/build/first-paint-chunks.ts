import type { Plugin, Rolldown } from 'vite';
import { STRINGS } from './locale-chunk-names';

/**
 * Chunks for the two first loads that matter: a signed-in person opening the agenda, and a new one
 * opening the login page (docs/design.md, Performance budgets: under 250 KB of gzipped JS before the agenda paints).
 *
 * By default the bundler splits the code that the lazy screens, menus and dialogs share into one
 * chunk per combination of importers: the agenda's first paint fetched some fifty scripts, and
 * compressing each on its own cost about 15 KB. Here the agenda's first paint is one chunk
 * (`agenda`: the shell, the agenda and what only they need) on top of one chunk it shares with
 * the login page (`ui`: what both need), on top of the entry. The navigation's body, which the
 * desktop docks at once and the phone shows only in its drawer, is one more (`nav`), with what it
 * shares with the login page only in one of its own (`ui-nav`): in `nav`, it would have the login
 * page load the shell. Everything else stays as it was.
 *
 * What "both need" has to be exact, or the agenda downloads the login page's text fields: the
 * module graph alone says that AgendaPage reaches InputBase (through MUI's `styles` index), so
 * the import graph is walked by name (what each module imports, and re-exports from where).
 */

const LOGIN = /[\\/]src[\\/]login[\\/]LoginPage\.tsx$/;
const AGENDA = /[\\/]src[\\/](shell[\\/]AppShell|agenda[\\/]AgendaPage)\.tsx$/;
const NAV = /[\\/]src[\\/]shell[\\/]NavDrawerContent\.tsx$/;

/** Every export of a module, or these names; an empty set: the module only runs. */
type Names = ReadonlySet<string> | 'all';

interface ModuleFacts {
  /** Exported name -> the module and name it re-exports ('*': that module's namespace). */
  reexports: Map<string, { source: string; name: string }>;
  /** Sources of `export * from`. */
  stars: string[];
  /** Names the module's own code exports. */
  locals: Set<string>;
  /** What the module's own code uses, by source ('*': the namespace); empty for `import 'x'`. */
  imports: Map<string, Set<string>>;
  /** Top-level code other than declarations: including the module runs it. */
  effects: boolean;
}

type Node = { type: string } & Record<string, unknown>;
type PluginContext = Rolldown.PluginContext;

function isNode(value: unknown): value is Node {
  return (
    typeof value === 'object' && value !== null && typeof Reflect.get(value, 'type') === 'string'
  );
}

function nameOf(value: unknown): string | undefined {
  if (!isNode(value)) return undefined;
  if (typeof value.name === 'string') return value.name;
  return typeof value.value === 'string' ? value.value : undefined;
}

function children(node: Node): Node[] {
  return Object.values(node).flatMap((value) =>
    Array.isArray(value) ? value.filter(isNode) : isNode(value) ? [value] : [],
  );
}

/** How many times each identifier occurs outside import declarations and export lists. */
function identifierUses(program: Node): Map<string, number> {
  const uses = new Map<string, number>();
  const stack = [program];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.type === 'ImportDeclaration') continue;
    if (node.type === 'ExportNamedDeclaration' && !node.declaration) continue;
    if (node.type === 'Identifier' || node.type === 'JSXIdentifier') {
      const name = nameOf(node) ?? '';
      uses.set(name, (uses.get(name) ?? 0) + 1);
    }
    stack.push(...children(node));
  }
  return uses;
}

function declaredNames(node: unknown, into: Set<string>): void {
  if (!isNode(node)) return;
  if (node.type === 'Identifier') into.add(nameOf(node) ?? '');
  else if (node.type === 'VariableDeclaration') {
    for (const child of children(node)) declaredNames(child, into);
  } else if (node.type === 'VariableDeclarator') {
    declaredNames(node.id, into);
  } else if (node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration') {
    declaredNames(node.id, into);
  } else if (node.type.endsWith('Pattern') || node.type === 'Property') {
    for (const child of children(node)) declaredNames(child, into);
  }
}

const DECLARATIONS = new Set(['FunctionDeclaration', 'ClassDeclaration']);

function factsOf(program: Node): ModuleFacts {
  const facts: ModuleFacts = {
    reexports: new Map(),
    stars: [],
    locals: new Set(),
    imports: new Map(),
    effects: false,
  };
  const bindings = new Map<string, { source: string; name: string }>();
  const uses = identifierUses(program);
  const body = Array.isArray(program.body) ? program.body.filter(isNode) : [];
  for (const statement of body) {
    const source = isNode(statement.source) ? nameOf(statement.source) : undefined;
    const specifiers = Array.isArray(statement.specifiers)
      ? statement.specifiers.filter(isNode)
      : [];
    if (statement.type === 'ImportDeclaration' && source !== undefined) {
      if (!facts.imports.has(source)) facts.imports.set(source, new Set());
      for (const spec of specifiers) {
        const local = nameOf(spec.local) ?? '';
        const name =
          spec.type === 'ImportNamespaceSpecifier'
            ? '*'
            : spec.type === 'ImportDefaultSpecifier'
              ? 'default'
              : (nameOf(spec.imported) ?? local);
        bindings.set(local, { source, name });
        if ((uses.get(local) ?? 0) > 0) facts.imports.get(source)?.add(name);
      }
    } else if (statement.type === 'ExportAllDeclaration' && source !== undefined) {
      const exported = nameOf(statement.exported);
      if (exported) facts.reexports.set(exported, { source, name: '*' });
      else facts.stars.push(source);
    } else if (statement.type === 'ExportNamedDeclaration' && !statement.declaration) {
      for (const spec of specifiers) {
        const local = nameOf(spec.local) ?? '';
        const exported = nameOf(spec.exported) ?? local;
        const from = source !== undefined ? { source, name: local } : bindings.get(local);
        if (from) facts.reexports.set(exported, from);
        else facts.locals.add(exported);
      }
    } else if (statement.type === 'ExportNamedDeclaration') {
      declaredNames(statement.declaration, facts.locals);
      if (isNode(statement.declaration) && !DECLARATIONS.has(statement.declaration.type))
        facts.effects = true;
    } else if (statement.type === 'ExportDefaultDeclaration') {
      facts.locals.add('default');
    } else if (!DECLARATIONS.has(statement.type) && typeof statement.directive !== 'string') {
      facts.effects = true;
    }
  }
  // Imports only re-exported were left out of `imports`; a bare import still runs its module.
  return facts;
}

function provides(module: ModuleFacts, name: string): boolean {
  if (module.locals.has(name) || module.reexports.has(name)) return true;
  return name !== 'default' && module.stars.length > 0;
}

interface Step {
  id: string;
  names: Names;
}

/** Reads modules once (their facts, their imports resolved). */
class ModuleReader {
  private readonly facts = new Map<string, ModuleFacts | null>();
  private readonly resolved = new Map<string, string | null>();

  constructor(private readonly ctx: PluginContext) {}

  factsOf(id: string): ModuleFacts | null {
    if (!this.facts.has(id)) {
      const info = this.ctx.getModuleInfo(id);
      let value: ModuleFacts | null = null;
      try {
        const program: unknown =
          info?.code && info.inputFormat === 'es' ? this.ctx.parse(info.code) : undefined;
        if (isNode(program)) value = factsOf(program);
      } catch {
        value = null;
      }
      this.facts.set(id, value);
    }
    return this.facts.get(id) ?? null;
  }

  async step(spec: string, importer: string, names: Names): Promise<Step[]> {
    const key = `${importer}\n${spec}`;
    if (!this.resolved.has(key)) {
      const result = await this.ctx.resolve(spec, importer);
      this.resolved.set(key, result && !result.external ? result.id : null);
    }
    const id = this.resolved.get(key);
    return id ? [{ id, names }] : [];
  }

  importedIds(id: string): string[] {
    return this.ctx.getModuleInfo(id)?.importedIds ?? [];
  }
}

/** Where a module asked for `fresh` leads: its own code's imports once, then what it re-exports. */
async function nextSteps(
  reader: ModuleReader,
  id: string,
  module: ModuleFacts,
  fresh: Names,
  codeDone: Set<string>,
): Promise<Step[]> {
  const steps: Step[] = [];
  const wanted = fresh === 'all' ? [...module.reexports.keys()] : [...fresh];
  const ownCode = fresh === 'all' || module.effects || wanted.some((n) => module.locals.has(n));
  if (ownCode && !codeDone.has(id)) {
    codeDone.add(id);
    for (const [source, used] of module.imports)
      steps.push(...(await reader.step(source, id, used)));
  }
  for (const name of wanted) {
    const from = module.reexports.get(name);
    if (from) {
      const names = from.name === '*' ? 'all' : new Set([from.name]);
      steps.push(...(await reader.step(from.source, id, names)));
    }
  }
  const rest: Names =
    fresh === 'all'
      ? 'all'
      : new Set(
          [...fresh].filter(
            (n) => n !== 'default' && !module.reexports.has(n) && !module.locals.has(n),
          ),
        );
  if (rest === 'all' || rest.size > 0) {
    for (const star of module.stars) steps.push(...(await reader.step(star, id, rest)));
  }
  return steps;
}

/** The modules that `roots` need, following only the names used. */
async function neededModules(ctx: PluginContext, roots: string[]): Promise<Set<string>> {
  const reader = new ModuleReader(ctx);
  const seen = new Map<string, Set<string> | 'all'>();
  const codeDone = new Set<string>();
  const queue: Step[] = roots.map((id) => ({ id, names: 'all' }));
  for (let step = queue.pop(); step; step = queue.pop()) {
    const { id } = step;
    const module = reader.factsOf(id);
    // A name asked of every `export *` source is in one of them only.
    const names =
      step.names === 'all' || step.names.size === 0 || !module
        ? step.names
        : new Set([...step.names].filter((n) => provides(module, n)));
    if (names !== step.names && names !== 'all' && names.size === 0) continue;
    const before = seen.get(id);
    if (before === 'all') continue;
    const fresh: Names =
      names === 'all' ? 'all' : new Set([...names].filter((n) => !before?.has(n)));
    if (before && fresh !== 'all' && fresh.size === 0) continue;
    seen.set(id, fresh === 'all' ? 'all' : new Set([...(before ?? []), ...fresh]));
    if (module) queue.push(...(await nextSteps(reader, id, module, fresh, codeDone)));
    else if (!codeDone.has(id)) {
      // Not an ES module we can read (CommonJS, virtual): everything it imports.
      codeDone.add(id);
      queue.push(...reader.importedIds(id).map((dep) => ({ id: dep, names: 'all' as const })));
    }
  }
  return new Set(seen.keys());
}

export function firstPaintChunks(): Plugin {
  const shared = new Set<string>();
  const sharedWithNav = new Set<string>();
  return {
    name: 'planner-first-paint-chunks',
    apply: 'build',
    async buildEnd(error) {
      shared.clear();
      sharedWithNav.clear();
      if (error) return;
      const ids = [...this.getModuleIds()];
      const login = ids.filter((id) => LOGIN.test(id));
      const agenda = ids.filter((id) => AGENDA.test(id));
      const nav = ids.filter((id) => NAV.test(id));
      if (login.length !== 1 || agenda.length !== 2 || nav.length !== 1) {
        this.warn(
          'first-paint chunks: the login page, shell, agenda or navigation moved; default chunks',
        );
        return;
      }
      const [forLogin, forAgenda, forNav] = [
        await neededModules(this, login),
        await neededModules(this, agenda),
        await neededModules(this, nav),
      ];
      for (const id of forLogin) {
        if (forAgenda.has(id)) shared.add(id);
        else if (forNav.has(id)) sharedWithNav.add(id);
      }
    },
    config() {
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                // Higher priority first; each group also takes what its modules import.
                groups: [
                  // The strings' chunks are entries of their own (build/locale-chunk-names.ts):
                  // as such, `$initial` would take their strings into the entry.
                  {
                    name: 'index',
                    tags: ['$initial'],
                    test: (id: string) => !STRINGS.test(id),
                    priority: 3,
                  },
                  { name: 'ui', test: (id: string) => shared.has(id), priority: 2 },
                  { name: 'agenda', test: AGENDA, priority: 1 },
                  // Of two groups with one priority, the first in the list.
                  { name: 'ui-nav', test: (id: string) => sharedWithNav.has(id), priority: 0 },
                  { name: 'nav', test: NAV, priority: 0 },
                ],
              },
            },
          },
        },
      };
    },
  };
}
