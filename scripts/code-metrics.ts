// Size figures of the source tree (a measure, not a test): files over 300 lines and functions over 80 lines
// in core, src, sw, server and scripts (tests left out), read with the TypeScript parser.
// `npx tsx scripts/code-metrics.ts [dir] [--function-limit N]` (80 by default; the style guide's soft limit is 60).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const limitAt = args.indexOf('--function-limit');
const limitArg = limitAt >= 0 ? args.splice(limitAt, 2)[1] : undefined;
const root = path.resolve(args[0] ?? '.');
const FOLDERS = ['core', 'src', 'sw', 'server', 'scripts'];
const FILE_LIMIT = 300;
const FUNCTION_LIMIT = limitArg === undefined ? 80 : Number(limitArg);
if (!Number.isInteger(FUNCTION_LIMIT) || FUNCTION_LIMIT < 1) {
  console.error('--function-limit takes a whole number of lines.');
  process.exit(2);
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.(d|test)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const longFiles: string[] = [];
const longFunctions: string[] = [];
for (const file of FOLDERS.flatMap((folder) => sourceFiles(path.join(root, folder)))) {
  const text = fs.readFileSync(file, 'utf8');
  const relative = path.relative(root, file);
  // Lines as wc -l counts them: a final newline ends the last line, it does not start another.
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > FILE_LIMIT) longFiles.push(`${relative} (${lines})`);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (end - start + 1 > FUNCTION_LIMIT) {
        const name = node.name && ts.isIdentifier(node.name) ? node.name.text : '(anonymous)';
        longFunctions.push(`${relative}:${start + 1} ${name} (${end - start + 1})`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
console.log(`files over ${FILE_LIMIT} lines: ${longFiles.length}`);
for (const line of longFiles) console.log(`  ${line}`);
console.log(`functions over ${FUNCTION_LIMIT} lines: ${longFunctions.length}`);
for (const line of longFunctions) console.log(`  ${line}`);
