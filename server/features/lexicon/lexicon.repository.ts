// SQL for lexicon entries: ranked accent-insensitive search, bulk insert without duplicates, full listing.
// Each entry has generated key columns (migration 0005: lexicon_key(), accents removed, case folded); the
// searched text goes through the same SQL function, so both sides always agree.
import { sql } from 'drizzle-orm';
import type { LexiconEntry } from '../../../core/api/lexicon.ts';
import type { DbOrTx } from '../../db/driver.ts';
import { rowsOf } from '../../db/migrate.ts';
import { approvedLexiconCondition } from '../consent/consent-sql.ts';
import { defineRepository } from '../../lib/repositories.ts';

/** Rows per INSERT statement: 3 parameters each, well below PostgreSQL's limit of 65,535. */
const INSERT_CHUNK = 2000;

interface EntryRow {
  id: number;
  lopit: string;
  english: string;
  part_of_speech: string | null;
  lopit_key: string;
  english_key: string;
}

const toEntry = (row: Pick<EntryRow, 'lopit' | 'english' | 'part_of_speech'>): LexiconEntry => ({
  lopit: row.lopit,
  english: row.english,
  partOfSpeech: row.part_of_speech,
});

/** The smallest string greater than every string that starts with `prefix` (code-point order = "C" order). */
function prefixEnd(prefix: string): string | null {
  const chars = Array.from(prefix);
  while (chars.length > 0) {
    const last = (chars.pop() as string).codePointAt(0) as number;
    // Skip surrogates, and carry past the last code point.
    let next = last + 1;
    if (next >= 0xd800 && next <= 0xdfff) next = 0xe000;
    if (next <= 0x10ffff) return chars.join('') + String.fromCodePoint(next);
  }
  return null;
}

const ENTRY_COLUMNS = sql.raw('id, lopit, english, part_of_speech, lopit_key, english_key');

/** Only entries the community (or an admin) approved are searched, exported and translated with. */
const APPROVED = approvedLexiconCondition('lexicon_entries');

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Search rank of one side's key: 0 exact, 1 prefix, 2 contains, 3 no match. */
function rank(key: string, term: string): number {
  if (key === term) return 0;
  if (key.startsWith(term)) return 1;
  return key.includes(term) ? 2 : 3;
}

export class LexiconRepository {
  constructor(private readonly db: DbOrTx) {}

  /**
   * Entries whose Lopit or English text matches `search` without regard to accents or case: exact matches
   * first, then prefix matches, then entries that contain it; within a rank by the matched text, then age.
   * Without a search, the first entries by Lopit text.
   *
   * Index-backed candidate lists (a prefix range on each side, then, only when those give fewer than
   * `limit` entries, trigram "contains" on each side; each ordered by its own key and cut at `limit`) hold
   * every entry of the true top `limit`, so only those are ranked here.
   */
  async search(search: string | undefined, limit: number): Promise<LexiconEntry[]> {
    const [keyRow] = rowsOf<{ k: string | null }>(
      await this.db.execute(sql`select lexicon_key(${search ?? ''}) as k`),
    );
    const term = keyRow?.k ?? '';
    if (term === '') {
      const rows = rowsOf<EntryRow>(
        await this.db.execute(sql`select lopit, english, part_of_speech from lexicon_entries
          where ${APPROVED} order by lopit_key, id limit ${limit}`),
      );
      return rows.map(toEntry);
    }
    const end = prefixEnd(term);
    const rangeOn = (column: 'lopit_key' | 'english_key') =>
      end === null
        ? sql`${sql.raw(column)} >= ${term}`
        : sql`${sql.raw(column)} >= ${term} and ${sql.raw(column)} < ${end}`;
    const rows = rowsOf<EntryRow>(
      await this.db.execute(sql`
        (select ${ENTRY_COLUMNS} from lexicon_entries
          where ${rangeOn('lopit_key')} and ${APPROVED} order by lopit_key, id limit ${limit})
        union
        (select ${ENTRY_COLUMNS} from lexicon_entries
          where ${rangeOn('english_key')} and ${APPROVED} order by english_key, id limit ${limit})`),
    );
    // Contains-only matches rank after every exact and prefix match: needed only when those fall short.
    if (new Set(rows.map((row) => Number(row.id))).size < limit) {
      const contains = `%${likeEscape(term)}%`;
      rows.push(
        ...rowsOf<EntryRow>(
          await this.db.execute(sql`
            (select ${ENTRY_COLUMNS} from lexicon_entries
              where lopit_key like ${contains} and ${APPROVED} order by lopit_key, id limit ${limit})
            union
            (select ${ENTRY_COLUMNS} from lexicon_entries
              where english_key like ${contains} and ${APPROVED} order by english_key, id limit ${limit})`),
        ),
      );
    }
    const unique = new Map(rows.map((row) => [Number(row.id), row]));
    const ranked = [...unique.values()].map((row) => {
      const lopit = { rank: rank(row.lopit_key, term), key: row.lopit_key };
      const english = { rank: rank(row.english_key, term), key: row.english_key };
      // The better-matching side decides (on equal rank, the one whose text sorts first). Ordering each
      // candidate list by its own side's key is what makes the lists hold the whole top `limit`.
      const side = byRankThenKey(lopit, english) <= 0 ? lopit : english;
      return { row, ...side, id: Number(row.id) };
    });
    ranked.sort((a, b) => byRankThenKey(a, b) || a.id - b.id);
    return ranked.slice(0, limit).map(({ row }) => toEntry(row));
  }

  /**
   * Inserts entries in one transaction; an entry whose Lopit and English keys are already there (or earlier in
   * `entries`) is skipped. Returns how many were new. Entries count as approved by `importedBy`, or with
   * `review` wait for the community's review (proposed, the importing admin as their author).
   */
  async insertMany(
    entries: readonly { lopit: string; english: string; partOfSpeech: string | null }[],
    { importedBy = null, review = false }: { importedBy?: string | null; review?: boolean } = {},
  ): Promise<number> {
    if (entries.length === 0) return 0;
    const state = review ? 'proposed' : 'approved';
    const inserted = await this.db.transaction(async (tx) => {
      let inserted = 0;
      for (let start = 0; start < entries.length; start += INSERT_CHUNK) {
        const values = entries
          .slice(start, start + INSERT_CHUNK)
          .map((entry) => sql`(${entry.lopit}, ${entry.english}, ${entry.partOfSpeech})`);
        const rows = rowsOf<{ id: number }>(
          await tx.execute(sql`insert into lexicon_entries (lopit, english, part_of_speech, state, imported_by)
            select v.lopit, v.english, v.part_of_speech, ${state}, ${importedBy}::uuid
              from (values ${sql.join(values, sql`, `)}) as v (lopit, english, part_of_speech)
            on conflict (lopit_key, english_key) do nothing
            returning id`),
        );
        inserted += rows.length;
      }
      return inserted;
    });
    if (inserted > 0) await this.mergePendingTrigrams();
    return inserted;
  }

  /**
   * Moves the rows just inserted from the trigram indexes' pending list into the indexes proper. Without it a
   * bulk import leaves megabytes that every "contains" search scans linearly until the next vacuum. Best
   * effort: it needs the table's owner (the app created it) and the indexes (pg_trgm may be missing).
   */
  private async mergePendingTrigrams(): Promise<void> {
    try {
      await this.db.execute(sql`select gin_clean_pending_list(c.oid) from pg_class c
        where c.relname in ('lexicon_entries_lopit_trgm_idx', 'lexicon_entries_english_trgm_idx')`);
    } catch {
      // Searches stay correct, only slower until autovacuum merges the list.
    }
  }

  /** Every approved entry, oldest first (exports, and the translation engine's lexicon). */
  async listAll(): Promise<LexiconEntry[]> {
    const rows = rowsOf<EntryRow>(
      await this.db.execute(
        sql`select lopit, english, part_of_speech from lexicon_entries where ${APPROVED} order by id`,
      ),
    );
    return rows.map(toEntry);
  }
}

function byRankThenKey(a: { rank: number; key: string }, b: { rank: number; key: string }): number {
  return a.rank - b.rank || compareCodePoints(a.key, b.key);
}

/** Byte order of UTF-8 (= code-point order), as collation "C" sorts the keys. */
function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const x = Array.from(a);
  const y = Array.from(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = ((x[i] as string).codePointAt(0) as number) - ((y[i] as string).codePointAt(0) as number);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

declare module '../../lib/repositories.ts' {
  interface TransactionRepositories {
    lexicon: LexiconRepository;
  }
}

export const lexiconRepository = defineRepository('lexicon', (db) => new LexiconRepository(db));
