// Admin command for the family data: `import file.ged`, `export [file.ged]`, `layout`, `sample --force` (npm run families -- ...).
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { format, resolveConfig } from 'prettier';
import { buildFamilyGraph, countPersons } from '../core/families/family-graph.ts';
import { parseFamilyData } from '../core/families/family-schema.ts';
import type { FamilyData } from '../core/families/family-schema.ts';
import { toGedcom } from '../core/families/gedcom-export.ts';
import { importGedcom } from '../core/families/gedcom-import.ts';
import type { GedcomImportReport } from '../core/families/gedcom-import.ts';
import { generateLineage } from '../core/families/lineage-generator.ts';
import { loadConfig } from '../server/config.ts';
import { storageArea } from '../server/lib/blob-store.ts';
import {
  FamilyStore,
  IMPORTED_FAMILY_DATA_KEY,
  SHIPPED_FAMILY_DATA_FILE,
} from '../server/features/families/family-store.ts';
import { withLayout } from './families-layout.ts';

/** The illustrative sample shipped with the app (validated by core/families/family-schema.ts). */
export const FAMILY_DATA_FILE = SHIPPED_FAMILY_DATA_FILE;

/** The shipped illustrative lineage: 90 persons, 35 marriages with this seed. */
export const SAMPLE_OPTIONS = { targetPersons: 88, seed: 12, unconnectedPersons: 2 } as const;

const USAGE = `Usage: npm run families -- <command>
  import <file.ged> [--root <person-id>] [--out <data.json>]   replace the family data with a GEDCOM file (layout
                                                                recomputed; written to families/family-data.json in the store,
                                                                DATA_DIR or BLOB_STORE, served at the next request)
  export [file.ged] [--data <data.json>]                        write the current family data as GEDCOM 5.5.1 (stdout without a file)
  layout [--data <data.json>]                                   recompute both views' positions of the current data
  sample --force [--out <data.json>]                            regenerate the illustrative sample shipped in content/families
  generate --persons <n> --out <data.json> [--seed <n>]         a made-up lineage of n persons (numbered sample names,
                                                                never real people) for tests and benchmarks`;

/** A made-up lineage for tests and benchmarks: `persons` persons, a few of them in small trees apart. */
export const generatedLineage = (persons: number, seed = 1): FamilyData =>
  generateLineage({
    targetPersons: persons,
    seed,
    unconnectedPersons: Math.max(2, Math.round(persons / 500) * 2),
  });

export async function readFamilyData(file = FAMILY_DATA_FILE): Promise<FamilyData> {
  return parseFamilyData(JSON.parse(await readFile(file, 'utf8')) as unknown);
}

/**
 * Written through prettier so `npm run format:check` stays clean after regenerating the shipped sample, and
 * through a temporary file renamed into place, so a running server never reads half a file.
 */
/** The data as the shipped file is written (prettier's JSON, so `npm run format:check` stays clean). */
async function familyDataText(data: FamilyData, file: string): Promise<string> {
  const config = (await resolveConfig(file)) ?? {};
  return format(JSON.stringify(parseFamilyData(data)), { ...config, parser: 'json', filepath: file });
}

export async function writeFamilyData(data: FamilyData, file = FAMILY_DATA_FILE): Promise<void> {
  const text = await familyDataText(data, file);
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, file);
}

/** The import report as lines for the terminal: what was kept, then what was dropped and why. */
export function formatImportReport(report: GedcomImportReport): string {
  const lines = [
    `Read ${report.encoding}: ${report.persons} persons, ${report.families} families (${report.onePersonFamilies} with one parent), ${report.qualifiedDates} dates kept with their qualifiers, ${report.deathDates} death dates, ${report.deceasedWithoutDate} deaths without a date (marked deceased).`,
    `Names: ${report.surnames} surnames, ${report.namePrefixes} prefixes, ${report.nameSuffixes} suffixes, ${report.surnamePrefixes} surname prefixes, ${report.namesAsWritten} in their written order from a Lopit FACT. Family events: ${report.familyEvents} (${report.familyEventDates} with a date).`,
  ];
  if (report.dropped.length === 0) lines.push('Nothing was dropped.');
  else lines.push('Dropped (the family data has no place for these):');
  for (const entry of report.dropped)
    lines.push(`  ${String(entry.count).padStart(6)}  ${entry.reason}; e.g. ${entry.examples.join(' | ')}`);
  return lines.join('\n');
}

const summary = (data: FamilyData) => {
  const graph = buildFamilyGraph(data);
  const counters = countPersons(graph);
  return `${Object.keys(data.persons).length} persons (${counters.persons} connected to the root: ${counters.male} male, ${counters.female} female; ${graph.unconnected} in other trees of the data, each shown when chosen), ${data.marriages.length} families, root ${data.rootPersonId}`;
};

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      root: { type: 'string' },
      out: { type: 'string' },
      data: { type: 'string' },
      force: { type: 'boolean' },
      persons: { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const [command, file] = positionals;
  // What the server serves now: the import in the installation's store (DATA_DIR or BLOB_STORE) if there is
  // one, else the shipped sample; or the file given.
  const store = new FamilyStore(storageArea(loadConfig(), 'families'));
  const given = values.data ?? values.out;
  const current = async () => (given ? readFamilyData(resolve(given)) : (await store.current()).data);
  const save = async (data: FamilyData) => {
    if (given) await writeFamilyData(data, resolve(given));
    else await store.writeImported(await familyDataText(data, FAMILY_DATA_FILE));
  };
  switch (command) {
    case 'import': {
      if (!file) throw new Error('import needs a GEDCOM file');
      const { data: imported, report } = importGedcom(await readFile(file), {
        defaultSource: `GEDCOM import: ${basename(file)} (${new Date().toISOString().slice(0, 10)})`,
        ...(values.root ? { rootId: values.root } : {}),
      });
      console.log(formatImportReport(report));
      await save(withLayout(imported));
      console.log(
        `Imported ${summary(imported)} into ${given ? resolve(given) : `${store.location}/${IMPORTED_FAMILY_DATA_KEY}`}`,
      );
      if (!given) console.log('The running server serves it from the next request on; no restart needed.');
      return;
    }
    case 'export': {
      const gedcom = toGedcom(await current());
      if (file) {
        await writeFile(file, gedcom);
        console.error(`Wrote ${file}`);
      } else {
        process.stdout.write(gedcom);
      }
      return;
    }
    case 'layout': {
      const data = await current();
      // The shipped sample's layout is recomputed in place when nothing was imported.
      if (!given && (await store.current()).source === 'shipped') await writeFamilyData(withLayout(data));
      else await save(withLayout(data));
      console.log(`Recomputed layout of ${summary(data)}`);
      return;
    }
    case 'sample': {
      const target = given ? resolve(given) : FAMILY_DATA_FILE;
      if (existsSync(target) && !values.force)
        throw new Error(`${target} exists; pass --force to replace it with sample data`);
      const data = withLayout(generateLineage(SAMPLE_OPTIONS));
      await writeFamilyData(data, target);
      console.log(`Wrote sample lineage: ${summary(data)}`);
      return;
    }
    case 'generate': {
      const persons = Number(values.persons);
      if (!values.out || !Number.isInteger(persons) || persons < 10 || persons > 100_000)
        throw new Error('generate needs --persons (10 to 100000) and --out');
      const data = withLayout(generatedLineage(persons, Number(values.seed ?? 1)));
      await writeFamilyData(data, resolve(values.out));
      console.log(`Wrote a generated lineage: ${summary(data)}`);
      return;
    }
    default:
      console.log(USAGE);
      if (!values.help) process.exitCode = 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
