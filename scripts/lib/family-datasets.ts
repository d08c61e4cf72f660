// The family data sets of the large-tree tests and the benchmark: the shipped sample, Gramps' example tree
// (Debian's `gramps` package, converted to GEDCOM with the Gramps command line, then imported as an admin would)
// and a generated made-up lineage. Each is laid out as `npm run families` lays out an import.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FamilyData } from '../../core/families/family-schema.ts';
import { importGedcom } from '../../core/families/gedcom-import.ts';
import { generatedLineage } from '../families.ts';
import { withLayout } from '../families-layout.ts';

export const GRAMPS_EXAMPLE = '/usr/share/doc/gramps/example/gramps/example.gramps';

/** Whether Gramps and its example tree are installed (Debian: apt-get install gramps). */
export const hasGrampsExample = (): boolean =>
  existsSync(GRAMPS_EXAMPLE) && spawnSync('gramps', ['--version'], { stdio: 'ignore' }).status === 0;

/** Gramps' example tree (2,157 persons) as GEDCOM, converted once into `dir` and reused. */
export function grampsExampleGedcom(dir: string): string {
  const gedcom = path.join(dir, 'gramps-example.ged');
  if (existsSync(gedcom)) return gedcom;
  mkdirSync(dir, { recursive: true });
  const env = { ...process.env, GRAMPSHOME: path.join(dir, 'gramps-home'), LANG: 'C.UTF-8' };
  execFileSync('gramps', ['-i', GRAMPS_EXAMPLE, '-e', gedcom], { env, stdio: 'ignore' });
  return gedcom;
}

/** Gramps' example tree imported and laid out. */
export function grampsExampleData(dir: string): FamilyData {
  return withLayout(importGedcom(readFileSync(grampsExampleGedcom(dir))).data);
}

/** A made-up lineage of `persons` persons (numbered sample names), laid out. */
export const generatedData = (persons: number): FamilyData => withLayout(generatedLineage(persons));
