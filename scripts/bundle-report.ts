// Prints what the built entry chunk (the JavaScript of the first load) is made of, and its gzip size.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const assets = path.resolve('dist/assets');
const html = fs.readFileSync('dist/index.html', 'utf8');
const entries = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((match) => match[1] ?? '');
let total = 0;
for (const file of entries) {
  const code = fs.readFileSync(path.join(assets, file));
  const gzip = zlib.gzipSync(code, { level: 9 }).length;
  total += gzip;
  console.log(`${file}: ${(code.length / 1024).toFixed(1)} kB, ${(gzip / 1024).toFixed(1)} kB gzip`);
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
console.log(`initial JavaScript: ${(total / 1024).toFixed(1)} kB gzip`);
