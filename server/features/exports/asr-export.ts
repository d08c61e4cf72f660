// Speech recognition dataset: consented, transcribed clips with a Common Voice-style validated.tsv and a
// Hugging Face audiofolder metadata.csv, the audio as recorded or as 16 kHz mono WAV.
import { csvRow, tsvRow } from '../../../core/csv.ts';
import { ASR_WAV_SAMPLE_RATE } from '../../../core/api/exports.ts';
import { pseudonymousSpeakerId } from '../../lib/speaker-pseudonyms.ts';
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
import { openWav, wavSize } from './wav-stream.ts';

const TSV_HEADER = ['client_id', 'path', 'sentence', 'age', 'gender', 'accents', 'locale', 'duration'];
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

export async function buildAsrExport(
  context: ExportContext,
  audio: 'original' | 'wav',
): Promise<BuiltExport> {
  const { repository, blobs, archive, createdAt, ffmpegPath, signal } = context;
  const folder = datasetName('asr', createdAt);
  const salt = await repository.speakerSalt();
  const tsv = await archive.spool();
  const csv = await archive.spool();
  await tsv.write(tsvRow(TSV_HEADER));
  await csv.write(csvRow(CSV_HEADER));

  const speakers = new Set<string>();
  const versions = new ConsentVersions();
  const locales: Record<string, number> = {};
  let clips = 0;
  let totalSeconds = 0;
  let missingAudio = 0;
  for await (const batch of repository.clips()) {
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
      await tsv.write(
        tsvRow([
          speaker,
          file,
          clip.transcript,
          fields.age,
          fields.gender,
          fields.dialect,
          locale,
          fields.duration,
        ]),
      );
      await csv.write(
        csvRow([
          `clips/${file}`,
          clip.transcript,
          speaker,
          fields.age,
          fields.gender,
          fields.dialect,
          locale,
          fields.duration,
          clip.recordedAt?.toISOString() ?? '',
        ]),
      );
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
  await archive.addSpool(`${folder}/validated.tsv`, tsv);
  await archive.addSpool(`${folder}/metadata.csv`, csv);

  const summary = await repository.asrSummary();
  archive.addBuffer(
    `${folder}/manifest.json`,
    manifestBuffer({
      ...manifestBase('asr', createdAt),
      counts: { clips, speakers: speakers.size },
      hours: hoursOf(totalSeconds),
      clipsByLocale: locales,
      consentFormVersions: versions.toJSON(),
      excluded: {
        recordingsWithoutConsent: summary.withoutConsent,
        recordingsWithoutTranscript: summary.untranscribed,
        recordingsWithMissingAudio: missingAudio,
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
        description:
          'Transcribed recordings of consenting speakers for speech recognition. validated.tsv follows Common Voice (tab-separated, no quoting; path is relative to clips/); metadata.csv is the metadata file of a Hugging Face "audiofolder" dataset (load_dataset("audiofolder", data_dir=...)). Speaker ids are pseudonymous: an HMAC-SHA256 of the account id with a secret of this installation, the same in every export of this installation. Age groups are 18-29, 30-44, 45-59, 60+; gender female, male or other; empty when not given. accents/dialect is the speaker\'s own text (dialect or home village) when recording. locale is lpx (Lopit), en (English) or empty when the speaker did not say. duration is in seconds. Text cells that begin with =, +, -, @ have an apostrophe put before them so spreadsheet programs do not run them as formulas; tabs and line breaks in text become spaces.',
        files: {
          'validated.tsv': 'client_id, path, sentence, age, gender, accents, locale, duration',
          'metadata.csv':
            'file_name, transcription, speaker_id, age, gender, dialect, locale, duration (UTF-8, RFC 4180)',
          'clips/':
            audio === 'wav'
              ? '16 kHz mono 16-bit PCM WAV, named by recording id'
              : 'audio as recorded, named by recording id',
          'manifest.json': 'this description, counts, hours, consent form versions and licence',
        },
      },
    }),
  );
  return { fileName: `${folder}.zip` };
}
