// Prints what the built entry chunk (the JavaScript of the first load) is made of, and its gzip size.
import fs from 'node:fs';
import path from 'node:path';
import { initialJavaScript, INITIAL_JAVASCRIPT_BUDGET_KIB } from './lib/initial-javascript.ts';

const assets = path.resolve('dist/assets');
let total = 0;
for (const { file, bytes, gzipBytes } of initialJavaScript()) {
  total += gzipBytes;
  console.log(`${file}: ${(bytes / 1024).toFixed(1)} kB, ${(gzipBytes / 1024).toFixed(1)} kB gzip`);
  const mapFile = path.join(assets, `${file}.map`);
  if (!fs.existsSync(mapFile)) continue;
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as {
    sources: string[];
    sourcesContent?: string[];
  };
  const byPackage = new Map<string, number>();
  map.sources.forEach((source, index) => {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    const key =
      match?.[1] ??
      source
        .replace(/^(\.\.\/)+/, '')
        .split('/')
        .slice(0, 2)
        .join('/');
    byPackage.set(key, (byPackage.get(key) ?? 0) + (map.sourcesContent?.[index]?.length ?? 0));
  });
  for (const [name, size] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 10))
    console.log(`  ${(size / 1024).toFixed(1).padStart(7)} kB source  ${name}`);
}
console.log(
  `initial JavaScript: ${(total / 1024).toFixed(1)} kB gzip (budget ${INITIAL_JAVASCRIPT_BUDGET_KIB} kB)`,
);
