// Steps of `npm test` and `npm run check:fast`: commands run one after another or side by side, each timed by
// the wall clock, and the CPU seconds (user and system) their processes used, from /proc on Linux.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..', '..');

export interface Step {
  label: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

export interface StepResult {
  label: string;
  ok: boolean;
  seconds: number;
}

/** CPU seconds of every child this process has waited for (0 where /proc is missing). */
export function childCpuSeconds(): number {
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    // After the command's name: state is field 3, so cutime (16) and cstime (17) sit at 13 and 14 here.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds the whole machine has spent busy (every process, the database server's too) and in all, from /proc/stat. */
function machineCpu(): { busy: number; total: number } | null {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    // cpu user nice system idle iowait irq softirq steal (in clock ticks of 1/100 s)
    const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = ticks.reduce((sum, value) => sum + value, 0);
    return { busy: (total - ticks[3]! - ticks[4]!) / 100, total: total / 100 };
  } catch {
    return null;
  }
}

/**
 * Samples how busy the whole machine is, every `everySeconds`, while the tiers run: where its cores sat idle is
 * where more parallel work would fit (the tiers' own CPU figure leaves out the database server's).
 */
export function machineBusySampler(everySeconds = 60): { stop(): string | null } {
  const start = machineCpu();
  const shares: number[] = [];
  let last = start;
  const timer = setInterval(() => {
    const now = machineCpu();
    if (now && last && now.total > last.total) shares.push((now.busy - last.busy) / (now.total - last.total));
    last = now;
  }, everySeconds * 1000);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      const end = machineCpu();
      if (!start || !end || end.total <= start.total) return null;
      const all = (end.busy - start.busy) / (end.total - start.total);
      const percents = shares.map((share) => Math.round(share * 100)).join(' ');
      return `${(end.busy - start.busy).toFixed(0)} CPU-s busy, ${Math.round(all * 100)} % of the machine's cores; per minute: ${percents}`;
    },
  };
}

/**
 * Runs the steps side by side. A step alone writes to the terminal as it goes; steps side by side keep their
 * output until they end, then print it whole, so two tools' lines never interleave.
 */
export async function runSideBySide(
  steps: Step[],
  options: { buffered?: boolean } = {},
): Promise<StepResult[]> {
  const alone = steps.length === 1 && !options.buffered;
  return Promise.all(
    steps.map(
      (step) =>
        new Promise<StepResult>((resolve) => {
          const started = performance.now();
          if (alone) console.log(`\n=== ${step.label} ===`);
          const child = spawn(step.command, step.args, {
            cwd: root,
            stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
            env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0', ...step.env },
          });
          const output: Buffer[] = [];
          child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
          child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
          const finish = (ok: boolean) => {
            if (!alone) {
              console.log(`\n=== ${step.label} ===`);
              process.stdout.write(Buffer.concat(output));
            }
            resolve({ label: step.label, ok, seconds: (performance.now() - started) / 1000 });
          };
          child.on('error', (error) => {
            output.push(Buffer.from(`${error.message}\n`));
            finish(false);
          });
          child.on('close', (code) => finish(code === 0));
        }),
    ),
  );
}

/**
 * Runs the steps one after another, each with its output kept until it ends (as beside another lane). A step may
 * be a function of the results before it (the end-to-end tier serves the build when the build passed).
 */
export async function runInTurn(
  steps: (Step | ((before: StepResult[]) => Step))[],
  options: { buffered?: boolean } = {},
): Promise<StepResult[]> {
  const results: StepResult[] = [];
  for (const step of steps) {
    const [result] = await runSideBySide([typeof step === 'function' ? step(results) : step], options);
    results.push(result!);
  }
  return results;
}

/** The type-check (`tsc -b`, incremental) and the lint, which every run starts with. */
export function staticChecks(options: { lintCache: boolean }): Step[] {
  return [
    {
      label: 'type-check (tsc -b: each part once, then tests and scripts)',
      command: process.execPath,
      args: [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/typecheck.ts'],
    },
    {
      label: 'lint (ESLint, type-aware; part boundaries on resolved paths)',
      command: process.execPath,
      args: [
        path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'),
        '.',
        ...(options.lintCache
          ? ['--cache', '--cache-strategy', 'content', '--cache-location', '.tmp/eslint-cache']
          : []),
      ],
    },
  ];
}
