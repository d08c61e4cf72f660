// Translation dataset: approved English-Lopit pairs whose authors consent (or that have no author), as TSV
// and TMX 1.4.
import packageJson from '../../../package.json' with { type: 'json' };
import type { TranslationRepository } from '../translation/translation.repository.ts';
import {
  checkAborted,
  datasetName,
  manifestBase,
  manifestBuffer,
  tsvBuffer,
  type BuiltExport,
  type ExportContext,
} from './export-format.ts';
import { tmxDocument, type TmxUnit } from './tmx.ts';

export async function buildMtExport(
  context: ExportContext,
  translation: TranslationRepository,
): Promise<BuiltExport> {
  const { repository, archive, createdAt, signal } = context;
  const folder = datasetName('mt', createdAt);
  // The consent rule of every translation export (texts of authors without translation consent come back empty).
  const units: TmxUnit[] = (await translation.listForExport())
    .filter((pair) => pair.status === 'approved' && pair.lopit.trim() !== '')
    .map((pair) => ({ id: pair.id, category: pair.category, english: pair.english, lopit: pair.lopit }));
  checkAborted(signal);

  archive.addBuffer(
    `${folder}/pairs.tsv`,
    tsvBuffer(
      ['id', 'category', 'en', 'lpx'],
      units.map((unit) => [unit.id, unit.category, unit.english, unit.lopit]),
    ),
  );
  archive.addBuffer(
    `${folder}/pairs.tmx`,
    Buffer.from(tmxDocument(units, createdAt, packageJson.version), 'utf8'),
  );

  const consent = await repository.pairConsent();
  const categories: Record<string, number> = {};
  for (const unit of units) categories[unit.category] = (categories[unit.category] ?? 0) + 1;
  archive.addBuffer(
    `${folder}/manifest.json`,
    manifestBuffer({
      ...manifestBase('mt', createdAt),
      counts: { pairs: units.length, pairsWithoutAuthor: consent.withoutAuthor },
      pairsByCategory: categories,
      consentFormVersions: consent.versions,
      excluded: { pairsWithoutConsent: consent.withoutConsent },
      format: {
        name: 'TSV and TMX 1.4',
        description: `Approved English-Lopit translation pairs. A text whose last author does not now have translation consent is left out; seeded and imported texts (no author) are included and counted as pairsWithoutAuthor. pairs.tsv is tab-separated with a header (id, category, en, lpx), UTF-8 without byte-order mark, LF line ends, one pair per line, written raw like the speech dataset's Common Voice files: no quoting and no escaping; a tab or line break inside a text (with the spaces around it) is written as one space, anything else as written, a double quote too, also at the start of a text (nothing is changed for spreadsheets: text that begins with =, +, - or @ is as written). Read it without quoting: Python csv.DictReader(open(path, newline='', encoding='utf-8'), delimiter='\\t', quoting=csv.QUOTE_NONE), pandas read_csv(path, sep='\\t', quoting=3, dtype=str, keep_default_na=False), Hugging Face load_dataset('csv', data_files=path, delimiter='\\t', quoting=3, keep_default_na=False), or split lines on tabs; a reader that quotes (the csv module's and pandas' default) takes a text that begins with a double quote apart. pairs.tmx is TMX 1.4 with source language en and one translation unit per pair (tuid = pair id, prop x-category), texts exactly as written, line breaks included (translate-toolkit's translate.storage.tmx reads it).`,
        files: {
          'pairs.tsv': 'id, category, en, lpx',
          'pairs.tmx': 'TMX 1.4, srclang en, target lpx',
          'manifest.json': 'this description, counts, consent form versions and licence',
        },
      },
    }),
  );
  return { fileName: `${folder}.zip` };
}
