// The part boundaries of the architecture (README, "Architecture"), as one ESLint rule that judges every import by
// the file it resolves to, not by how its path is spelt: `./../../server/x.ts`, `../../src/../server/x.ts` and
// `import('../../server/x.ts')` are the same import as `../server/x.ts`. Static imports, re-exports, dynamic
// import(), `import('…')` types and `new URL('…', import.meta.url)` (workers, assets) are all checked; a dynamic
// import whose path is not a literal is refused outside the server, since its target cannot be checked.
import { builtinModules } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const nodeBuiltins = new Set(builtinModules);
const isNodeBuiltin = (source) => source.startsWith('node:') || nodeBuiltins.has(source.split('/')[0]);

/** Small pure libraries core/ may use: it runs in the browser, the service worker and Node alike. */
const CORE_PACKAGES = new Set([
  'zod',
  '@dagrejs/dagre',
  'read-gedcom',
  '@lingui/message-utils/compileMessage',
]);

const PAGE = 'src/ is the page: it imports core/ (and the service worker only by registration).';
const OFFLINE =
  'src/offline/ is shared with the service worker: it imports core/ and itself, no React, no screens.';
const WORKER = 'sw/ imports core/ and the shared src/offline/ only.';

/**
 * The parts, most specific first. `local` judges a target inside the repository (its path from the root, with
 * forward slashes, or null when it resolves outside the repository); `bare` judges a package name. Each returns
 * the message of a broken rule, or null.
 */
export const PARTS = [
  {
    name: 'core',
    owns: (file) => file.startsWith('core/'),
    local: (target) =>
      target && (target.startsWith('core/') || target.startsWith('content/'))
        ? null
        : 'core/ imports nothing of the app (only content/ data).',
    bare: (source) =>
      CORE_PACKAGES.has(source)
        ? null
        : 'core/ runs in browser, service worker and Node: only small pure libraries.',
  },
  {
    name: 'src/offline',
    owns: (file) => file.startsWith('src/offline/'),
    local: (target) =>
      target && (target.startsWith('core/') || target.startsWith('src/offline/')) ? null : OFFLINE,
    bare: (source) => (isNodeBuiltin(source) ? PAGE : /^react(-dom)?($|\/)/.test(source) ? OFFLINE : null),
  },
  {
    name: 'src/lib',
    owns: (file) => file.startsWith('src/lib/'),
    local: (target) =>
      pageTarget(target) ??
      (target.startsWith('src/features/') || target.startsWith('src/app/')
        ? 'src/lib/ serves every screen: it never imports one.'
        : null),
    bare: (source) => (isNodeBuiltin(source) ? PAGE : null),
  },
  {
    name: 'src',
    owns: (file) => file.startsWith('src/'),
    local: (target) => pageTarget(target),
    bare: (source) => (isNodeBuiltin(source) ? PAGE : null),
  },
  {
    name: 'sw',
    owns: (file) => file.startsWith('sw/'),
    local: (target) =>
      target && (target.startsWith('core/') || target.startsWith('sw/') || target.startsWith('src/offline/'))
        ? null
        : WORKER,
    bare: (source) => (isNodeBuiltin(source) || /^react(-dom)?($|\/)/.test(source) ? WORKER : null),
  },
  {
    // The server's layers: lib/ serves plugins/ and features/, plugins/ serve features/; never the other way, so
    // no folder-level loop (lib -> plugins -> features -> lib). The app (app.ts) puts them together.
    name: 'server/lib',
    owns: (file) => file.startsWith('server/lib/'),
    local: (target) =>
      serverTarget(target) ??
      (target.startsWith('server/plugins/') ||
      target.startsWith('server/features/') ||
      target === 'server/app.ts'
        ? 'server/lib/ serves the plugins and the features: it imports neither.'
        : null),
    bare: () => null,
    dynamicPaths: true,
  },
  {
    name: 'server/plugins',
    owns: (file) => file.startsWith('server/plugins/'),
    local: (target) =>
      serverTarget(target) ??
      (target.startsWith('server/features/') || target === 'server/app.ts'
        ? 'server/plugins/ serve every feature: they import none (a feature declares its own repository).'
        : null),
    bare: () => null,
    dynamicPaths: true,
  },
  {
    name: 'server',
    owns: (file) => file.startsWith('server/'),
    local: (target) => serverTarget(target),
    bare: () => null,
    dynamicPaths: true,
  },
];

function serverTarget(target) {
  return target && !target.startsWith('src/') && !target.startsWith('sw/')
    ? null
    : 'server/ imports core/, never the page or the service worker.';
}

function pageTarget(target) {
  if (!target) return PAGE;
  const forbidden = ['server/', 'sw/', 'scripts/', 'tests/', 'build/'];
  return forbidden.some((folder) => target.startsWith(folder)) ? PAGE : null;
}

/** The repository path of `file` with forward slashes, or null outside the repository. */
export function repositoryPath(file) {
  const relative = path.relative(root, file).split(path.sep).join('/');
  return relative.startsWith('../') || relative === '..' || path.isAbsolute(relative) ? null : relative;
}

/** Why `source`, imported from `file`, breaks its part's rule; null when it is allowed or the file is in no part. */
export function boundaryProblem(file, source) {
  const from = repositoryPath(path.resolve(file));
  if (from === null || /\.test\.tsx?$/.test(from)) return null;
  const part = PARTS.find((candidate) => candidate.owns(from));
  if (!part) return null;
  if (source.startsWith('.') || source.startsWith('/')) {
    const target = repositoryPath(path.resolve(path.dirname(path.resolve(file)), source));
    return part.local(target);
  }
  return part.bare(source);
}

/** The literal text of a node (a string, or a template without expressions), else undefined. */
function literalText(node) {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0]?.value.cooked;
  return undefined;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Each part imports only what the architecture allows, judged on resolved paths.' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = repositoryPath(path.resolve(file));
    const part = from && !/\.test\.tsx?$/.test(from) ? PARTS.find((candidate) => candidate.owns(from)) : null;
    if (!part) return {};
    const check = (node, source) => {
      const problem = boundaryProblem(file, source);
      if (problem) context.report({ node, message: `${problem} (${source})` });
    };
    const checkSource = (node) => {
      if (node.source) check(node.source, node.source.value);
    };
    return {
      ImportDeclaration: checkSource,
      ExportNamedDeclaration: checkSource,
      ExportAllDeclaration: checkSource,
      ImportExpression(node) {
        const source = literalText(node.source);
        if (source !== undefined) check(node, source);
        else if (!part.dynamicPaths)
          context.report({
            node,
            message: `${part.name}: import() takes a literal path here, so its boundary can be checked.`,
          });
      },
      TSImportType(node) {
        const source = literalText(node.argument?.literal ?? node.argument);
        if (source !== undefined) check(node, source);
      },
      NewExpression(node) {
        // new URL('./worker.ts', import.meta.url): how Vite bundles workers and assets.
        const [first, base] = node.arguments;
        const source = literalText(first);
        if (
          node.callee.type === 'Identifier' &&
          node.callee.name === 'URL' &&
          source !== undefined &&
          source.startsWith('.') &&
          base?.type === 'MemberExpression' &&
          base.object.type === 'MetaProperty' &&
          base.property.name === 'url'
        )
          check(node, source);
      },
    };
  },
};

export default { rules: { imports: rule } };
