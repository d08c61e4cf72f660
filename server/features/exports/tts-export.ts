// Voice dataset of one speaker: LJSpeech-style metadata.csv (id|text|normalised text) and 22,050 Hz mono
// 16-bit WAV files of the speaker's consented, transcribed, validated Lopit recordings.
import { oneLine } from '../../../core/csv.ts';
import { TTS_WAV_SAMPLE_RATE } from '../../../core/api/exports.ts';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import { normaliseText } from '../../../core/mt/normalise.ts';
import { AppError } from '../../errors.ts';
import { pseudonymousSpeakerId } from '../../lib/speaker-pseudonyms.ts';
import {
  checkAborted,
  ConsentVersions,
  datasetName,
  hoursOf,
  manifestBase,
  manifestBuffer,
  presentBlobs,
  profileValue,
  type BuiltExport,
  type ExportContext,
} from './export-format.ts';
import { openWav, wavSize } from './wav-stream.ts';

/**
 * A field of a pipe-separated LJSpeech line, which its readers split without quoting (Coqui's formatter on |,
 * Hugging Face's loader with csv.QUOTE_NONE): the text as written but on one line, a | or line break (with the
 * spaces around it) written as one space.
 */
const ljField = (text: string) => oneLine(text, '|\t');

/** LJSpeech's third column: NFC, unified quotes, dashes and spaces. Numbers are not spelled out (no Lopit number words are known to the platform). */
export function normalisedTranscript(text: string): string {
  return ljField(normaliseText(text)).replace(/\s+/g, ' ').trim();
}

export async function buildTtsExport(
  context: ExportContext,
  speakerId: string | undefined,
): Promise<BuiltExport> {
  const { repository, blobs, archive, createdAt, ffmpegPath, signal } = context;
  const chosen = speakerId ?? (await repository.ttsSpeakers())[0]?.id;
  if (!chosen) {
    throw new AppError(
      404,
      'No speaker has consented, transcribed recordings that listeners have validated yet, so there is no voice to export.',
      ERROR_CODES.notFound,
    );
  }
  const folder = datasetName('tts', createdAt);
  const metadata = await archive.spool();
  const versions = new ConsentVersions();
  let clips = 0;
  let totalSeconds = 0;
  let missingAudio = 0;
  let profile: { age: string; gender: string; dialect: string } | null = null;
  for await (const batch of repository.clips({ ownerId: chosen })) {
    checkAborted(signal);
    const present = await presentBlobs(blobs, batch);
    for (const clip of batch) {
      if (!present.has(clip.sha256)) {
        missingAudio += 1;
        continue;
      }
      await metadata.write(
        `${clip.id}|${ljField(clip.transcript)}|${normalisedTranscript(clip.transcript)}\n`,
      );
      archive.addStream(
        `${folder}/wavs/${clip.id}.wav`,
        wavSize(clip.durationSeconds, TTS_WAV_SAMPLE_RATE),
        () => openWav(blobs, clip, TTS_WAV_SAMPLE_RATE, ffmpegPath, archive.tempRoot),
      );
      clips += 1;
      totalSeconds += clip.durationSeconds;
      versions.add(clip.formVersion, clip.ownerId);
      profile ??= {
        age: profileValue(clip.ageGroup),
        gender: profileValue(clip.gender),
        dialect: clip.dialect?.trim() ?? '',
      };
    }
  }
  if (clips === 0 && missingAudio === 0) {
    throw new AppError(
      404,
      'This speaker has no consented, transcribed recordings that listeners have validated to export.',
      ERROR_CODES.notFound,
    );
  }
  await archive.addSpool(`${folder}/metadata.csv`, metadata);
  archive.addBuffer(
    `${folder}/manifest.json`,
    manifestBuffer({
      ...manifestBase('tts', createdAt),
      counts: { clips, speakers: clips > 0 ? 1 : 0 },
      hours: hoursOf(totalSeconds),
      speaker: { id: pseudonymousSpeakerId(await repository.speakerSalt(), chosen), ...profile },
      consentFormVersions: versions.toJSON(),
      excluded: { recordingsWithMissingAudio: missingAudio },
      audio: { format: 'wav', sampleRate: TTS_WAV_SAMPLE_RATE, channels: 1, bitsPerSample: 16 },
      format: {
        name: 'LJSpeech',
        description:
          "One speaker's transcribed Lopit recordings that the community has validated (never those in English) for training a voice. metadata.csv has one line per clip, id|text|normalised text, UTF-8, LF, no header, no quoting, like LJSpeech-1.1 (read it as its tools do: split each line on |, or Python's csv.reader(f, delimiter='|', quoting=csv.QUOTE_NONE)); wavs/<id>.wav is the clip. The text is as written, on one line: a | or line break (with the spaces around it) is written as one space. The normalised text is the text in Unicode NFC with quotes, dashes and spaces unified; numbers are not spelled out. Nothing is changed for spreadsheets: text that begins with =, +, - or @ is as spoken. Each WAV holds exactly the duration measured at upload (decoded by ffmpeg, cut or padded by at most a few milliseconds). The speaker id is pseudonymous (an HMAC-SHA256 of the account id with a secret of this installation).",
        files: {
          'metadata.csv': 'id|text|normalised text',
          'wavs/': '22,050 Hz mono 16-bit PCM WAV, named by recording id',
          'manifest.json': 'this description, counts, hours, consent form versions and licence',
        },
      },
    }),
  );
  return { fileName: `${folder}.zip` };
}
