// The picture prompts this phone keeps offline (issue 32): the pack of active pictures read from the server when
// there is a connection, each kept with its image in IndexedDB (localDb().pictures), so an elder can answer a
// picture in Lopit with no signal for days. An image is fetched again only when its SHA-256 changed; pictures an
// admin retired leave the phone at the next refresh; nothing is removed when the server cannot be reached.
import { PICTURE_SERVED_TYPE, picturePackSchema, type PackPicture } from '../../../core/api/pictures.ts';
import { api, request, requestJson } from '../../lib/api-client.ts';
import { localDb, type PackedPicture } from '../../offline/local-db.ts';

/** The pictures on this phone, in the order the server gave them. */
export function packedPictures(): Promise<PackedPicture[]> {
  return localDb().pictures.orderBy('rank').toArray();
}

const imageOf = (picture: PackPicture) =>
  request(() => api.get(`pictures/${encodeURIComponent(picture.id)}/image`).arrayBuffer());

/** What the phone holds after a refresh: its pictures, their images' bytes, and those whose image is missing. */
export interface PicturesKept {
  pictures: number;
  bytes: number;
  missing: number;
}

/**
 * Reads the pack and keeps it: new and changed images are fetched first, then the table is brought to the
 * pack in one transaction (a picture whose image could not be fetched keeps its old copy, or waits).
 */
export async function refreshPictures(): Promise<PicturesKept> {
  const { pictures } = await requestJson(picturePackSchema, () => api.get('pictures/pack'));
  const db = localDb();
  const kept = new Map((await db.pictures.toArray()).map((picture) => [picture.id, picture]));
  const fetched = new Map<string, ArrayBuffer>();
  for (const picture of pictures) {
    if (kept.get(picture.id)?.sha256 === picture.sha256) continue;
    try {
      fetched.set(picture.id, await imageOf(picture));
    } catch {
      // Kept as it was (or not yet kept); the next refresh tries again.
    }
  }
  const now = Date.now();
  return db.transaction('rw', db.pictures, async () => {
    const active = new Set(pictures.map((picture) => picture.id));
    await db.pictures.bulkDelete([...kept.keys()].filter((id) => !active.has(id)));
    const rows: PackedPicture[] = [];
    pictures.forEach(({ imageUrl: _url, ...picture }, rank) => {
      const data = fetched.get(picture.id);
      const before = kept.get(picture.id);
      if (data) rows.push({ ...picture, rank, mimeType: PICTURE_SERVED_TYPE, data, savedAt: now });
      else if (before) rows.push({ ...before, rank });
    });
    await db.pictures.bulkPut(rows);
    return {
      pictures: rows.length,
      bytes: rows.reduce((sum, row) => sum + row.data.byteLength, 0),
      missing: pictures.length - rows.length,
    };
  });
}

let refreshing: Promise<void> | null = null;

/**
 * A refresh for a screen that shows a picture the phone does not hold yet (a transcriber's phone never got
 * ready for the field): one at a time, failures left for the next try.
 */
export function refreshPicturesSoon(): Promise<void> {
  refreshing ??= refreshPictures()
    .then(() => undefined)
    .catch(() => undefined)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}
