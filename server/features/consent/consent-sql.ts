// SQL fragments that decide whose contributions count, and which of them the community has accepted: the
// dashboard's figures, the dataset exports, training and speech playback share them.
import { sql, type SQL } from 'drizzle-orm';
import { typesCovering, type ConsentScope } from '../../../core/api/consent.ts';
import type { InspectionState, RecordingKind, RecordingLanguage } from '../../../core/api/recordings.ts';
import type { ClipReviewState, ProposalState } from '../../../core/review/rules.ts';

export type { ConsentScope } from '../../../core/api/consent.ts';

/**
 * The consent rule in SQL, the one query every reader of consent uses (exports, training, review, speakers, the
 * upload gate, the status answer): each subject's newest ledger row (consent_events is append-only), a subject
 * being an account (user_id) or, since 0013, a field speaker without one (speaker_id). A derived table of
 * subject_id, id, action, consent_type, form_version and created_at. The newest row is the one placed last, the
 * highest id, as core's newestConsentEvent decides (created_at does not: rows of one transaction share it); a
 * withdrawal row covers nothing, so it ends every grant before it. `where` narrows the ledger first (say to one
 * subject), so an index of user_id or speaker_id serves it. tests/server/consent-rule.test.ts holds this and
 * core's consentStatusOf to the same answers on random histories.
 */
export function currentConsents(where?: SQL): SQL {
  return sql`(select distinct on (coalesce(speaker_id, user_id))
    coalesce(speaker_id, user_id) as subject_id, id, action, consent_type, form_version, created_at,
    coalesce(occurred_at, created_at) as occurred_at
  from consent_events ${where ? sql`where ${where}` : sql``}
  order by coalesce(speaker_id, user_id), id desc)`;
}

/** Every subject's current consent (currentConsents over the whole ledger). */
export const latestConsents: SQL = currentConsents();

/** Condition on a row of latestConsents: its grant covers `scope` (the types of core's CONSENT_COVERAGE). */
export function grantCovers(alias: string, scope: ConsentScope): SQL {
  const latest = sql.raw(alias);
  const types = sql.join(
    typesCovering(scope).map((type) => sql`${type}`),
    sql`, `,
  );
  return sql`${latest}.action = 'grant' and ${latest}.consent_type in (${types})`;
}

/**
 * A subquery of the ids of subjects (accounts and field speakers) whose consent now covers `scope`: use as
 * `owner_id in ${consentingUsers(...)}`, or with clipSpeaker for clips.
 */
export function consentingUsers(scope: ConsentScope): SQL {
  return sql`(select subject_id from ${latestConsents} latest where ${grantCovers('latest', scope)})`;
}

/**
 * Condition: `column` (a subject id) belongs to an account or speaker whose consent now covers `scope`. Written
 * so the planner keeps it as a filter (a hashed lookup during a sequential scan): as a semi-join it estimates
 * one consenting user from the derived table and loops over an index once per user, several times slower at
 * 100,000 rows.
 */
export function consents(column: string, scope: ConsentScope): SQL {
  return sql`(${sql.raw(column)} in ${consentingUsers(scope)}) is true`;
}

/**
 * Who speaks in the recordings row `alias`: its field speaker, else its owner (issue 16). Their consent governs
 * the clip, their id groups clips by speaker (dashboards, speaker-disjoint splits, voices).
 */
export const clipSpeaker = (alias = 'r') => `coalesce(${alias}.speaker_id, ${alias}.owner_id)`;

/** Condition on a recordings row: the consent of who speaks in it now covers recording. */
export function clipConsents(alias = 'r'): SQL {
  return consents(clipSpeaker(alias), 'recording');
}

/** Condition on a translation_pairs row `p`: approved text whose author consents, or that has no author. */
export function consentedPairCondition(alias = 'p'): SQL {
  const p = sql.raw(alias);
  return sql`${p}.status = 'approved' and ${p}.lopit <> ''
    and (${p}.updated_by is null or ${p}.updated_by in ${consentingUsers('translation')})`;
}

/** Condition on a translation_proposals row `alias`: waiting for review, by an author who consents now. */
export function openProposalCondition(alias = 'o'): SQL {
  const state: ProposalState = 'proposed';
  return sql`${sql.raw(alias)}.state = ${state} and ${consents(`${alias}.author_id`, 'translation')}`;
}

/** The review state of a clip that models and datasets may use (core/review/rules.ts decides it). */
const ACCEPTED_CLIP_STATE: ClipReviewState = 'validated';

/**
 * Condition on a recordings row `r`: the community has validated it (votes or an admin's decision). Every
 * use of clips for a model or a dataset adds it; consent is a separate condition, so a withdrawal removes a
 * clip whatever its state.
 */
export function validatedClipCondition(alias = 'r'): SQL {
  return sql`${sql.raw(alias)}.review_state = ${ACCEPTED_CLIP_STATE} and ${clipKindCondition(alias)}`;
}

/**
 * Condition on a recordings row `r`: a clip, not a whole Tell recording (issue 32), whose sound the server has
 * inspected (issue 33). A story is kept whole for its owner and the heritage pages but is in no review or
 * transcription queue, dataset, model or count: its segments are the clips of it (counting both would count its
 * speech twice). A clip enters review, transcription, the exports and every count once its inspection wrote a
 * verdict: not while it is 'inspecting' (its quality flags are not measured yet), and never when it 'failed'.
 */
export function clipKindCondition(alias = 'r'): SQL {
  const kind: RecordingKind = 'clip';
  const inspected: InspectionState = 'inspected';
  return sql`${sql.raw(alias)}.kind = ${kind} and ${sql.raw(alias)}.inspection = ${inspected}`;
}

/**
 * Condition on a lexicon_entries row `l`: approved (an admin's import, or the community's review of one sent
 * to review; migration 0011). Only approved entries answer, train or count.
 */
export function approvedLexiconCondition(alias = 'l'): SQL {
  const state: ProposalState = 'approved';
  return sql`${sql.raw(alias)}.state = ${state}`;
}

/** The language of every speech dataset and model (recordings.language). */
const SPEECH_LANGUAGE: RecordingLanguage = 'lpx';

/**
 * Condition on a recordings row `r`: Lopit speech, the only language the speech datasets, exports and models
 * hold. A clip of unstated language counts as Lopit (the platform collects Lopit); a clip marked English (read
 * English prompts) is in none of them and counts nowhere as Lopit.
 */
export function lopitClipCondition(alias = 'r'): SQL {
  return sql`coalesce(${sql.raw(alias)}.language, ${SPEECH_LANGUAGE}) = ${SPEECH_LANGUAGE}`;
}

/** Condition on a recordings row `r`: a non-empty transcript (speech recognition and voices need the text). */
export function transcribedCondition(alias = 'r'): SQL {
  return sql`btrim(coalesce(${sql.raw(alias)}.transcript, '')) <> ''`;
}

/**
 * Condition on a recordings row `r`: not flagged silent or too short by the server's inspection of the stored
 * file (core/audio/quality.ts). A silent clip holds no speech its transcript could match, and one shorter than
 * RECORDING_MIN_SECONDS is the take the recorder asks the contributor to make again: listeners' votes do not
 * make either usable, so no speech dataset, model or figure holds them. A distorted (clipped) or quiet clip
 * still serves speech recognition.
 */
export function inspectedAudibleCondition(alias = 'r'): SQL {
  const flag = (name: 'silent' | 'tooShort') =>
    sql.raw(`coalesce((${alias}.quality->>'${name}')::boolean, false) = false`);
  return sql`${flag('silent')} and ${flag('tooShort')}`;
}

/**
 * Condition on a recordings row `r`: a clip a Lopit speech dataset may hold, whatever its review: its speaker
 * consents to recording now, it is transcribed, Lopit, neither silent nor too short, and a clip (a whole Tell
 * recording never is: its segments are). The full export set (set=all) holds these; everything that trains or is
 * counted adds validatedClipCondition (usableSpeechCondition).
 */
export function speechClipCondition(alias = 'r'): SQL {
  return sql`${clipConsents(alias)} and ${transcribedCondition(alias)} and ${lopitClipCondition(alias)}
    and ${inspectedAudibleCondition(alias)} and ${clipKindCondition(alias)}`;
}

/**
 * Condition on a recordings row `r`: usable Lopit speech, the one definition behind every figure of it (/training,
 * /data, the exports' summary and manifest; server/features/training/usable-speech.ts) and every speech
 * dataset and model: a speechClipCondition clip the community has validated.
 */
export function usableSpeechCondition(alias = 'r'): SQL {
  return sql`${speechClipCondition(alias)} and ${validatedClipCondition(alias)}`;
}
