// Reads and validates the family data in a Web Worker: for thousands of persons, JSON.parse and the schema's checks
// take long enough on a cheap phone to freeze the page. family-data.ts talks to it; where workers are missing it
// validates on the page instead. Only core/families/family-schema.ts is loaded here.
import { parseFamilyData, type FamilyData } from '../../../core/families/family-schema.ts';

export type FamilyDataReply = { ok: true; data: FamilyData } | { ok: false; message: string };

declare const WorkerGlobalScope: (new () => unknown) | undefined;
if (typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope) {
  self.addEventListener('message', (event: MessageEvent<string>) => {
    try {
      self.postMessage({ ok: true, data: parseFamilyData(JSON.parse(event.data)) } satisfies FamilyDataReply);
    } catch (error) {
      self.postMessage({
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      } satisfies FamilyDataReply);
    }
  });
}
