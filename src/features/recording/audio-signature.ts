// Is a chosen file worth keeping as audio? Browsers name a file's type from its extension, so a voice note in
// WebM or MP4 comes as video/webm or video/mp4 and some phones give no type at all; the first bytes say what the
// container is. The server still decides by content (and refuses a file with a video track, with its reason).

/** The containers the server accepts (see server/features/recordings/audio-types.ts), by their first bytes. */
export function audioContainerOf(head: Uint8Array): string | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if (ascii(0, 4) === 'OggS') return 'ogg';
  if (ascii(0, 4) === 'fLaC') return 'flac';
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'webm';
  if (head.length >= 8 && ascii(4, 8) === 'ftyp') return 'mp4';
  if (ascii(0, 3) === 'ID3') return 'mp3';
  // An MPEG audio frame (MP3) or an ADTS frame (AAC): eleven set sync bits.
  if (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0) return (head[1] ?? 0) & 0x06 ? 'mp3' : 'aac';
  return null;
}

/** A file to keep: typed as audio by the browser, or starting like an audio container whatever its type. */
export async function looksLikeAudio(file: Blob): Promise<boolean> {
  if (file.type.startsWith('audio/')) return true;
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return audioContainerOf(head) !== null;
}
