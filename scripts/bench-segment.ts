// Benchmark of Tell's cutting (issue 32): a 10-minute story of real synthetic speech (espeak-ng reading
// made-up sentences of an obviously invented language, joined by sox with pauses of 0.2-1.6 s), encoded as the
// phones record (Opus in WebM, 32 kbit/s), then cut as the server cuts it: decoded to 16 kHz levels, planned,
// and every segment re-encoded once. Prints the segments, their length distribution and the time to cut.
//   npx tsx scripts/bench-segment.ts [--minutes 10]
// Needs espeak-ng, sox and ffmpeg (Debian: apt-get install espeak-ng sox ffmpeg).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { seededRandom } from '../core/seeded-random.ts';
import { encodeSpans, frameLevels, SPANS_PER_ENCODING } from '../server/features/stories/story-cutter.ts';
import { planSegments } from '../server/features/stories/segment-plan.ts';

const minutesArg = process.argv.indexOf('--minutes');
const minutes = minutesArg > 0 ? Number(process.argv[minutesArg + 1]) : 10;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-segment-'));
const random = seededRandom(32);
const SYLLABLES = ['ka', 'lo', 'mi', 'zu', 'te', 'ra', 'no', 'vi', 'su', 'pe', 'do', 'li'];
const word = () =>
  Array.from(
    { length: 1 + Math.floor(random() * 3) },
    () => SYLLABLES[Math.floor(random() * SYLLABLES.length)],
  ).join('');
const sentence = () => Array.from({ length: 3 + Math.floor(random() * 14) }, word).join(' ');

const parts: string[] = [];
let seconds = 0;
for (let i = 0; seconds < minutes * 60; i++) {
  const speech = path.join(dir, `s${i}.wav`);
  execFileSync('espeak-ng', [
    '-v',
    'en',
    '-s',
    String(130 + Math.floor(random() * 40)),
    '-w',
    speech,
    sentence(),
  ]);
  const pause = path.join(dir, `p${i}.wav`);
  const pauseSeconds = 0.2 + random() * 1.4;
  execFileSync('sox', [
    '-n',
    '-r',
    '22050',
    '-c',
    '1',
    '-b',
    '16',
    pause,
    'trim',
    '0',
    pauseSeconds.toFixed(3),
  ]);
  parts.push(speech, pause);
  seconds += Number(execFileSync('soxi', ['-D', speech]).toString()) + pauseSeconds;
}
const joined = path.join(dir, 'story.wav');
execFileSync('sox', [...parts, joined]);
const story = path.join(dir, 'story.webm');
execFileSync('ffmpeg', [
  '-v',
  'error',
  '-i',
  joined,
  '-ac',
  '1',
  '-c:a',
  'libopus',
  '-b:a',
  '32k',
  '-f',
  'webm',
  story,
]);

const started = performance.now();
const levels = await frameLevels(story, 'matroska', 'ffmpeg');
const plan = planSegments(levels);
const planned = performance.now();
// As the server encodes them: SPANS_PER_ENCODING segments to an ffmpeg run, one run at a time.
const outputs = plan.map((span, index) => ({ span, outPath: path.join(dir, `seg${index}.webm`) }));
for (let at = 0; at < outputs.length; at += SPANS_PER_ENCODING)
  await encodeSpans(story, 'matroska', outputs.slice(at, at + SPANS_PER_ENCODING), 'ffmpeg');
const done = performance.now();

const lengths = plan.map(([start, end]) => (end - start) / 1000).sort((a, b) => a - b);
const at = (share: number) =>
  lengths[Math.min(lengths.length - 1, Math.floor(share * (lengths.length - 1)))]!.toFixed(2);
console.log(
  `story: ${(levels.length / 100 / 60).toFixed(1)} min of espeak-ng speech with pauses, ${(fs.statSync(story).size / 1024).toFixed(0)} KiB Opus/WebM`,
);
console.log(`segments: ${plan.length}`);
console.log(`length s: min ${at(0)}, median ${at(0.5)}, p90 ${at(0.9)}, max ${at(1)}`);
console.log(`covered: ${(lengths.reduce((a, b) => a + b, 0) / 60).toFixed(1)} min`);
console.log(
  `time to cut: ${((done - started) / 1000).toFixed(2)} s (decode and plan ${((planned - started) / 1000).toFixed(2)} s, encode ${plan.length} segments ${((done - planned) / 1000).toFixed(2)} s, ${SPANS_PER_ENCODING} to an ffmpeg run)`,
);
fs.rmSync(dir, { recursive: true, force: true });
