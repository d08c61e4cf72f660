// A short list of items with a clip each (clips to transcribe, transcripts to check), fetched with a connection
// and kept on the phone with their audio (IndexedDB, transcribePack): once it is loaded the contributor can go on
// without one, after a reload too, and what they do goes through the outbox. Items already in the outbox (a transcript or review not yet sent) are left out, done
// and skipped items leave the list, and it refills when it runs low and the server can be reached.
import { useCallback, useEffect, useRef, useState } from 'react';
import { entriesOf } from '../../offline/outbox.ts';
import { localDb, type PackedTranscribeItem } from '../../offline/local-db.ts';
import { transcribeApi } from './transcribe-api.ts';

export interface QueuedItem<T> {
  item: T;
  /** An object URL of the clip's audio; null while it loads. */
  audioUrl: string | null;
  /** An object URL of its help clip (a repetition said slowly), when it has one kept on the phone. */
  helpUrl?: string | null;
}

export type QueueState = 'loading' | 'ready' | 'unreachable';

/** The key of an item kept on the phone. */
const packKeyOf = (userId: string, kind: PackedTranscribeItem['kind'], itemKey: string) =>
  `${userId} ${kind} ${itemKey}`;

/** The key of an item's help clip among the object URLs. */
const helpKey = (itemKey: string) => `${itemKey} help`;

/** Refill when fewer than this many items are left. */
const REFILL_BELOW = 2;

export function useAudioQueue<T>(options: {
  userId: string;
  fetch: () => Promise<T[]>;
  keyOf: (item: T) => string;
  clipOf: (item: T) => string;
  /** A second clip to keep with the item and offer as help (its repetition), or null. */
  helpOf?: (item: T) => string | null;
  /** The outbox kind and subject that mark an item as done on this phone. */
  outbox: { kind: PackedTranscribeItem['kind']; subject: (item: T) => string };
}) {
  const { userId } = options;
  const [items, setItems] = useState<QueuedItem<T>[]>([]);
  const [state, setState] = useState<QueueState>('loading');
  const gone = useRef(new Set<string>());
  const urls = useRef(new Map<string, string>());
  const loading = useRef(false);
  const latest = useRef(options);
  latest.current = options;

  /** What the phone kept: shown at once, with or without a signal. */
  const restore = useCallback(async () => {
    const { keyOf, outbox } = latest.current;
    const kept = await localDb()
      .transcribePack.where('[userId+kind]')
      .equals([userId, outbox.kind])
      .sortBy('at');
    const waiting = new Set(
      (await entriesOf(localDb(), userId))
        .filter((entry) => entry.kind === outbox.kind)
        .map((e) => e.subject),
    );
    const restored: QueuedItem<T>[] = [];
    for (const row of kept) {
      const item = row.item as T;
      if (waiting.has(outbox.subject(item))) continue;
      const objectUrl = (key: string, audio: ArrayBuffer, type: string) => {
        let url = urls.current.get(key);
        if (!url) {
          url = URL.createObjectURL(new Blob([audio], { type }));
          urls.current.set(key, url);
        }
        return url;
      };
      restored.push({
        item,
        audioUrl: objectUrl(row.itemKey, row.audio, row.mimeType),
        helpUrl: row.help ? objectUrl(helpKey(row.itemKey), row.help.audio, row.help.mimeType) : null,
      });
    }
    setItems((current) => {
      const held = new Set(current.map(({ item }) => keyOf(item)));
      return [...current, ...restored.filter(({ item }) => !held.has(keyOf(item)))];
    });
    if (restored.length > 0) setState('ready');
  }, [userId]);

  const refill = useCallback(async () => {
    if (!userId || loading.current) return;
    loading.current = true;
    setState((current) => (current === 'ready' ? current : 'loading'));
    try {
      const { fetch, keyOf, clipOf, helpOf, outbox } = latest.current;
      const waiting = new Set(
        (await entriesOf(localDb(), userId))
          .filter((entry) => entry.kind === outbox.kind)
          .map((entry) => entry.subject),
      );
      const fresh = (await fetch()).filter(
        (item) => !gone.current.has(keyOf(item)) && !waiting.has(outbox.subject(item)),
      );
      // The server's list is the truth when it answers: what it no longer offers (transcribed or checked by
      // others meanwhile, a speaker who withdrew) leaves the phone, except the item on screen.
      const offered = new Set(fresh.map(keyOf));
      const stale = (
        await localDb().transcribePack.where('[userId+kind]').equals([userId, outbox.kind]).toArray()
      )
        .filter((row) => !offered.has(row.itemKey))
        .map((row) => row.itemKey);
      setItems((current) => {
        const onScreen = current[0] ? keyOf(current[0].item) : null;
        const kept = current.filter(({ item }) => !stale.includes(keyOf(item)) || keyOf(item) === onScreen);
        const held = new Set(kept.map(({ item }) => keyOf(item)));
        return [
          ...kept,
          ...fresh.filter((item) => !held.has(keyOf(item))).map((item) => ({ item, audioUrl: null })),
        ];
      });
      await localDb().transcribePack.bulkDelete(
        stale.map((itemKey) => packKeyOf(userId, outbox.kind, itemKey)),
      );
      setState('ready');
      for (const item of fresh) {
        const key = keyOf(item);
        if (urls.current.has(key)) continue;
        const audio = await transcribeApi.audio(clipOf(item));
        if (!audio) {
          gone.current.add(key);
          setItems((current) => current.filter((queued) => keyOf(queued.item) !== key));
          continue;
        }
        // Its help clip, if any and still to be heard; the item goes on without it otherwise.
        const helpId = helpOf?.(item) ?? null;
        const help = helpId ? await transcribeApi.audio(helpId).catch(() => null) : null;
        await localDb()
          .transcribePack.put({
            key: packKeyOf(userId, outbox.kind, key),
            userId,
            kind: outbox.kind,
            itemKey: key,
            item,
            audio: await audio.arrayBuffer(),
            mimeType: audio.type || 'audio/webm',
            help: help ? { audio: await help.arrayBuffer(), mimeType: help.type || 'audio/webm' } : undefined,
            at: Date.now(),
          })
          .catch(() => undefined); // a full phone still plays it from memory
        const url = URL.createObjectURL(audio);
        urls.current.set(key, url);
        const helpUrl = help ? URL.createObjectURL(help) : null;
        if (helpUrl) urls.current.set(helpKey(key), helpUrl);
        setItems((current) =>
          current.map((queued) =>
            keyOf(queued.item) === key ? { ...queued, audioUrl: url, helpUrl } : queued,
          ),
        );
      }
    } catch {
      setState((current) => (current === 'ready' ? current : 'unreachable'));
    } finally {
      loading.current = false;
    }
  }, [userId]);

  useEffect(() => {
    void restore().then(refill);
  }, [restore, refill]);
  useEffect(() => {
    const held = urls.current;
    return () => {
      for (const url of held.values()) URL.revokeObjectURL(url);
    };
  }, []);

  /** The first item is done (sent to the outbox) or gone: it leaves the list for good. */
  const done = useCallback(
    (item: T) => {
      const key = latest.current.keyOf(item);
      gone.current.add(key);
      void localDb().transcribePack.delete(packKeyOf(userId, latest.current.outbox.kind, key));
      setItems((current) => {
        const next = current.filter((queued) => latest.current.keyOf(queued.item) !== key);
        if (next.length < REFILL_BELOW) void refill();
        return next;
      });
    },
    [refill, userId],
  );

  /** The first item goes to the end of the list. */
  const skip = useCallback((item: T) => {
    const key = latest.current.keyOf(item);
    setItems((current) => {
      const found = current.find((queued) => latest.current.keyOf(queued.item) === key);
      return found ? [...current.filter((queued) => queued !== found), found] : current;
    });
  }, []);

  return { items, state, refill, done, skip };
}
