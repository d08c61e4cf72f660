// Admin command for the family data: `import file.ged`, `export [file.ged]`, `layout`, `sample --force` (npm run families -- ...).
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { format, resolveConfig } from 'prettier';
import { buildFamilyGraph, countPersons } from '../core/families/family-graph.ts';
import { parseFamilyData } from '../core/families/family-schema.ts';
import type { FamilyData } from '../core/families/family-schema.ts';
import { toGedcom } from '../core/families/gedcom-export.ts';
import { fromGedcom } from '../core/families/gedcom-import.ts';
import { generateLineage } from '../core/families/lineage-generator.ts';
import { withLayout } from './families-layout.ts';

/** The family data file the /families page ships (one file, validated by core/families/family-schema.ts). */
export const FAMILY_DATA_FILE = resolve(import.meta.dirname, '../content/families/sample-lineage.json');

/** The shipped illustrative lineage: 90 persons, 35 marriages with this seed. */
export const SAMPLE_OPTIONS = { targetPersons: 88, seed: 12, unconnectedPersons: 2 } as const;

const USAGE = `Usage: npm run families -- <command>
  import <file.ged> [--root <person-id>] [--out <data.json>]   replace the family data with a GEDCOM file (layout recomputed)
  export [file.ged] [--data <data.json>]                        write the family data as GEDCOM 5.5.1 (stdout without a file)
  layout [--data <data.json>]                                   recompute both views' positions
  sample --force [--out <data.json>]                            regenerate the illustrative sample lineage`;

export async function readFamilyData(file = FAMILY_DATA_FILE): Promise<FamilyData> {
  return parseFamilyData(JSON.parse(await readFile(file, 'utf8')) as unknown);
}

/** Written through prettier so `npm run format:check` stays clean after an import. */
export async function writeFamilyData(data: FamilyData, file = FAMILY_DATA_FILE): Promise<void> {
  const config = (await resolveConfig(file)) ?? {};
  await writeFile(
    file,
    await format(JSON.stringify(parseFamilyData(data)), { ...config, parser: 'json', filepath: file }),
  );
}

const summary = (data: FamilyData) => {
  const counters = countPersons(buildFamilyGraph(data));
  return `${Object.keys(data.persons).length} persons (${counters.persons} connected to the root: ${counters.male} male, ${counters.female} female), ${data.marriages.length} marriages, root ${data.rootPersonId}`;
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
      help: { type: 'boolean' },
    },
  });
  const [command, file] = positionals;
  const dataFile = resolve(values.data ?? values.out ?? FAMILY_DATA_FILE);
  switch (command) {
    case 'import': {
      if (!file) throw new Error('import needs a GEDCOM file');
      const imported = fromGedcom(await readFile(file), {
        defaultSource: `GEDCOM import: ${basename(file)} (${new Date().toISOString().slice(0, 10)})`,
        ...(values.root ? { rootId: values.root } : {}),
      });
      await writeFamilyData(withLayout(imported), dataFile);
      console.log(`Imported ${summary(imported)} into ${dataFile}`);
      return;
    }
    case 'export': {
      const gedcom = toGedcom(await readFamilyData(dataFile));
      if (file) {
        await writeFile(file, gedcom);
        console.error(`Wrote ${file}`);
      } else {
        process.stdout.write(gedcom);
      }
      return;
    }
    case 'layout': {
      const data = await readFamilyData(dataFile);
      await writeFamilyData(withLayout(data), dataFile);
      console.log(`Recomputed layout of ${summary(data)}`);
      return;
    }
    case 'sample': {
      if (existsSync(dataFile) && !values.force)
        throw new Error(`${dataFile} exists; pass --force to replace it with sample data`);
      const data = withLayout(generateLineage(SAMPLE_OPTIONS));
      await writeFamilyData(data, dataFile);
      console.log(`Wrote sample lineage: ${summary(data)}`);
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
