// Chromium's fake microphone, fed by a WAV spoken by espeak-ng (obviously made-up words: no Lopit is invented),
// for the specs that record.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { E2E_CHROMIUM_PATH } from '../../scripts/lib/chromium.ts';

export const FAKE_VOICE = path.resolve('.tmp', 'e2e-voice.wav');

/** Makes the voice file once per checkout. */
export function ensureFakeVoice(): string {
  fs.mkdirSync(path.dirname(FAKE_VOICE), { recursive: true });
  if (!fs.existsSync(FAKE_VOICE)) {
    execFileSync('espeak-ng', [
      '-w',
      FAKE_VOICE,
      'zorbel quandy mipple, tessaro vint. zorbel quandy mipple, tessaro vint.',
    ]);
  }
  return FAKE_VOICE;
}

/** Chromium's arguments for a microphone that plays the voice file. */
export function fakeMicrophoneArgs(): string[] {
  return [
    '--no-sandbox',
    '--disable-gpu',
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${ensureFakeVoice()}`,
  ];
}

/** Playwright options for a spec whose browser has the fake microphone: `test.use(WITH_FAKE_MICROPHONE)`. */
export const WITH_FAKE_MICROPHONE = {
  launchOptions: {
    executablePath: E2E_CHROMIUM_PATH,
    args: fakeMicrophoneArgs(),
  },
};
