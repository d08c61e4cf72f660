// 'Import audio files': audio chosen from the phone is kept here like a recording and uploaded when there is
// a connection; anything that is not audio is named and left out.
import { useState, type ChangeEvent } from 'react';
import { recording as m } from '../../../core/i18n/messages/recording.ts';
import { useT } from '../../i18n/i18n.tsx';
import { looksLikeAudio } from './audio-signature.ts';
import { importFile } from './local-recordings.ts';

/** The file's length in seconds as the browser reads it (0 when it cannot). */
function mediaDuration(file: File): Promise<number> {
  return new Promise((resolve) => {
    const audio = new Audio();
    const url = URL.createObjectURL(file);
    const done = (value: number) => {
      URL.revokeObjectURL(url);
      resolve(Number.isFinite(value) ? value : 0);
    };
    audio.preload = 'metadata';
    audio.onloadedmetadata = () => done(audio.duration);
    audio.onerror = () => done(0);
    audio.src = url;
  });
}

export function ImportFiles({ userId }: { userId: string }) {
  const t = useT();
  const [messages, setMessages] = useState<{ file: string; added: boolean }[]>([]);
  const [busy, setBusy] = useState(false);

  async function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setBusy(true);
    const notes: { file: string; added: boolean }[] = [];
    for (const file of files) {
      if (!(await looksLikeAudio(file))) {
        notes.push({ file: file.name, added: false });
        continue;
      }
      await importFile(userId, file, await mediaDuration(file), {
        title: null,
        transcript: null,
        language: 'lpx',
      });
      notes.push({ file: file.name, added: true });
    }
    setMessages(notes);
    setBusy(false);
  }

  return (
    <section className="card form" aria-labelledby="import-heading">
      <h2 id="import-heading">{t(m.importTitle)}</h2>
      <label className="field">
        <span>{t(m.chooseFiles)}</span>
        <input
          type="file"
          accept="audio/*,.webm,.opus,.m4a,.ogg"
          multiple
          disabled={busy}
          onChange={(event) => void onFiles(event)}
        />
      </label>
      {messages.length > 0 && (
        <ul role="status">
          {messages.map(({ file, added }, index) => (
            <li key={index}>{t(added ? m.added : m.notAudio, { file })}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
