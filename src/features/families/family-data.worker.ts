// Reads and validates the family data in a Web Worker: for thousands of persons, JSON.parse and the schema's checks
// take long enough on a cheap phone to freeze the page. The result goes back in parts (family-data-parts.ts).
// family-data.ts talks to it; where workers are missing it validates on the page instead. Only
// core/families/family-schema.ts is loaded here.
import { parseFamilyData } from '../../../core/families/family-schema.ts';
import { familyDataParts, type FamilyDataReply } from './family-data-parts.ts';

declare const WorkerGlobalScope: (new () => unknown) | undefined;
if (typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope) {
  self.addEventListener('message', (event: MessageEvent<string>) => {
    try {
      for (const part of familyDataParts(parseFamilyData(JSON.parse(event.data)))) self.postMessage(part);
    } catch (error) {
      self.postMessage({
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      } satisfies FamilyDataReply);
    }
  });
}
