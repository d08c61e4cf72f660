// Benchmark of the family graph: layout precomputation in Node, first drawing in Chromium, the real page, the chunk size.
// Usage: npx tsx scripts/bench-families.ts [--url http://127.0.0.1:3100] [--runs 5]
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { buildFamilyGraph } from '../core/families/family-graph.ts';
import type { FamilyData } from '../core/families/family-schema.ts';
import { generateLineage } from '../core/families/lineage-generator.ts';
import { ORGANIC_LAYOUT } from '../core/families/organic-layout-options.ts';
import { readFamilyData } from './families.ts';
import { withLayout, type LayoutTimings } from './families-layout.ts';

const { values } = parseArgs({
  options: { url: { type: 'string' }, runs: { type: 'string', default: '5' } },
});
const runs = Number(values.runs);
const median = (numbers: number[]) =>
  [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)] ?? NaN;
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** Flat elements with precomputed positions, as the page builds them. */
function elements(data: FamilyData) {
  const graph = buildFamilyGraph(data);
  const positions = data.layout?.generations ?? {};
  return [
    ...graph.nodes.map((node) => ({
      group: 'nodes',
      data: { ...node, size: ORGANIC_LAYOUT.nodeDiameter(node.val) },
      position: positions[node.id] ?? { x: 0, y: 0 },
    })),
    ...graph.links.map((link) => ({ group: 'edges', data: { ...link } })),
  ];
}

async function main() {
  const datasets: [string, FamilyData][] = [
    ['shipped sample', await readFamilyData()],
    ['generated 2,000-person lineage', generateLineage({ targetPersons: 2000, seed: 1 })],
  ];
  console.log('Layout precomputed in Node (dagre Generations + fcose Organic), median of', runs, 'runs:');
  const laidOut = new Map<string, FamilyData>();
  for (const [name, data] of datasets) {
    const samples: LayoutTimings[] = [];
    for (let run = 0; run < runs; run++) {
      const timings: LayoutTimings = { generationsMs: 0, organicMs: 0 };
      laidOut.set(name, withLayout(data, timings));
      samples.push(timings);
    }
    const persons = buildFamilyGraph(data).nodes.length;
    console.log(
      `  ${name} (${persons} persons): generations ${ms(median(samples.map((t) => t.generationsMs)))}, organic ${ms(median(samples.map((t) => t.organicMs)))}`,
    );
  }

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    console.log('First drawing in Chromium from precomputed positions (cytoscape, no layout work), median:');
    const cytoscapePath = createRequire(import.meta.url).resolve('cytoscape/dist/cytoscape.min.js');
    for (const [name, data] of laidOut) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.setContent('<div id="cy"></div>');
      await page.addScriptTag({ path: cytoscapePath });
      const times: number[] = [];
      for (let run = 0; run < runs; run++) {
        times.push(
          await page.evaluate(async (els) => {
            const container = document.getElementById('cy') as HTMLElement;
            container.style.width = '1200px';
            container.style.height = '520px';
            const start = performance.now();
            const cytoscape = (
              window as unknown as {
                cytoscape: (options: unknown) => {
                  one: (event: string, fn: () => void) => void;
                  destroy: () => void;
                };
              }
            ).cytoscape;
            const cy = cytoscape({
              container,
              elements: els,
              layout: { name: 'preset', fit: true, padding: 100 },
              style: [
                {
                  selector: 'node',
                  style: {
                    width: 'data(size)',
                    height: 'data(size)',
                    label: 'data(name)',
                    'font-size': 11,
                    'min-zoomed-font-size': 7,
                  },
                },
                { selector: 'edge[type = "marriage"]', style: { 'line-style': 'dashed' } },
              ],
            });
            await new Promise<void>((done) => cy.one('render', () => done()));
            const elapsed = performance.now() - start;
            cy.destroy();
            return elapsed;
          }, elements(data)),
        );
      }
      console.log(`  ${name}: ${ms(median(times))}`);
      await page.close();
    }

    if (values.url) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const times: number[] = [];
      for (let run = 0; run < runs; run++) {
        await page.goto(`${values.url}/families`, { waitUntil: 'load' });
        await page.waitForFunction(() => window.__familiesGraph?.ready === true);
        // readyAt is performance.now() at the first drawing: milliseconds since navigation started.
        times.push(await page.evaluate(() => window.__familiesGraph?.readyAt ?? NaN));
      }
      console.log(
        `Real page ${values.url}/families, navigation to laid-out graph (shipped data), median: ${ms(median(times))}`,
      );
    }
  } finally {
    await browser.close();
  }

  const assets = resolve(import.meta.dirname, '../dist/assets');
  if (existsSync(assets)) {
    for (const file of readdirSync(assets).filter((name) =>
      /^(families-page|cytoscape-fcose)-.*\.js$/.test(name),
    )) {
      const bytes = readFileSync(resolve(assets, file));
      console.log(
        `Chunk ${file}: ${(bytes.length / 1024).toFixed(1)} kB, ${(gzipSync(bytes).length / 1024).toFixed(1)} kB gzip`,
      );
    }
  } else {
    console.log('No dist/ build: run `npm run build` to measure the route chunk.');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
