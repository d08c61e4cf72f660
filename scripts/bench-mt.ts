// Benchmark of the translation engine on verse-aligned Bibles from Debian's SWORD modules (KJV and Reina-Valera 1909).
//   npx tsx scripts/bench-mt.ts [--sizes 1000,5000,10000,all] [--test 500] [--seed 42]
//     [--no-curve | --curve-only] [--curve-steps 500,1000,...,5000] [--curve-test 300]
// Spanish plays the role of Lopit (direction names en_to_lpx / lpx_to_en keep the engine's terms).
// Per size: the full model (what the server answers with; "before" is this model in the old JSON file) and the
// compact model the phone downloads (core/mt/prune.ts, binary file of core/mt/serialise.ts): chrF/BLEU both
// ways and gzip bytes on the wire, of the model alone and of the phone's whole file (with the memory snapshot).
// The phone's download is also given in gzip and brotli bytes: before (format 3, one file with the memory as text),
// format 4 with the memory in the file (word ids of the model's vocabularies), and now (the model file without the
// memory, which travels apart in pages of GET /api/translation/memory and afterwards only as what changed).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { MEMORY_PAGE_SIZE, memoryColumns, type MemoryPage } from '../core/api/chat.ts';
import {
  decodeMemoryPage,
  encodeMemoryPage,
  type MemoryVocabularies,
} from '../core/api/memory-page-coding.ts';
import { ByteWriter, crc32 } from '../core/mt/binary-format.ts';
import { evaluateModel, score, splitHeldOut, type Scores } from '../core/mt/evaluate.ts';
import { shuffled } from '../core/mt/random.ts';
import { rankByNovelty } from '../core/mt/selection.ts';
import { MtModel } from '../core/mt/mt-model.ts';
import { tokenise } from '../core/mt/normalise.ts';
import { compactModel, DEFAULT_PRUNE } from '../core/mt/prune.ts';
import {
  fileSections,
  MODEL_FORMAT,
  parseModelFile,
  phoneFile,
  serialiseModel,
  serialiseModelJson,
} from '../core/mt/serialise.ts';
import { trainModel } from '../core/mt/train.ts';
import { TranslationMemory } from '../core/mt/translation-memory.ts';
import { DYNAMIC_BROTLI_QUALITY } from '../server/plugins/compression.ts';
import { DIRECTIONS, sides, type Direction, type TranslationPairInput } from '../core/mt/types.ts';
import { ENGLISH_MODULE, loadBibleCorpus, OTHER_MODULE } from './lib/bible-corpus.ts';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

function cpuSeconds(since: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1e6;
}

/** Bytes on the wire: gzip as the server sends it (zlib's default level), and brotli at its best quality. */
function wire(bytes: Uint8Array): Wire {
  return {
    gzip: gzipSync(bytes).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

interface Wire {
  gzip: number;
  brotli: number;
}

/**
 * The format 3 file of a model and snapshot, as the previous writer made it (memory texts as strings), for
 * the "before" column; format 4 files are read back by parseModelFile, so this stays in the benchmark.
 */
function formatThreeFile(modelSection: Uint8Array, pairs: readonly TranslationPairInput[]): Uint8Array {
  const memory = new ByteWriter();
  memory.varint(pairs.length);
  for (const p of pairs) memory.string(p.english);
  for (const p of pairs) memory.string(p.lopit);
  const lexicon = new ByteWriter();
  lexicon.varint(0);
  const out = new ByteWriter();
  out.bytes(new TextEncoder().encode(MODEL_FORMAT));
  out.byte(3);
  out.uint32(0);
  for (const [kind, body] of [
    [1, modelSection],
    [3, memory.finish()],
    [4, lexicon.finish()],
  ] as const) {
    out.byte(kind);
    out.block(body);
  }
  const bytes = out.finish();
  new DataView(bytes.buffer).setUint32(9, crc32(bytes, 13), true);
  if (parseModelFile(bytes).pairs.length !== pairs.length) throw new Error('format 3 file not read back');
  return bytes;
}

/** What the phone downloads to translate offline, by section and whole, before and after. */
interface Download {
  size: number;
  /** Format 3: one file, the memory as text. */
  before: { model: Wire; memory: Wire; lexicon: Wire; file: Wire };
  /** Format 4 with the memory in the file (as word ids), as session 12 sent it. */
  combined: { model: Wire; memory: Wire; lexicon: Wire; file: Wire };
  /** Now: the model file without the memory (core/mt phoneFile). */
  modelFile: Wire;
  /** The memory apart (GET /api/translation/memory): every page of a first download, and one of 100 new pairs. */
  memoryPages: Wire & { pages: number };
  memoryUpdate: Wire;
  /** The same pages coded with the words of the model file the phone holds (its usual case). */
  codedPages: Wire & { pages: number };
  codedUpdate: Wire;
}

/**
 * The bytes of GET /api/translation/memory answers as the server sends them, each page compressed on its own by
 * plugins/compression.ts (gzip level 6, or brotli at DYNAMIC_BROTLI_QUALITY when the client offers it): as JSON,
 * or, given the vocabularies of the model the phone holds, coded with its words (core/api/memory-page-coding.ts).
 */
function memoryWire(
  pairs: readonly TranslationPairInput[],
  vocab?: MemoryVocabularies,
  pageSize = MEMORY_PAGE_SIZE,
): Wire & { pages: number } {
  const total = { gzip: 0, brotli: 0, pages: 0 };
  const epoch = '00000000-0000-4000-8000-000000000000';
  for (let start = 0; start < Math.max(1, pairs.length); start += pageSize) {
    const chunk = pairs.slice(start, start + pageSize);
    const remaining = Math.max(0, pairs.length - start - chunk.length);
    const page: MemoryPage = {
      ...memoryColumns(chunk.map((p, i) => ({ id: start + i + 1, english: p.english, lopit: p.lopit }))),
      removed: [],
      cursor: `${epoch}:${start + chunk.length}:0`,
      more: remaining > 0,
      remaining,
      reset: start === 0,
    };
    const body = vocab ? encodeMemoryPage(page, vocab) : JSON.stringify(page);
    if (vocab && JSON.stringify(decodeMemoryPage(body as Uint8Array, vocab)) !== JSON.stringify(page))
      throw new Error('a coded memory page does not read back');
    total.gzip += gzipSync(body, { level: 6 }).length;
    total.brotli += brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY },
    }).length;
    total.pages += 1;
  }
  return total;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

interface Row {
  size: number;
  direction: Direction;
  model: Scores;
  compact: Scores;
  memory: Scores;
  memoryNearest: Scores;
  lexicon: Scores;
  memoryCoverage: number;
  trainSeconds: number;
  trainCpuSeconds: number;
  /** Mean CPU time per sentence: wall-clock latency also counts waiting for a shared core. */
  cpuMs: number;
  p50: number;
  p95: number;
  bytes: number;
  gzipBytes: number;
  /** The compact model's binary file, without and with the memory snapshot (gzip). */
  compactGzip: number;
  phoneFileGzip: number;
  phrasePairs: [number, number];
}

async function main(): Promise<void> {
  const seed = Number(arg('seed', '42'));
  const testSize = Number(arg('test', '500'));
  const corpus = loadBibleCorpus();
  const { train: pool, test: heldOut } = splitHeldOut(corpus, { fraction: 0.1, seed });
  const test = heldOut.slice(0, testSize);
  console.log(
    `Corpus: ${corpus.length} verse pairs (${ENGLISH_MODULE} / ${OTHER_MODULE}); training pool ${pool.length}, ` +
      `held out ${heldOut.length} (seed ${seed}), scored on ${test.length}.`,
  );
  const sizes = arg('sizes', '1000,5000,10000,all')
    .split(',')
    .map((s) => (s === 'all' ? pool.length : Math.min(pool.length, Number(s))));
  const rows: Row[] = [];
  const downloads: Download[] = [];
  for (const size of sizes) {
    const train = pool.slice(0, size);
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const data = await trainModel(train);
    const trainSeconds = (performance.now() - t0) / 1000;
    const trainCpuSeconds = cpuSeconds(cpu0);
    const file = new TextEncoder().encode(serialiseModelJson(data));
    const compactData = compactModel(data);
    // What the phone reads: the compact model back from its file (8-bit scores).
    const compactFile = serialiseModel(compactData);
    const phone = new MtModel(parseModelFile(compactFile).model);
    const phoneBytes = serialiseModel(compactData, { pairs: train, lexicon: [] });
    const phoneFileGzip = gzipSync(phoneBytes).length;
    if (
      parseModelFile(phoneBytes).pairs.some(
        (p, i) => p.english !== train[i]?.english || p.lopit !== train[i]?.lopit,
      )
    )
      throw new Error('the memory does not round-trip');
    // Before: the same compact model in a format 3 file (stronger pruning costs more than 1 chrF on the whole
    // corpus, so the pruning stays as it was: see the closing note of issue 19).
    const before = formatThreeFile(fileSections(compactFile).sections[0]?.body as Uint8Array, train);
    const sectionWire = (bytes: Uint8Array) => {
      const found = new Map(fileSections(bytes).sections.map((x) => [x.name, wire(x.body)]));
      const none = { gzip: 0, brotli: 0 };
      return {
        model: found.get('model') ?? none,
        memory: found.get('memory') ?? none,
        lexicon: found.get('lexicon') ?? none,
        file: wire(bytes),
      };
    };
    const modelOnly = phoneFile(phoneBytes);
    if (parseModelFile(modelOnly).pairs.length !== 0)
      throw new Error('the model file still carries the memory');
    downloads.push({
      size,
      before: sectionWire(before),
      combined: sectionWire(phoneBytes),
      modelFile: wire(modelOnly),
      memoryPages: memoryWire(train),
      memoryUpdate: memoryWire(pool.slice(size, size + 100)),
      codedPages: memoryWire(train, parseModelFile(modelOnly).model.vocab),
      codedUpdate: memoryWire(pool.slice(size, size + 100), parseModelFile(modelOnly).model.vocab),
    });
    const model = new MtModel(data);
    const memory = new TranslationMemory(train);
    for (const direction of DIRECTIONS) {
      const { from, to } = sides(direction);
      const refs = test.map((p) => p[to]);
      const times: number[] = [];
      const cpu1 = process.cpuUsage();
      const hyps = test.map((p) => {
        const start = performance.now();
        const out = model.translate(tokenise(p[from]), direction)?.text ?? '';
        times.push(performance.now() - start);
        return out;
      });
      const cpuMs = (1000 * cpuSeconds(cpu1)) / test.length;
      times.sort((a, b) => a - b);
      const fuzzy = test.map((p) => memory.lookup(p[from], direction, 70, 1)[0]?.target ?? '');
      const compactHyps = test.map((p) => phone.translate(tokenise(p[from]), direction)?.text ?? '');
      const nearest = test.map((p) => memory.lookup(p[from], direction, 0, 1)[0]?.target ?? '');
      const lexicon = test.map((p) => model.wordForWord(p[from], direction));
      rows.push({
        size,
        direction,
        model: score(hyps, refs),
        compact: score(compactHyps, refs),
        memory: score(fuzzy, refs),
        memoryNearest: score(nearest, refs),
        lexicon: score(lexicon, refs),
        memoryCoverage: fuzzy.filter((h) => h !== '').length / test.length,
        trainSeconds,
        trainCpuSeconds,
        cpuMs,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        bytes: file.length,
        gzipBytes: gzipSync(file).length,
        compactGzip: gzipSync(compactFile).length,
        phoneFileGzip,
        phrasePairs: [data.phrases.pairEn.length, compactData.phrases.pairEn.length],
      });
      const r = rows[rows.length - 1] as Row;
      console.log(
        `${size} ${direction}: model chrF ${r.model.chrf.toFixed(1)} BLEU ${r.model.bleu.toFixed(1)}; ` +
          `compact chrF ${r.compact.chrf.toFixed(2)} (full ${r.model.chrf.toFixed(2)}) BLEU ${r.compact.bleu.toFixed(1)}; ` +
          `train ${trainSeconds.toFixed(1)} s; p50 ${r.p50.toFixed(1)} ms p95 ${r.p95.toFixed(1)} ms`,
      );
    }
  }
  // The training-time target is stated for 30k pairs: time the whole corpus too (no evaluation).
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await trainModel(corpus);
  const fullSeconds = (performance.now() - t0) / 1000;
  const fullCpu = cpuSeconds(cpu0);
  const f = (x: number) => x.toFixed(1);
  const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
  console.log(
    '\n| pairs | direction | model chrF / BLEU | TM >=70% chrF / BLEU (hit rate) | TM nearest chrF / BLEU | word-for-word lexicon chrF / BLEU | train s wall (CPU), both directions | latency p50 / p95 ms (mean CPU ms) | model file MB (gzip) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.size} | ${r.direction === 'en_to_lpx' ? 'en→es' : 'es→en'} | ${f(r.model.chrf)} / ${f(r.model.bleu)} | ` +
        `${f(r.memory.chrf)} / ${f(r.memory.bleu)} (${(100 * r.memoryCoverage).toFixed(0)}%) | ` +
        `${f(r.memoryNearest.chrf)} / ${f(r.memoryNearest.bleu)} | ${f(r.lexicon.chrf)} / ${f(r.lexicon.bleu)} | ` +
        `${f(r.trainSeconds)} (${f(r.trainCpuSeconds)}) | ${f(r.p50)} / ${f(r.p95)} (${f(r.cpuMs)}) | ` +
        `${mb(r.bytes)} (${mb(r.gzipBytes)}) |`,
    );
  }
  const kb = (b: number) => (b / 1000).toFixed(0);
  console.log(
    "\nThe phone's model (before: the full model in the JSON file of format 2; after: the compact model in the binary file, format 3 and on). Sizes are gzip bytes as sent.",
  );
  console.log(
    '\n| pairs | direction | chrF before → after (Δ) | BLEU before → after | model kB gzip before → after | phone file with memory kB gzip | phrase pairs full → compact |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.size} | ${r.direction === 'en_to_lpx' ? 'en→es' : 'es→en'} | ${r.model.chrf.toFixed(2)} → ${r.compact.chrf.toFixed(2)} (${(r.compact.chrf - r.model.chrf).toFixed(2)}) | ` +
        `${f(r.model.bleu)} → ${f(r.compact.bleu)} | ${kb(r.gzipBytes)} → ${kb(r.compactGzip)} | ${kb(r.phoneFileGzip)} | ` +
        `${r.phrasePairs[0]} → ${r.phrasePairs[1]} |`,
    );
  }
  const w = (x: Wire) => `${kb(x.gzip)} / ${kb(x.brotli)}`;
  console.log(
    `\nWhat the phone downloads to translate offline, kB gzip / brotli (kB = 1000 bytes); the same compact model throughout (language models pruned at ${DEFAULT_PRUNE.lmThreshold}). The benchmark corpus has no lexicon (its section is an empty header). ` +
      `Before: one file of format 3 (memory as text); then format 4 with the memory in the file as word ids of the model's vocabularies; now the model file (format 4, memory section empty) and the memory apart, ${MEMORY_PAGE_SIZE} pairs a page (as the API sends it: gzip level 6 / brotli quality ${DYNAMIC_BROTLI_QUALITY}, each page on its own), as JSON or coded with the words of the model the phone holds (the usual case: the memory is fetched after the model). The model file is sent in brotli at quality 11 (made once per version) to clients that offer it, else gzip; a retrain's column gives gzip.`,
  );
  console.log(
    '\n| pairs | model file | memory pages, first time (pages): JSON / coded | 100 new pairs: JSON / coded | first download: before → in the file → now (coded pages) | a retrain re-sends: before → in the file → now | chrF en→es full → compact | chrF es→en full → compact | BLEU en→es / es→en full → compact |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const d of downloads) {
    const [a, b] = rows.filter((r) => r.size === d.size) as [Row, Row];
    // A phone fetches the memory after the model, so its pages come coded with the model's words.
    const first = {
      gzip: d.modelFile.gzip + d.codedPages.gzip,
      brotli: d.modelFile.brotli + d.codedPages.brotli,
    };
    console.log(
      `| ${d.size} | **${w(d.modelFile)}** | ${w(d.memoryPages)} / **${w(d.codedPages)}** (${d.memoryPages.pages}) | ${w(d.memoryUpdate)} / ${w(d.codedUpdate)} | ` +
        `${w(d.before.file)} → ${w(d.combined.file)} → ${w(first)} | ` +
        `${kb(d.before.file.gzip)} → ${kb(d.combined.file.gzip)} → **${kb(d.modelFile.gzip)}** | ` +
        `${a.model.chrf.toFixed(2)} → ${a.compact.chrf.toFixed(2)} | ` +
        `${b.model.chrf.toFixed(2)} → ${b.compact.chrf.toFixed(2)} | ` +
        `${f(a.model.bleu)} → ${f(a.compact.bleu)} / ${f(b.model.bleu)} → ${f(b.compact.bleu)} |`,
    );
  }
  console.log(
    `\nTraining on the whole corpus (${corpus.length} pairs, both directions): ${f(fullSeconds)} s wall, ${f(fullCpu)} s CPU.`,
  );
}

/** Mean chrF and BLEU of both directions of a model trained on `pairs`, on `test`. */
async function meanScores(
  pairs: readonly TranslationPairInput[],
  test: readonly TranslationPairInput[],
): Promise<Scores> {
  const model = new MtModel(await trainModel(pairs));
  const a = evaluateModel(model, test, 'en_to_lpx');
  const b = evaluateModel(model, test, 'lpx_to_en');
  return { chrf: (a.chrf + b.chrf) / 2, bleu: (a.bleu + b.bleu) / 2 };
}

/** Pairs needed to reach `target` on a learning curve, by linear interpolation between its steps. */
function pairsToReach(curve: readonly { size: number; chrf: number }[], target: number): string {
  for (let k = 0; k < curve.length; k++) {
    const c = curve[k] as { size: number; chrf: number };
    if (c.chrf < target) continue;
    const p = curve[k - 1];
    if (!p) return String(c.size);
    return String(Math.round(p.size + ((target - p.chrf) / (c.chrf - p.chrf)) * (c.size - p.size)));
  }
  return `more than ${curve[curve.length - 1]?.size ?? 0}`;
}

/**
 * Which sentence next, by simulation: from 500 random pairs of the pool, pairs are added in the order of
 * core/mt/selection.ts (chosen on the English side only, as a translator would be asked) or in random order;
 * a model is trained at each step and scored (chrF, BLEU: mean of both directions) on the held-out pairs.
 */
async function learningCurves(): Promise<void> {
  const seed = Number(arg('seed', '42'));
  const corpus = loadBibleCorpus();
  const { train: pool, test: heldOut } = splitHeldOut(corpus, { fraction: 0.1, seed });
  const test = heldOut.slice(0, Number(arg('curve-test', '300')));
  const steps = arg('curve-steps', '500,1000,1500,2000,2500,3000,4000,5000').split(',').map(Number);
  const order = shuffled(pool, seed + 1);
  const start = order.slice(0, 500);
  const rest = order.slice(500);
  const t0 = performance.now();
  const ranked = rankByNovelty(
    rest.map((p, id) => ({ id, text: p.english })),
    start.map((p) => p.english),
  );
  const rankSeconds = (performance.now() - t0) / 1000;
  const chosen = [...start, ...ranked.map((r) => rest[r.id] as TranslationPairInput)];
  const random = [...start, ...rest];
  console.log(
    `\nLearning curves (start: 500 random pairs; ranking ${rest.length} waiting sentences took ${rankSeconds.toFixed(1)} s; scored on ${test.length} held-out pairs, mean of both directions):`,
  );
  console.log(
    '\n| pairs | random order chrF / BLEU | chosen order chrF / BLEU | Δ chrF | English words to translate, random / chosen |',
  );
  console.log('|---|---|---|---|---|');
  const wordsOf = (pairs: readonly TranslationPairInput[]) =>
    pairs.reduce((n, p) => n + tokenise(p.english).filter((t) => t.kind === 'word').length, 0);
  const curves = {
    random: [] as { size: number; chrf: number }[],
    chosen: [] as { size: number; chrf: number }[],
  };
  for (const size of steps) {
    const r = await meanScores(random.slice(0, size), test);
    const c = await meanScores(chosen.slice(0, size), test);
    curves.random.push({ size, chrf: r.chrf });
    curves.chosen.push({ size, chrf: c.chrf });
    console.log(
      `| ${size} | ${r.chrf.toFixed(2)} / ${r.bleu.toFixed(2)} | ${c.chrf.toFixed(2)} / ${c.bleu.toFixed(2)} | ${(c.chrf - r.chrf).toFixed(2)} | ` +
        `${wordsOf(random.slice(0, size))} / ${wordsOf(chosen.slice(0, size))} |`,
    );
  }
  const last = steps[steps.length - 1] as number;
  const target = curves.random[curves.random.length - 1]?.chrf ?? 0;
  console.log(
    `\nchrF that random order reaches at ${last} pairs: ${target.toFixed(2)}. Pairs needed: random ${last}, chosen order ${pairsToReach(curves.chosen, target)}.`,
  );
}

if (!process.argv.includes('--curve-only')) await main();
if (!process.argv.includes('--no-curve')) await learningCurves();
