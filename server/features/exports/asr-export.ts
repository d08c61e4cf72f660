// Lopit speech recognition dataset in the layouts the field's tools read as they are: Common Voice's (validated.tsv,
// invalidated.tsv, other.tsv with every Common Voice column and vocabulary; speaker-disjoint train/dev/test.tsv
// from the validated clips; clip_durations.tsv; validated_sentences.tsv, unvalidated_sentences.tsv and reported.tsv
// of the sentences offered for reading), written raw as Common Voice writes them, a Hugging Face audiofolder whose
// split folders are clips/train, clips/dev and clips/test (metadata per split only), and NeMo manifests per split.
// Only Lopit clips (locale lpx in every row): an English clip is never in it. Audio is 16 kHz mono WAV by default,
// FLAC or the files as recorded on request. By default only validated clips are in it; the full set (set=all)
// holds every review state, for research.
import crypto from 'node:crypto';
import { oneLine, rawTsvRow } from '../../../core/csv.ts';
import {
  ASR_WAV_SAMPLE_RATE,
  REVIEW_STATE_FILES,
  type AsrAudioFormat,
  type ExportSet,
} from '../../../core/api/exports.ts';
import {
  CLIP_REVIEW_STATES,
  CLIP_TIE_INVALID_AFTER_VOTES,
  CLIP_VOTES_TO_DECIDE,
  type ClipReviewState,
} from '../../../core/review/rules.ts';
import { ASR_DEV_SHARE, ASR_TEST_SHARE } from '../../../core/constants.ts';
import { pseudonymousSpeakerId } from '../../lib/speaker-pseudonyms.ts';
import { splitSpeakers, type Split } from '../training/dataset-split.ts';
import { speakerHash } from '../training/training-data.repository.ts';
import {
  audioExtension,
  checkAborted,
  COMMON_VOICE_AGES,
  commonVoiceAge,
  commonVoiceGender,
  COMMON_VOICE_REPORT_REASONS,
  ConsentVersions,
  datasetName,
  hoursOf,
  LANGUAGE,
  manifestBase,
  manifestBuffer,
  presentBlobs,
  profileValue,
  seconds,
  tsvBuffer,
  type BuiltExport,
  type ExportContext,
} from './export-format.ts';
import { SENTENCE_SOURCES, type Clip, type Sentence } from './exports.repository.ts';
import type { Spool } from './zip-archive.ts';
import { openWav, wavSize, writeFlac } from './wav-stream.ts';

/** The columns of Common Voice's clip TSVs, in its order (since its release 17). */
export const COMMON_VOICE_COLUMNS = [
  'client_id',
  'path',
  'sentence_id',
  'sentence',
  'sentence_domain',
  'up_votes',
  'down_votes',
  'age',
  'gender',
  'accents',
  'variant',
  'locale',
  'segment',
] as const;
/** Common Voice's validated_sentences.tsv: the sentences offered for reading, with their clips. */
export const VALIDATED_SENTENCE_COLUMNS = [
  'sentence_id',
  'sentence',
  'sentence_domain',
  'source',
  'is_used',
  'clips_count',
] as const;
/** Common Voice's unvalidated_sentences.tsv: sentences written but not yet reviewed. */
export const UNVALIDATED_SENTENCE_COLUMNS = ['sentence_id', 'sentence', 'sentence_domain', 'source'] as const;
/** Common Voice's reported.tsv: one row per report of a sentence. */
export const REPORTED_SENTENCE_COLUMNS = ['sentence_id', 'sentence', 'locale', 'reason'] as const;
const DURATIONS_HEADER = ['clip', 'duration[ms]'];
/** The full set's review state of every clip (other.tsv holds two states). */
const REVIEW_STATES_HEADER = ['clip', 'review_state'];
const CLIP_FILES = [...new Set(Object.values(REVIEW_STATE_FILES))];
const SPLITS: readonly Split[] = ['train', 'dev', 'test'];
/** The folder under clips/ of the clips in no split (not validated: the full set only). */
const NO_SPLIT = 'other';

export interface AsrExportOptions {
  audio: AsrAudioFormat;
  set: ExportSet;
}

/** A text as the TSVs write it: on one line. */
const sentenceText = (text: string) => oneLine(text);
/** Common Voice's sentence_id: SHA-256 of the sentence as written; clips and sentences of the same text share it. */
const sentenceId = (text: string) =>
  crypto.createHash('sha256').update(sentenceText(text), 'utf8').digest('hex');

/** Sentences once each by sentence_id, in use when any of its copies is. */
function uniqueSentences(sentences: readonly Sentence[]): Map<string, Sentence> {
  const byId = new Map<string, Sentence>();
  for (const sentence of sentences) {
    const id = sentenceId(sentence.text);
    const seen = byId.get(id);
    if (seen) seen.inUse ||= sentence.inUse;
    else byId.set(id, { ...sentence, text: sentenceText(sentence.text) });
  }
  return byId;
}

/** A JSON line whose duration is written with a decimal point, so JSON readers type it the same in every file. */
function jsonLine(fields: Record<string, string | number>, duration: number): string {
  return `${JSON.stringify(fields).slice(0, -1)},"duration":${duration.toFixed(3)}}\n`;
}

export async function buildAsrExport(
  context: ExportContext,
  { audio, set }: AsrExportOptions,
): Promise<BuiltExport> {
  const { repository, blobs, archive, createdAt, ffmpegPath, signal } = context;
  const folder = datasetName('asr', createdAt, set);
  const salt = await repository.speakerSalt();
  const full = set === 'all';

  // The split is decided before the clips are read, from each speaker's validated audio, by the rule the ASR
  // training set uses (same keys, same shares): a speaker's clips are all in one of train, dev, test.
  const { assignment } = splitSpeakers(
    (await repository.validatedSpeakerTotals()).map((total) => ({
      key: speakerHash(total.userId),
      seconds: total.seconds,
      utterances: total.utterances,
    })),
  );
  const splitOf = (clip: Clip): Split | undefined =>
    clip.reviewState === 'validated' ? assignment[speakerHash(clip.ownerId)] : undefined;

  const header = rawTsvRow(COMMON_VOICE_COLUMNS);
  const clipFiles = new Map<string, Spool>();
  for (const name of CLIP_FILES) {
    const spool = await archive.spool();
    await spool.write(header);
    clipFiles.set(name, spool);
  }
  const splitFiles = {} as Record<Split, { tsv: Spool; audiofolder: Spool; nemo: Spool }>;
  for (const split of SPLITS) {
    splitFiles[split] = {
      tsv: await archive.spool(),
      audiofolder: await archive.spool(),
      nemo: await archive.spool(),
    };
    await splitFiles[split].tsv.write(header);
  }
  const durations = await archive.spool();
  await durations.write(rawTsvRow(DURATIONS_HEADER));
  const reviewStates = full ? await archive.spool() : null;
  await reviewStates?.write(rawTsvRow(REVIEW_STATES_HEADER));
  /** Clips of this archive by sentence_id (validated_sentences.tsv's clips_count). */
  const clipsOfSentence = new Map<string, number>();

  const speakers = new Set<string>();
  const versions = new ConsentVersions();
  const states = Object.fromEntries(CLIP_REVIEW_STATES.map((state) => [state, 0])) as Record<
    ClipReviewState,
    number
  >;
  const splits = Object.fromEntries(
    SPLITS.map((split) => [split, { speakers: new Set<string>(), clips: 0, seconds: 0 }]),
  ) as Record<Split, { speakers: Set<string>; clips: number; seconds: number }>;
  let clips = 0;
  let totalSeconds = 0;
  let missingAudio = 0;
  let unsplit = 0;
  for await (const batch of repository.clips({ set })) {
    checkAborted(signal);
    const present = await presentBlobs(blobs, batch);
    for (const clip of batch) {
      if (!present.has(clip.sha256)) {
        missingAudio += 1;
        continue;
      }
      checkAborted(signal);
      const split = splitOf(clip);
      const file = `${clip.id}.${audio === 'original' ? audioExtension(clip.mimeType) : audio}`;
      const clipPath = `${split ?? NO_SPLIT}/${file}`;
      if (!split) unsplit += 1;
      const speaker = pseudonymousSpeakerId(salt, clip.ownerId);
      // Every clip this export reads is Lopit (ExportsRepository.clips): the locale is the dataset's.
      const locale = LANGUAGE.code;
      const dialect = clip.dialect?.trim() ?? '';
      const sentence = sentenceId(clip.transcript);
      clipsOfSentence.set(sentence, (clipsOfSentence.get(sentence) ?? 0) + 1);
      const row = rawTsvRow([
        speaker,
        clipPath,
        sentence,
        clip.transcript,
        '',
        clip.upVotes,
        clip.downVotes,
        commonVoiceAge(clip.ageGroup),
        commonVoiceGender(clip.gender),
        dialect,
        '',
        locale,
        '',
      ]);
      await clipFiles.get(REVIEW_STATE_FILES[clip.reviewState])!.write(row);
      states[clip.reviewState] += 1;
      await durations.write(rawTsvRow([clipPath, Math.round(clip.durationSeconds * 1000)]));
      await reviewStates?.write(rawTsvRow([clipPath, clip.reviewState]));
      const profile = {
        speaker_id: speaker,
        age: profileValue(clip.ageGroup),
        gender: profileValue(clip.gender),
        dialect,
        locale,
      };
      if (split) {
        const files = splitFiles[split];
        await files.tsv.write(row);
        await files.audiofolder.write(
          jsonLine(
            {
              file_name: file,
              transcription: clip.transcript,
              ...profile,
              recorded_at: clip.recordedAt?.toISOString() ?? '',
            },
            clip.durationSeconds,
          ),
        );
        await files.nemo.write(
          `${JSON.stringify({ audio_filepath: `clips/${clipPath}`, duration: seconds(clip.durationSeconds), text: clip.transcript })}\n`,
        );
        splits[split].speakers.add(speaker);
        splits[split].clips += 1;
        splits[split].seconds += clip.durationSeconds;
      }

      const entry = `${folder}/clips/${clipPath}`;
      if (audio === 'wav') {
        archive.addStream(entry, wavSize(clip.durationSeconds, ASR_WAV_SAMPLE_RATE), () =>
          openWav(blobs, clip, ASR_WAV_SAMPLE_RATE, ffmpegPath, archive.tempRoot),
        );
      } else if (audio === 'flac') {
        const spool = await archive.spool();
        await writeFlac(blobs, clip, ASR_WAV_SAMPLE_RATE, ffmpegPath, spool, archive.tempRoot);
        await archive.addSpool(entry, spool);
      } else {
        archive.addStream(entry, clip.sizeBytes, async () => (await blobs.open(clip.sha256)).stream);
      }
      clips += 1;
      totalSeconds += clip.durationSeconds;
      speakers.add(clip.ownerId);
      versions.add(clip.formVersion, clip.ownerId);
    }
  }
  for (const [name, spool] of clipFiles) await archive.addSpool(`${folder}/${name}`, spool);
  for (const split of SPLITS) {
    await archive.addSpool(`${folder}/${split}.tsv`, splitFiles[split].tsv);
    // An empty split has no folder: the audiofolder then has no such split rather than an empty one.
    if (splits[split].clips > 0) {
      await archive.addSpool(`${folder}/clips/${split}/metadata.jsonl`, splitFiles[split].audiofolder);
    }
    await archive.addSpool(`${folder}/${split}_manifest.json`, splitFiles[split].nemo);
  }
  await archive.addSpool(`${folder}/clip_durations.tsv`, durations);
  if (reviewStates) await archive.addSpool(`${folder}/clip_review_states.tsv`, reviewStates);

  // The sentences offered for reading, as Common Voice lists its text corpus: the validated ones with their
  // clips in this archive; those waiting for review in the full set only (like the clips not validated); every
  // report of a validated sentence, with Common Voice's reason.
  checkAborted(signal);
  const sentences = await repository.sentences();
  const validatedSentences = uniqueSentences(sentences.validated);
  const unvalidatedSentences = full
    ? [...uniqueSentences(sentences.unvalidated)].filter(([id]) => !validatedSentences.has(id))
    : [];
  const reports = await repository.sentenceReports();
  archive.addBuffer(
    `${folder}/validated_sentences.tsv`,
    tsvBuffer(
      VALIDATED_SENTENCE_COLUMNS,
      [...validatedSentences].map(([id, sentence]) => [
        id,
        sentence.text,
        '',
        sentence.source,
        sentence.inUse ? 1 : 0,
        clipsOfSentence.get(id) ?? 0,
      ]),
    ),
  );
  archive.addBuffer(
    `${folder}/unvalidated_sentences.tsv`,
    tsvBuffer(
      UNVALIDATED_SENTENCE_COLUMNS,
      unvalidatedSentences.map(([id, sentence]) => [id, sentence.text, '', sentence.source]),
    ),
  );
  archive.addBuffer(
    `${folder}/reported.tsv`,
    tsvBuffer(
      REPORTED_SENTENCE_COLUMNS,
      reports.map((report) => [
        sentenceId(report.text),
        sentenceText(report.text),
        LANGUAGE.code,
        COMMON_VOICE_REPORT_REASONS[report.reason],
      ]),
    ),
  );

  const summary = await repository.asrSummary();
  // The usable Lopit speech /training and /data show: the validated clips above, less those without audio.
  const { bySpeaker: _bySpeaker, ...lopitSpeech } = await repository.usableSpeech();
  const columns = COMMON_VOICE_COLUMNS.join(', ');
  const stateFileNote = (what: string) =>
    full ? `${columns}: ${what}` : `${columns}: header only in this set (${what} are in the full set)`;
  const extension = audio === 'original' ? '<as recorded>' : audio;
  archive.addBuffer(
    `${folder}/manifest.json`,
    manifestBuffer({
      ...manifestBase('asr', createdAt, set),
      counts: {
        clips,
        speakers: speakers.size,
        ...states,
        validatedSentences: validatedSentences.size,
        unvalidatedSentences: unvalidatedSentences.length,
        sentenceReports: reports.length,
      },
      hours: hoursOf(totalSeconds),
      splits: Object.fromEntries(
        SPLITS.map((split) => [
          split,
          {
            speakers: splits[split].speakers.size,
            clips: splits[split].clips,
            hours: hoursOf(splits[split].seconds),
          },
        ]),
      ),
      clipsByLocale: { [LANGUAGE.code]: clips },
      lopitSpeech,
      consentFormVersions: versions.toJSON(),
      excluded: {
        recordingsWithoutConsent: summary.withoutConsent,
        recordingsWithoutTranscript: summary.untranscribed,
        recordingsWithMissingAudio: missingAudio,
        recordingsNotInLopit: summary.otherLanguage,
        recordingsSilentOrTooShort: summary.flagged,
        ...(full
          ? {}
          : {
              recordingsNotValidated:
                summary.states.pending + summary.states.invalidated + summary.states.reported,
            }),
      },
      review: {
        votesToDecide: CLIP_VOTES_TO_DECIDE,
        tieInvalidAfterVotes: CLIP_TIE_INVALID_AFTER_VOTES,
        rule: `Each clip is heard by members of the community other than its speaker. It is validated once at least ${CLIP_VOTES_TO_DECIDE} have voted and more voted up than down; invalidated when more voted down than up, or on a tie after ${CLIP_TIE_INVALID_AFTER_VOTES} or more votes; pending until then; reported while a listener's report waits for an admin (pending and reported clips are both in other.tsv, as Common Voice lists clips not yet decided). An admin may settle a clip either way with a reason; up_votes and down_votes are the votes as cast.`,
      },
      audio:
        audio === 'original'
          ? {
              format: 'original',
              note: 'Each clip as it was recorded or uploaded (WebM/Ogg Opus, MP4/AAC, WAV, MP3 or FLAC). soundfile and Hugging Face audiofolder do not open WebM or MP4/AAC (.m4a) without ffmpeg: choose audio=wav or audio=flac for a dataset every toolkit opens.',
            }
          : {
              format: audio,
              sampleRate: ASR_WAV_SAMPLE_RATE,
              channels: 1,
              bitsPerSample: 16,
              note: `Decoded from the recording by ffmpeg, mixed to mono and resampled; each file holds exactly round(duration × ${ASR_WAV_SAMPLE_RATE}) samples, duration being the length measured by decoding the recording at upload (cut or padded with silence by a few milliseconds at most).${audio === 'flac' ? ' FLAC holds the same samples as the WAV, losslessly compressed.' : ''}`,
            },
      commonVoice: {
        ages: COMMON_VOICE_AGES,
        ageRule:
          "The platform asks for an age group (18-29, 30-44, 45-59, 60+); the TSVs write Common Voice's bracket holding most of the group's years (18-29 twenties, 30-44 thirties, 45-59 fifties) and sixties for 60+; empty when not given. metadata.jsonl keeps the group as given.",
        genders:
          "female_feminine and male_masculine for female and male; do_not_wish_to_say for a speaker who preferred not to say; other for the platform's third choice (Common Voice's value until its release 16: its current list names intersex, transgender and non-binary, and the platform does not ask which); empty when not given.",
        sentenceId: 'SHA-256 (hex) of the sentence as UTF-8: clips of the same text share it.',
        emptyColumns:
          'sentence_domain, variant and segment are empty: the platform does not classify sentences by domain or record language variants.',
        sentences: `validated_sentences.tsv lists the Lopit sentences offered for reading: the Lopit of English-Lopit pairs the community approved (source "${SENTENCE_SOURCES.translation}") and the Lopit sentences contributors wrote to be read and the community approved (source "${SENTENCE_SOURCES.written}"), whose authors consent; is_used is 1 while the sentence is offered for reading, 0 once an admin retired it; clips_count counts the clips of the sentence in this archive. unvalidated_sentences.tsv lists Lopit translations and written sentences waiting for review by authors who consent${full ? '' : ' (in the full set only: here it has its header only)'}. reported.tsv has one row per report of a validated sentence, with Common Voice's reason (difficult-pronounce, offensive-language, different-language, grammar-or-spelling); a report concerns a prompt, its English and its Lopit together. A clip whose text was not read from a prompt (transcribed speech) has a sentence_id of its own, in no sentence file.`,
        reportReasons: COMMON_VOICE_REPORT_REASONS,
        accents: "The speaker's own words for their dialect or home village, as given when recording.",
      },
      reading: {
        tsv: `Tab-separated, UTF-8 without byte-order mark, LF line ends, a header row, one clip (or sentence) per line, written raw as Common Voice writes its TSVs: no quoting and no escaping. A tab or line break inside a text (with the spaces around it) is written as one space; everything else is as written, a double quote too, also at the start of a text. Read without quoting, as Common Voice's readers do: Python csv.DictReader(open(path, newline='', encoding='utf-8'), delimiter='\\t', quoting=csv.QUOTE_NONE) (as Lhotse's recipe and Hugging Face's Common Voice script read; ESPnet's data_prep.pl splits lines on tabs); pandas read_csv(path, sep='\\t', quoting=3, dtype=str, keep_default_na=False) (without keep_default_na=False, pandas reads a sentence such as NA or null as missing); Hugging Face load_dataset('csv', data_files=path, delimiter='\\t', quoting=3, keep_default_na=False). A reader that quotes (the csv module's and pandas' default) takes a text that begins with a double quote apart. Nothing is changed for spreadsheets: text that begins with =, +, - or @ is as spoken.`,
        jsonl:
          'metadata.jsonl and the NeMo manifests are JSON Lines (one JSON object per line, UTF-8): texts exactly as written, line breaks included.',
        recipes: `Common Voice recipes read this folder as Common Voice's folder of one language: Lhotse prepare_commonvoice(corpus_dir=<the folder holding ${folder}>, output_dir=..., languages=['${folder}']); the paths in the TSVs are relative to clips/. NeMo: the *_manifest.json files are its training manifests (audio_filepath relative to this folder, duration in seconds, text); NeMo's get_commonvoice_data.py is not needed (it expects MP3 clips). ESPnet's Common Voice data_prep.pl reads columns by position in Common Voice's order before release 17 (sentence third): with the current order, which this archive follows like Common Voice's own releases since 17, it would take sentence_id for the text. Hugging Face: load_dataset('audiofolder', data_dir='${folder}') gives the splits train, validation (clips/dev) and test with the columns of metadata.jsonl${full ? '; clips/other (not validated) is in no split' : ''}.`,
      },
      format: {
        name: 'Common Voice, Hugging Face audiofolder and NeMo manifests',
        description: `Transcribed recordings of consenting speakers for speech recognition. ${
          full
            ? 'This is the full set, for research on the review itself: every consented, transcribed Lopit clip whatever its review state, listed in the TSV of its state, and clip_review_states.tsv gives the state of each. Train models on validated clips only (train, dev and test).'
            : 'Only clips the community has validated are in this set; invalidated.tsv, other.tsv and unvalidated_sentences.tsv have their header only. The full set (set=all) lists those clips and sentences too.'
        } The TSV files follow Common Voice: the same columns in the same order, its age and gender vocabularies (see commonVoice), path relative to clips/. train, dev and test split the validated clips by speaker: no speaker is in two of them; dev takes about ${Math.round(ASR_DEV_SHARE * 100)}% and test about ${Math.round(ASR_TEST_SHARE * 100)}% of the validated audio (speakers visited in a fixed pseudo-random order, by the rule of this installation's ASR training set). Speaker ids (client_id, speaker_id) are pseudonymous: an HMAC-SHA256 of the account id with a secret of this installation, the same in every export of this installation. Every clip is Lopit speech and locale is lpx in every row: clips in another language (English read speech) are never in this dataset (excluded.recordingsNotInLopit counts them). See reading for how each file is read back exactly.`,
        files: {
          'validated.tsv': `${columns}: the validated clips`,
          'invalidated.tsv': stateFileNote('invalidated clips'),
          'other.tsv': stateFileNote('clips not yet decided: waiting for votes, or reported to the admins'),
          'validated_sentences.tsv': `${VALIDATED_SENTENCE_COLUMNS.join(', ')}: the Lopit sentences offered for reading (see commonVoice.sentences)`,
          'unvalidated_sentences.tsv': full
            ? `${UNVALIDATED_SENTENCE_COLUMNS.join(', ')}: Lopit sentences waiting for review`
            : `${UNVALIDATED_SENTENCE_COLUMNS.join(', ')}: header only in this set (the sentences waiting for review are in the full set)`,
          'reported.tsv': `${REPORTED_SENTENCE_COLUMNS.join(', ')}: one row per report of a validated sentence, Common Voice's reasons`,
          'train.tsv': `${columns}: validated clips of the training speakers`,
          'dev.tsv': `${columns}: validated clips of the development speakers`,
          'test.tsv': `${columns}: validated clips of the test speakers`,
          'clip_durations.tsv':
            'clip, duration[ms]: every clip of the archive (clip as in path), in milliseconds',
          ...(full
            ? {
                'clip_review_states.tsv': `clip, review_state: every clip of the archive (clip as in path) and its review state (${CLIP_REVIEW_STATES.join(', ')})`,
              }
            : {}),
          ...Object.fromEntries(
            SPLITS.filter((split) => splits[split].clips > 0).flatMap((split) => [
              [
                `clips/${split}/`,
                `the audio of the ${split} split (<recording id>.${extension}), a Hugging Face audiofolder split`,
              ],
              [
                `clips/${split}/metadata.jsonl`,
                "file_name (relative to the split's folder), transcription, speaker_id, age, gender, dialect, locale, recorded_at, duration (seconds): the audiofolder metadata of the split (JSON Lines, so every split has the same column types; there is no metadata file outside the splits, which Hugging Face datasets up to 3.3.2 would refuse), the platform's own age groups and genders",
              ],
            ]),
          ),
          ...(unsplit > 0
            ? { [`clips/${NO_SPLIT}/`]: 'the audio of the clips that are not validated (in no split)' }
            : {}),
          ...Object.fromEntries(
            SPLITS.map((split) => [
              `${split}_manifest.json`,
              `NeMo manifest of the ${split} split (JSON Lines): audio_filepath (relative to this folder), duration (seconds), text`,
            ]),
          ),
          'manifest.json':
            "this description, counts by review state and split, sentences, hours, consent form versions and licence; lopitSpeech: the platform's figures of usable Lopit speech (validated, transcribed, consented, neither silent nor too short by inspection), in total and per dialect, as its /training and /data pages show them (seconds exact, hours to 1/100)",
        },
      },
    }),
  );
  return { fileName: `${folder}.zip` };
}
