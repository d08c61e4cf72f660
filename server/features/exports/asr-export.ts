// Speech recognition dataset in the layouts the field's tools read as they are: Common Voice's (validated.tsv,
// invalidated.tsv, other.tsv, reported.tsv with every Common Voice column and vocabulary; speaker-disjoint
// train/dev/test.tsv from the validated clips; clip_durations.tsv), a Hugging Face audiofolder whose split folders
// are clips/train, clips/dev and clips/test, and NeMo manifests per split. Audio is 16 kHz mono WAV by default,
// FLAC or the files as recorded on request. By default only validated clips are in it; the full set (set=all)
// holds every review state, for research.
import crypto from 'node:crypto';
import { csvRow, tsvRow } from '../../../core/csv.ts';
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
  ConsentVersions,
  datasetName,
  hoursOf,
  manifestBase,
  manifestBuffer,
  presentBlobs,
  profileValue,
  seconds,
  type BuiltExport,
  type ExportContext,
} from './export-format.ts';
import type { Clip } from './exports.repository.ts';
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
const DURATIONS_HEADER = ['clip', 'duration[ms]'];
const CSV_HEADER = [
  'file_name',
  'transcription',
  'speaker_id',
  'age',
  'gender',
  'dialect',
  'locale',
  'duration',
  'recorded_at',
];
const SPLITS: readonly Split[] = ['train', 'dev', 'test'];
/** The folder under clips/ of the clips in no split (not validated: the full set only). */
const NO_SPLIT = 'other';

export interface AsrExportOptions {
  audio: AsrAudioFormat;
  set: ExportSet;
}

/** Common Voice's sentence_id: clips of the same text share it. */
const sentenceId = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

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

  const header = tsvRow(COMMON_VOICE_COLUMNS);
  const stateFiles = {} as Record<ClipReviewState, Spool>;
  for (const state of CLIP_REVIEW_STATES) {
    stateFiles[state] = await archive.spool();
    await stateFiles[state].write(header);
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
  await durations.write(tsvRow(DURATIONS_HEADER));
  const csv = await archive.spool();
  await csv.write(csvRow(full ? [...CSV_HEADER, 'review_state'] : CSV_HEADER));

  const speakers = new Set<string>();
  const versions = new ConsentVersions();
  const locales: Record<string, number> = {};
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
  let quotedRows = 0;
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
      const locale = clip.language ?? '';
      const dialect = clip.dialect?.trim() ?? '';
      const row = tsvRow([
        speaker,
        clipPath,
        sentenceId(clip.transcript),
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
      if (clip.transcript.startsWith('"') || dialect.startsWith('"')) quotedRows += 1;
      await stateFiles[clip.reviewState].write(row);
      states[clip.reviewState] += 1;
      await durations.write(tsvRow([clipPath, Math.round(clip.durationSeconds * 1000)]));
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
      const csvCells = [
        `clips/${clipPath}`,
        clip.transcript,
        speaker,
        profile.age,
        profile.gender,
        dialect,
        locale,
        seconds(clip.durationSeconds),
        clip.recordedAt?.toISOString() ?? '',
      ];
      await csv.write(csvRow(full ? [...csvCells, clip.reviewState] : csvCells));

      const entry = `${folder}/clips/${clipPath}`;
      if (audio === 'wav') {
        archive.addStream(entry, wavSize(clip.durationSeconds, ASR_WAV_SAMPLE_RATE), () =>
          openWav(blobs, clip, ASR_WAV_SAMPLE_RATE, ffmpegPath),
        );
      } else if (audio === 'flac') {
        const spool = await archive.spool();
        await writeFlac(blobs, clip, ASR_WAV_SAMPLE_RATE, ffmpegPath, spool);
        await archive.addSpool(entry, spool);
      } else {
        archive.addStream(entry, clip.sizeBytes, async () => (await blobs.open(clip.sha256)).stream);
      }
      clips += 1;
      totalSeconds += clip.durationSeconds;
      speakers.add(clip.ownerId);
      versions.add(clip.formVersion, clip.ownerId);
      const localeKey = locale || 'unknown';
      locales[localeKey] = (locales[localeKey] ?? 0) + 1;
    }
  }
  for (const state of CLIP_REVIEW_STATES) {
    await archive.addSpool(`${folder}/${REVIEW_STATE_FILES[state]}`, stateFiles[state]);
  }
  for (const split of SPLITS) {
    await archive.addSpool(`${folder}/${split}.tsv`, splitFiles[split].tsv);
    // An empty split has no folder: the audiofolder then has no such split rather than an empty one.
    if (splits[split].clips > 0) {
      await archive.addSpool(`${folder}/clips/${split}/metadata.jsonl`, splitFiles[split].audiofolder);
    }
    await archive.addSpool(`${folder}/${split}_manifest.json`, splitFiles[split].nemo);
  }
  await archive.addSpool(`${folder}/clip_durations.tsv`, durations);
  await archive.addSpool(`${folder}/metadata.csv`, csv);

  const summary = await repository.asrSummary();
  const columns = COMMON_VOICE_COLUMNS.join(', ');
  const stateFileNote = (what: string) =>
    full ? `${columns}: ${what}` : `${columns}: header only in this set (${what} are in the full set)`;
  const extension = audio === 'original' ? '<as recorded>' : audio;
  archive.addBuffer(
    `${folder}/manifest.json`,
    manifestBuffer({
      ...manifestBase('asr', createdAt, set),
      counts: { clips, speakers: speakers.size, ...states },
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
      clipsByLocale: locales,
      consentFormVersions: versions.toJSON(),
      excluded: {
        recordingsWithoutConsent: summary.withoutConsent,
        recordingsWithoutTranscript: summary.untranscribed,
        recordingsWithMissingAudio: missingAudio,
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
        rule: `Each clip is heard by members of the community other than its speaker. It is validated once at least ${CLIP_VOTES_TO_DECIDE} have voted and more voted up than down; invalidated when more voted down than up, or on a tie after ${CLIP_TIE_INVALID_AFTER_VOTES} or more votes; pending (other.tsv) until then; reported while a listener's report waits for an admin. An admin may settle a clip either way with a reason; up_votes and down_votes are the votes as cast.`,
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
          "The platform asks for an age group (18-29, 30-44, 45-59, 60+); the TSVs write Common Voice's bracket holding most of the group's years (18-29 twenties, 30-44 thirties, 45-59 fifties) and sixties for 60+; empty when not given. metadata.csv, metadata.jsonl keep the group as given.",
        genders:
          "female_feminine and male_masculine for female and male; do_not_wish_to_say for a speaker who preferred not to say; other for the platform's third choice (Common Voice's value until its release 16: its current list names intersex, transgender and non-binary, and the platform does not ask which); empty when not given.",
        sentenceId: 'SHA-256 (hex) of the sentence as UTF-8: clips of the same text share it.',
        emptyColumns:
          'sentence_domain, variant and segment are empty: the platform does not classify sentences by domain or record language variants.',
        accents: "The speaker's own words for their dialect or home village, as given when recording.",
      },
      reading: {
        tsv: `Tab-separated, UTF-8 without byte-order mark, LF line ends, a header row, one clip per line: a tab or line break inside a text (with the spaces around it) is written as one space. Python: csv.DictReader(open(path, newline='', encoding='utf-8'), delimiter='\\t'); pandas: read_csv(path, sep='\\t', dtype=str, keep_default_na=False) (without keep_default_na=False, pandas reads a sentence such as NA or null as missing); Hugging Face: load_dataset('csv', data_files=path, delimiter='\\t', keep_default_na=False) (it reads with pandas). A cell that begins with a double quote is quoted as RFC 4180 says (the quote doubled), so these readers read it as written; readers that do not quote (Lhotse's and Hugging Face's Common Voice scripts read with csv.QUOTE_NONE, ESPnet's data_prep.pl splits lines on tabs) read every other cell as written and keep those quotes: ${quotedRows} clip${quotedRows === 1 ? ' has' : 's have'} such a cell in this archive. Nothing is changed for spreadsheets: text that begins with =, +, - or @ is as spoken.`,
        csv: "metadata.csv is RFC 4180 CSV, UTF-8 without byte-order mark, CRLF records; a cell with a comma, a quote or a line break is quoted and keeps its line breaks. Python: csv.DictReader(open(path, newline='', encoding='utf-8')); pandas: read_csv(path, dtype=str, keep_default_na=False).",
        jsonl:
          'metadata.jsonl and the NeMo manifests are JSON Lines (one JSON object per line, UTF-8): texts exactly as written, line breaks included.',
        recipes: `Common Voice recipes read this folder as Common Voice's folder of one language: Lhotse prepare_commonvoice(corpus_dir=<the folder holding ${folder}>, output_dir=..., languages=['${folder}']); the paths in the TSVs are relative to clips/. NeMo: the *_manifest.json files are its training manifests (audio_filepath relative to this folder, duration in seconds, text); NeMo's get_commonvoice_data.py is not needed (it expects MP3 clips). ESPnet's Common Voice data_prep.pl reads columns by position in Common Voice's order before release 17 (sentence third): with the current order, which this archive follows like Common Voice's own releases since 17, it would take sentence_id for the text. Hugging Face: load_dataset('audiofolder', data_dir='${folder}') gives the splits train, validation (clips/dev) and test with the columns of metadata.jsonl${full ? '; clips/other (not validated) is in no split' : ''}.`,
      },
      format: {
        name: 'Common Voice, Hugging Face audiofolder and NeMo manifests',
        description: `Transcribed recordings of consenting speakers for speech recognition. ${
          full
            ? 'This is the full set, for research on the review itself: every consented, transcribed clip whatever its review state, listed in the TSV of its state; metadata.csv has a review_state column. Train models on validated clips only (train, dev and test).'
            : 'Only clips the community has validated are in this set; invalidated.tsv, other.tsv and reported.tsv have their header only. The full set (set=all) lists those clips too.'
        } The TSV files follow Common Voice: the same columns in the same order, its age and gender vocabularies (see commonVoice), path relative to clips/. train, dev and test split the validated clips by speaker: no speaker is in two of them; dev takes about ${Math.round(ASR_DEV_SHARE * 100)}% and test about ${Math.round(ASR_TEST_SHARE * 100)}% of the validated audio (speakers visited in a fixed pseudo-random order, by the rule of this installation's ASR training set). Speaker ids (client_id, speaker_id) are pseudonymous: an HMAC-SHA256 of the account id with a secret of this installation, the same in every export of this installation. locale is lpx (Lopit), en (English) or empty when the speaker did not say. See reading for how each file is read back exactly.`,
        files: {
          'validated.tsv': `${columns}: the validated clips`,
          'invalidated.tsv': stateFileNote('invalidated clips'),
          'other.tsv': stateFileNote('clips still waiting for votes'),
          'reported.tsv': stateFileNote('clips reported to the admins'),
          'train.tsv': `${columns}: validated clips of the training speakers`,
          'dev.tsv': `${columns}: validated clips of the development speakers`,
          'test.tsv': `${columns}: validated clips of the test speakers`,
          'clip_durations.tsv':
            'clip, duration[ms]: every clip of the archive (clip as in path), in milliseconds',
          'metadata.csv': `file_name (relative to this folder), transcription, speaker_id, age, gender, dialect, locale, duration (seconds), recorded_at${full ? ', review_state' : ''}: every clip of the archive, the platform's own age groups and genders`,
          ...Object.fromEntries(
            SPLITS.filter((split) => splits[split].clips > 0).flatMap((split) => [
              [
                `clips/${split}/`,
                `the audio of the ${split} split (<recording id>.${extension}), a Hugging Face audiofolder split`,
              ],
              [
                `clips/${split}/metadata.jsonl`,
                "file_name (relative to the split's folder), transcription, speaker_id, age, gender, dialect, locale, recorded_at, duration (seconds): the audiofolder metadata of the split (JSON Lines, so every split has the same column types)",
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
            'this description, counts by review state and split, hours, consent form versions and licence',
        },
      },
    }),
  );
  return { fileName: `${folder}.zip` };
}
