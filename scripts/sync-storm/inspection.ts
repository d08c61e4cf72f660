// Sync-storm inspection figures (issue 33): when every clip's inspection is done (the upload answers before it),
// and what the inspection costs per clip, measured alone in this process on the storm's own clips.
import fs from 'node:fs';
import path from 'node:path';
import { inspectAudio } from '../../server/features/recordings/inspect-audio.ts';
import { RECORDING_MAX_SECONDS } from '../../core/constants.ts';
import { clipFile } from './clips.ts';
import { cpuSeconds } from './server.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until no recording of the admin's listing says 'inspecting' (a server from before issue 33 says nothing:
 * its recordings were inspected when stored). Resolves with how many still say it: 0 when all are done, more
 * when the deadline came first.
 */
export async function waitForInspections(
  apiBase: string,
  adminToken: string,
  deadline: number,
): Promise<number> {
  const headers = { Authorization: `Bearer ${adminToken}` };
  for (;;) {
    let inspecting = 0;
    for (let page = 1; ; page++) {
      const answer = await fetch(`${apiBase}/audio/recordings?all=true&limit=100&page=${page}`, { headers });
      if (!answer.ok) throw new Error(`listing recordings answered ${answer.status}`);
      const { recordings, total } = (await answer.json()) as {
        recordings: { inspection?: string }[];
        total: number;
      };
      inspecting += recordings.filter((recording) => recording.inspection === 'inspecting').length;
      if (page * 100 >= total || recordings.length === 0) break;
    }
    if (inspecting === 0 || performance.now() > deadline) return inspecting;
    await sleep(500);
  }
}

/** CPU seconds of this process and its finished children (ffmpeg) so far. */
function processCpu(): number {
  const own = process.cpuUsage();
  return (own.user + own.system) / 1e6 + (cpuSeconds('self', true) ?? 0);
}

/**
 * The server's inspection code run here on `count` of the storm's WebM clips and as often on a one-minute PCM WAV
 * (the clip cache's speech), one at a time: CPU seconds per clip, this process's and ffmpeg's.
 */
export async function isolatedInspectionCpu(
  cacheDir: string,
  count = 10,
): Promise<{ webm: number; wav: number } | null> {
  const wav = path.join(cacheDir, 'speech-60s.wav');
  if (!fs.existsSync(wav)) return null;
  const options = { ffmpegPath: 'ffmpeg', maxSeconds: RECORDING_MAX_SECONDS * 2 };
  const perClip = async (file: (index: number) => string) => {
    await inspectAudio(file(0), options); // warm: the first run loads the libraries
    const before = processCpu();
    for (let index = 0; index < count; index++) await inspectAudio(file(index), options);
    return (processCpu() - before) / count;
  };
  return {
    webm: await perClip((index) => clipFile(cacheDir, index)),
    wav: await perClip(() => wav),
  };
}
