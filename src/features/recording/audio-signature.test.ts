// Audio known by its first bytes, whatever type the browser guessed from the file's name.
import { describe, expect, it } from 'vitest';
import { audioContainerOf, looksLikeAudio } from './audio-signature.ts';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)),
  );

describe('audioContainerOf', () => {
  it('knows the containers the server accepts', () => {
    expect(audioContainerOf(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBe('wav');
    expect(audioContainerOf(bytes('OggS', [0]))).toBe('ogg');
    expect(audioContainerOf(bytes('fLaC'))).toBe('flac');
    expect(audioContainerOf(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f]))).toBe('webm');
    expect(audioContainerOf(bytes([0, 0, 0, 0x20], 'ftypM4A '))).toBe('mp4');
    expect(audioContainerOf(bytes('ID3', [4, 0]))).toBe('mp3');
    expect(audioContainerOf(bytes([0xff, 0xfb, 0x90]))).toBe('mp3');
    expect(audioContainerOf(bytes([0xff, 0xf1, 0x50]))).toBe('aac');
  });

  it('knows nothing else', () => {
    expect(audioContainerOf(bytes('%PDF-1.7'))).toBeNull();
    expect(audioContainerOf(bytes('RIFF', [0, 0, 0, 0], 'AVI '))).toBeNull();
    expect(audioContainerOf(bytes([0x89], 'PNG'))).toBeNull();
    expect(audioContainerOf(new Uint8Array())).toBeNull();
  });
});

describe('looksLikeAudio', () => {
  it('keeps a WebM voice note the browser typed as video, and one with no type', async () => {
    const webm = bytes([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0]);
    expect(await looksLikeAudio(new Blob([webm], { type: 'video/webm' }))).toBe(true);
    expect(await looksLikeAudio(new Blob([bytes('OggS', [0, 2])]))).toBe(true);
    expect(await looksLikeAudio(new Blob([bytes('%PDF-1.7')], { type: 'application/pdf' }))).toBe(false);
    expect(await looksLikeAudio(new Blob([bytes('%PDF')], { type: 'audio/mpeg' }))).toBe(true);
  });
});
