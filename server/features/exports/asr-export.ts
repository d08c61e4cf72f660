// Speech recognition dataset: consented, transcribed clips with Common Voice's split files (validated.tsv,
// invalidated.tsv, other.tsv, reported.tsv with the votes; speaker-disjoint train/dev/test.tsv from the validated
// clips) and a Hugging Face audiofolder metadata.csv, the audio as recorded or as 16 kHz mono WAV. By default
// only validated clips are in it; the full set (set=all) holds every review state, for research.
import { csvRow, tsvRow } from '../../../core/csv.ts';
import { ASR_WAV_SAMPLE_RATE, REVIEW_STATE_FILES, type ExportSet } from '../../../core/api/exports.ts';
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
import type { Spool } from './zip-archive.ts';
import { openWav, wavSize } from './wav-stream.ts';

/** Every TSV: the columns of earlier exports, then the votes (Common Voice's up_votes and down_votes). */
const TSV_HEADER = [
  'client_id',
  'path',
  'sentence',
  'age',
  'gender',
  'accents',
  'locale',
  'duration',
  'up_votes',
  'down_votes',
];
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

export interface AsrExportOptions {
  audio: 'original' | 'wav';
  set: ExportSet;
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

  const header = tsvRow(TSV_HEADER);
  const stateFiles = {} as Record<ClipReviewState, Spool>;
  for (const state of CLIP_REVIEW_STATES) {
    stateFiles[state] = await archive.spool();
    await stateFiles[state].write(header);
  }
  const splitFiles = {} as Record<Split, Spool>;
  for (const split of SPLITS) {
    splitFiles[split] = await archive.spool();
    await splitFiles[split].write(header);
  }
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
  for await (const batch of repository.clips({ set })) {
    checkAborted(signal);
    const present = await presentBlobs(blobs, batch);
    for (const clip of batch) {
      if (!present.has(clip.sha256)) {
        missingAudio += 1;
        continue;
      }
      const file = `${clip.id}.${audio === 'wav' ? 'wav' : audioExtension(clip.mimeType)}`;
      const speaker = pseudonymousSpeakerId(salt, clip.ownerId);
      const locale = clip.language ?? '';
      const fields = {
        age: profileValue(clip.ageGroup),
        gender: profileValue(clip.gender),
        dialect: clip.dialect?.trim() ?? '',
        duration: seconds(clip.durationSeconds),
      };
      const row = tsvRow([
        speaker,
        file,
        clip.transcript,
        fields.age,
        fields.gender,
        fields.dialect,
        locale,
        fields.duration,
        clip.upVotes,
        clip.downVotes,
      ]);
      await stateFiles[clip.reviewState].write(row);
      states[clip.reviewState] += 1;
      const split = clip.reviewState === 'validated' ? assignment[speakerHash(clip.ownerId)] : undefined;
      if (split) {
        await splitFiles[split].write(row);
        splits[split].speakers.add(speaker);
        splits[split].clips += 1;
        splits[split].seconds += clip.durationSeconds;
      }
      const csvCells = [
        `clips/${file}`,
        clip.transcript,
        speaker,
        fields.age,
        fields.gender,
        fields.dialect,
        locale,
        fields.duration,
        clip.recordedAt?.toISOString() ?? '',
      ];
      await csv.write(csvRow(full ? [...csvCells, clip.reviewState] : csvCells));
      if (audio === 'wav') {
        archive.addStream(`${folder}/clips/${file}`, wavSize(clip.durationSeconds, ASR_WAV_SAMPLE_RATE), () =>
          openWav(blobs, clip, ASR_WAV_SAMPLE_RATE, ffmpegPath),
        );
      } else {
        archive.addStream(
          `${folder}/clips/${file}`,
          clip.sizeBytes,
          async () => (await blobs.open(clip.sha256)).stream,
        );
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
  for (const split of SPLITS) await archive.addSpool(`${folder}/${split}.tsv`, splitFiles[split]);
  await archive.addSpool(`${folder}/metadata.csv`, csv);

  const summary = await repository.asrSummary();
  const columns = TSV_HEADER.join(', ');
  const stateFileNote = (what: string) =>
    full ? `${columns}: ${what}` : `${columns}: header only in this set (${what} are in the full set)`;
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
        audio === 'wav'
          ? { format: 'wav', sampleRate: ASR_WAV_SAMPLE_RATE, channels: 1, bitsPerSample: 16 }
          : {
              format: 'original',
              note: 'Each clip as it was recorded or uploaded (WebM/Ogg Opus, MP4/AAC, WAV, MP3 or FLAC).',
            },
      format: {
        name: 'Common Voice-style TSV and Hugging Face audiofolder',
        description: `Transcribed recordings of consenting speakers for speech recognition. ${
          full
            ? 'This is the full set, for research on the review itself: every consented, transcribed clip whatever its review state, listed in the TSV of its state; metadata.csv has a review_state column. Train models on validated clips only (train, dev and test.tsv).'
            : 'Only clips the community has validated are in this set (clips/, metadata.csv, validated.tsv and train/dev/test.tsv); invalidated.tsv, other.tsv and reported.tsv have their header only. The full set (set=all) lists those clips too.'
        } The TSV files follow Common Voice (tab-separated, no quoting; path is relative to clips/). train.tsv, dev.tsv and test.tsv split the validated clips by speaker: no speaker is in two of them; dev takes about ${Math.round(ASR_DEV_SHARE * 100)}% and test about ${Math.round(ASR_TEST_SHARE * 100)}% of the validated audio (speakers visited in a fixed pseudo-random order, by the rule of this installation's ASR training set). metadata.csv is the metadata file of a Hugging Face "audiofolder" dataset (load_dataset("audiofolder", data_dir=...)). Speaker ids are pseudonymous: an HMAC-SHA256 of the account id with a secret of this installation, the same in every export of this installation. Age groups are 18-29, 30-44, 45-59, 60+; gender female, male or other; empty when not given. accents/dialect is the speaker's own text (dialect or home village) when recording. locale is lpx (Lopit), en (English) or empty when the speaker did not say. duration is in seconds. Text cells that begin with =, +, -, @ have an apostrophe put before them so spreadsheet programs do not run them as formulas; tabs and line breaks in text become spaces.`,
        files: {
          'validated.tsv': `${columns}: the validated clips`,
          'invalidated.tsv': stateFileNote('invalidated clips'),
          'other.tsv': stateFileNote('clips still waiting for votes'),
          'reported.tsv': stateFileNote('clips reported to the admins'),
          'train.tsv': `${columns}: validated clips of the training speakers`,
          'dev.tsv': `${columns}: validated clips of the development speakers`,
          'test.tsv': `${columns}: validated clips of the test speakers`,
          'metadata.csv': `file_name, transcription, speaker_id, age, gender, dialect, locale, duration, recorded_at${full ? ', review_state' : ''} (UTF-8, RFC 4180)`,
          'clips/':
            audio === 'wav'
              ? '16 kHz mono 16-bit PCM WAV, named by recording id'
              : 'audio as recorded, named by recording id',
          'manifest.json':
            'this description, counts by review state and split, hours, consent form versions and licence',
        },
      },
    }),
  );
  return { fileName: `${folder}.zip` };
}
