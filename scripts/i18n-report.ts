// Figures of the interface's message catalogue (issue 18): how many messages it has, by screen, and the size on
// the wire of one language's catalogue as GET /api/i18n/catalogues/:code sends it when every message is
// translated (the pseudo-language is such a language), raw, gzip and brotli (what @fastify/compress sends).
// Usage: npx tsx scripts/i18n-report.ts
import zlib from 'node:zlib';
import { SOURCE_MESSAGES } from '../core/i18n/catalogue.ts';
import { PSEUDO_LOCALE, pseudoMessage } from '../core/i18n/icu.ts';

const byScreen = new Map<string, number>();
for (const { screen } of SOURCE_MESSAGES) byScreen.set(screen, (byScreen.get(screen) ?? 0) + 1);
console.log(`messages: ${SOURCE_MESSAGES.length}`);
for (const [screen, count] of byScreen) console.log(`  ${screen}: ${count}`);

const body = JSON.stringify({
  language: PSEUDO_LOCALE,
  messages: Object.fromEntries(SOURCE_MESSAGES.map(({ id, message }) => [id, pseudoMessage(message)])),
});
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
console.log(`catalogue of one fully translated language (${PSEUDO_LOCALE}):`);
console.log(`  raw ${kB(Buffer.byteLength(body))}`);
console.log(`  gzip ${kB(zlib.gzipSync(body).length)}`);
console.log(`  brotli ${kB(zlib.brotliCompressSync(body).length)}`);
const english = SOURCE_MESSAGES.reduce((sum, { message }) => sum + Buffer.byteLength(message), 0);
console.log(`English source text: ${kB(english)}`);
