// Usable Lopit speech, counted once: the figures /training, /data and the speech exports all show of it (hours,
// clips, speakers, and hours per speaker and per dialect), from the one definition of consent-sql.ts
// (usableSpeechCondition). Speakers appear by the pseudonymous label screens use, never by name.
import { sql } from 'drizzle-orm';
import {
  audioHoursOf,
  SPEECH_SPEAKERS_LISTED,
  type SpeechDialect,
  type SpeechSpeaker,
  type SpeechTotals,
  type UsableSpeech,
} from '../../../core/api/data.ts';
import type { DbOrTx } from '../../db/driver.ts';
import { rowsOf } from '../../db/migrate.ts';
import { speakerLabeller } from '../../lib/speaker-pseudonyms.ts';
import { clipSpeaker, usableSpeechCondition } from '../consent/consent-sql.ts';

/** Who speaks in recordings row `r`: the field speaker, else the owner (issue 16). */
const SPEAKER = sql.raw(clipSpeaker('r'));

/**
 * The dialect given with a clip of recordings row `r` (joined to speakers `sp` and, for a clip without a field
 * speaker, its owner `u`): as recorded, else the speaker's profile. The ASR export writes the same in `accents`.
 */
export const CLIP_DIALECT = sql.raw('coalesce(r.dialect, sp.dialect, u.dialect)');
/** The joins CLIP_DIALECT reads. */
export const CLIP_DIALECT_JOINS = sql.raw(`left join speakers sp on sp.id = r.speaker_id
  left join users u on u.id = r.owner_id and r.speaker_id is null`);

/** A dialect's grouping key: free text, so trimmed and compared case-insensitively ('' when none was given). */
export const dialectKey = (dialect: string | null) => dialect?.trim().toLocaleLowerCase('en') ?? '';

/** The spelling most contributors of a group use (ties: alphabetical); null when none gave one. */
export function mostCommon(spellings: Map<string, Set<string>>): string | null {
  let best: string | null = null;
  let bestCount = 0;
  for (const [text, users] of spellings) {
    const count = users.size;
    if (count > bestCount || (count === bestCount && best !== null && text.localeCompare(best, 'en') < 0)) {
      best = text;
      bestCount = count;
    }
  }
  return best;
}

const totalsOf = (seconds: number, clips: number, speakers: number): SpeechTotals => ({
  seconds,
  hours: audioHoursOf(seconds),
  clips,
  speakers,
});

interface Group {
  seconds: number;
  clips: number;
  speakers: Set<string>;
  spellings: Map<string, Set<string>>;
}

/** Usable Lopit speech now: totals, each speaker's and each dialect's (most audio first). */
export async function usableSpeech(db: DbOrTx): Promise<UsableSpeech> {
  const rows = rowsOf<{ speaker: string; dialect: string | null; seconds: number; clips: number }>(
    await db.execute(sql`select ${SPEAKER} as speaker, ${CLIP_DIALECT} as dialect,
        sum(r.duration_seconds)::float8 as seconds, count(*)::int as clips
      from recordings r ${CLIP_DIALECT_JOINS}
      where ${usableSpeechCondition('r')}
      group by 1, 2`),
  );
  const speakers = new Map<string, { seconds: number; clips: number; dialects: Map<string, number> }>();
  const dialects = new Map<string, Group>();
  let seconds = 0;
  let clips = 0;
  for (const row of rows) {
    const rowSeconds = Number(row.seconds);
    const rowClips = Number(row.clips);
    seconds += rowSeconds;
    clips += rowClips;
    const text = row.dialect?.trim() || null;

    let speaker = speakers.get(row.speaker);
    if (!speaker) speakers.set(row.speaker, (speaker = { seconds: 0, clips: 0, dialects: new Map() }));
    speaker.seconds += rowSeconds;
    speaker.clips += rowClips;
    if (text) speaker.dialects.set(text, (speaker.dialects.get(text) ?? 0) + rowSeconds);

    const key = dialectKey(text);
    let group = dialects.get(key);
    if (!group) {
      group = { seconds: 0, clips: 0, speakers: new Set(), spellings: new Map() };
      dialects.set(key, group);
    }
    group.seconds += rowSeconds;
    group.clips += rowClips;
    group.speakers.add(row.speaker);
    if (text) group.spellings.set(text, (group.spellings.get(text) ?? new Set()).add(row.speaker));
  }

  const label = await speakerLabeller(db);
  const bySpeaker: SpeechSpeaker[] = [...speakers]
    .map(([id, speaker]) => ({
      speaker: label(id),
      // The dialect given with most of their audio (ties: alphabetical).
      dialect:
        [...speaker.dialects]
          .sort(([a, aSeconds], [b, bSeconds]) => bSeconds - aSeconds || a.localeCompare(b, 'en'))
          .at(0)?.[0] ?? null,
      seconds: speaker.seconds,
      hours: audioHoursOf(speaker.seconds),
      clips: speaker.clips,
    }))
    .sort((a, b) => b.seconds - a.seconds || b.clips - a.clips || a.speaker.localeCompare(b.speaker, 'en'))
    .slice(0, SPEECH_SPEAKERS_LISTED);
  const byDialect: SpeechDialect[] = [...dialects.values()]
    .map((group) => ({
      dialect: mostCommon(group.spellings),
      ...totalsOf(group.seconds, group.clips, group.speakers.size),
    }))
    .sort(
      (a, b) =>
        Number(a.dialect === null) - Number(b.dialect === null) ||
        b.seconds - a.seconds ||
        (a.dialect ?? '').localeCompare(b.dialect ?? '', 'en'),
    );
  return { ...totalsOf(seconds, clips, speakers.size), bySpeaker, byDialect };
}

/** The totals of usableSpeech alone. */
export async function usableSpeechTotals(db: DbOrTx): Promise<SpeechTotals> {
  const { seconds, hours, clips, speakers } = await usableSpeech(db);
  return { seconds, hours, clips, speakers };
}
