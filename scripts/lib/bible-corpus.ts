// The benchmark corpus of the translation engine: verse-aligned Bibles from Debian's SWORD modules (KJV and
// Reina-Valera 1909, read with diatheke), Spanish playing the role of Lopit. Used by scripts/bench-mt*.ts.
import { execFileSync } from 'node:child_process';
import type { TranslationPairInput } from '../../core/mt/types.ts';

export const ENGLISH_MODULE = 'engKJV2006eb';
export const OTHER_MODULE = 'spaRV1909eb';
const INSTALL_HINT = 'apt-get install -y diatheke sword-text-kjv sword-text-sparv';

function fail(message: string): never {
  console.error(`bench: ${message}`);
  process.exit(1);
}

/** Reads a whole Bible module as reference -> verse text (Strong's tags and headings removed). */
function readModule(module: string): Map<string, string> {
  const out = execFileSync('diatheke', ['-b', module, '-f', 'plain', '-k', 'Gen-Rev'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const verses = new Map<string, string>();
  for (const line of out.split('\n')) {
    const m = /^\s*(.+? \d+:\d+): (.*)$/.exec(line);
    if (!m) continue; // psalm titles and the closing "(module)" line
    const text = (m[2] as string)
      .replace(/<[GH]\d+>/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (text) verses.set(m[1] as string, text);
  }
  return verses;
}

/** Every verse both modules have, as an English / "Lopit" pair; exits with install advice when missing. */
export function loadBibleCorpus(): TranslationPairInput[] {
  let modules = '';
  try {
    modules = execFileSync('diatheke', ['-b', 'system', '-k', 'modulelist'], { encoding: 'utf8' });
  } catch {
    fail(`diatheke is not installed. Install the corpus with: ${INSTALL_HINT}`);
  }
  for (const m of [ENGLISH_MODULE, OTHER_MODULE]) {
    if (!modules.includes(m)) fail(`SWORD module ${m} is not installed. Install it with: ${INSTALL_HINT}`);
  }
  const english = readModule(ENGLISH_MODULE);
  const other = readModule(OTHER_MODULE);
  const pairs: TranslationPairInput[] = [];
  for (const [ref, text] of english) {
    const lopit = other.get(ref);
    if (lopit) pairs.push({ english: text, lopit });
  }
  if (pairs.length < 1000) fail(`only ${pairs.length} verse pairs could be read; is the module complete?`);
  return pairs;
}
