// The family data, loaded from the server (GET /api/families; the service worker keeps a copy for offline use),
// validated, with its graph and the figures the page shows. Not bundled: an import shows at the next load.
import { api, request } from '../../lib/api-client.ts';
import { buildFamilyGraph, countPersons } from '../../../core/families/family-graph.ts';
import type { FamilyCounters, FamilyGraph } from '../../../core/families/family-graph.ts';
import { parseFamilyData } from '../../../core/families/family-schema.ts';
import type { FamilyData } from '../../../core/families/family-schema.ts';
import { QUEEN_ID } from '../../../core/families/lineage-generator.ts';
import { FamilyDataAssembly, type FamilyDataReply } from './family-data-parts.ts';
import { nextTask } from '../../lib/tasks.ts';

export interface Families {
  data: FamilyData;
  graph: FamilyGraph;
  counters: FamilyCounters;
  /** While any shown person is illustrative, the page says the data is sample data. */
  hasSampleData: boolean;
  /** The royal line as the legend names it, or null when the data has none. */
  royalLine: { kings: number; queens: string[] } | null;
}

/** The families as shown from `rootId` (the data's root unless the reader chose another tree). */
export function familiesOf(data: FamilyData, rootId = data.rootPersonId): Families {
  const graph = buildFamilyGraph(data, rootId);
  const royal = graph.nodes.filter((node) => node.royalLineage);
  const women = royal.filter((node) => node.gender === 'female');
  // The queen of the shipped lineage is `ikuma`; an imported one is any woman of the royal line.
  const queen = graph.nodeById.get(QUEEN_ID);
  const queens = queen?.royalLineage ? [queen.name] : women.map((node) => node.name);
  return {
    data,
    graph,
    counters: countPersons(graph),
    hasSampleData: graph.nodes.some((node) => node.sample),
    royalLine:
      royal.length === 0 ? null : { kings: royal.filter((node) => node.gender === 'male').length, queens },
  };
}

/** The data read and validated off the page's thread (family-data.worker.ts), or on it where workers are missing. */
function readOffThread(text: string): Promise<FamilyData> {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./family-data.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return Promise.resolve(parseFamilyData(JSON.parse(text) as unknown));
  }
  return new Promise<FamilyData>((resolve, reject) => {
    const assembly = new FamilyDataAssembly();
    worker.addEventListener('message', (event: MessageEvent<FamilyDataReply>) => {
      try {
        const data = assembly.add(event.data);
        if (!data) return;
        worker.terminate();
        resolve(data);
      } catch (error) {
        worker.terminate();
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    worker.addEventListener('error', () => {
      worker.terminate();
      // A worker that cannot start (an old browser, a blocked script): read it here.
      try {
        resolve(parseFamilyData(JSON.parse(text) as unknown));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    worker.postMessage(text);
  });
}

export async function loadFamilies(): Promise<Families> {
  const text = await request(() => api.get('families').text());
  const data = await readOffThread(text);
  // The graph is built in a task of its own, apart from reading the last part and from the first render.
  await nextTask();
  return familiesOf(data);
}
