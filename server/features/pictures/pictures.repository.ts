// SQL for picture prompts: adding, listing (the pack: active ones; admins: all, with their clips), retiring.
import { asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { pictureImagePath, type AdminPicture, type PackPicture } from '../../../core/api/pictures.ts';
import type { DbOrTx } from '../../db/driver.ts';
import { picturePrompts, recordings, users } from '../../db/schema.ts';
import { defineRepository } from '../../lib/repositories.ts';

type PictureRow = typeof picturePrompts.$inferSelect;
export type NewPictureRow = typeof picturePrompts.$inferInsert;

function toPackPicture(row: PictureRow): PackPicture {
  return {
    id: row.id,
    description: row.description,
    credit: row.credit,
    licence: row.licence,
    imageUrl: pictureImagePath(row.id),
    width: row.width,
    height: row.height,
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
  };
}

export class PicturesRepository {
  constructor(private readonly db: DbOrTx) {}

  async insert(row: NewPictureRow): Promise<string> {
    const [inserted] = await this.db.insert(picturePrompts).values(row).returning({ id: picturePrompts.id });
    return inserted!.id;
  }

  /** The active pictures, oldest first (the order they were added in). */
  async pack(): Promise<PackPicture[]> {
    const rows = await this.db
      .select()
      .from(picturePrompts)
      .where(isNull(picturePrompts.retiredAt))
      .orderBy(asc(picturePrompts.createdAt), asc(picturePrompts.id));
    return rows.map(toPackPicture);
  }

  /** Every picture (or the one named), with who uploaded it and how many clips answer it. */
  async adminList(id?: string): Promise<AdminPicture[]> {
    const clips = this.db
      .select({ pictureId: recordings.pictureId, clips: count().as('clips') })
      .from(recordings)
      .where(isNotNull(recordings.pictureId))
      .groupBy(recordings.pictureId)
      .as('clips');
    const rows = await this.db
      .select({ row: picturePrompts, uploaderName: users.name, clips: clips.clips })
      .from(picturePrompts)
      .leftJoin(users, eq(users.id, picturePrompts.uploadedBy))
      .leftJoin(clips, eq(clips.pictureId, picturePrompts.id))
      .where(id === undefined ? sql`true` : eq(picturePrompts.id, id))
      .orderBy(asc(picturePrompts.createdAt), asc(picturePrompts.id));
    return rows.map(({ row, uploaderName, clips: clipCount }) => ({
      ...toPackPicture(row),
      uploadedBy: row.uploadedBy ? { id: row.uploadedBy, name: uploaderName ?? '' } : null,
      createdAt: row.createdAt.toISOString(),
      retiredAt: row.retiredAt?.toISOString() ?? null,
      clips: Number(clipCount ?? 0),
    }));
  }

  /** The stored image of a picture (retired ones too: a clip recorded from it can still be shown with it). */
  async image(id: string): Promise<{ sha256: string; mimeType: string } | undefined> {
    const [row] = await this.db
      .select({ sha256: picturePrompts.sha256, mimeType: picturePrompts.mimeType })
      .from(picturePrompts)
      .where(eq(picturePrompts.id, id));
    return row;
  }

  async exists(id: string): Promise<boolean> {
    return (await this.image(id)) !== undefined;
  }

  /** Retires a picture (once: a second retirement keeps the first time); false when there is no such picture. */
  async retire(id: string, by: string): Promise<boolean> {
    const [row] = await this.db
      .update(picturePrompts)
      .set({
        retiredAt: sql`coalesce(${picturePrompts.retiredAt}, now())`,
        retiredBy: sql`coalesce(${picturePrompts.retiredBy}, ${by}::uuid)`,
      })
      .where(eq(picturePrompts.id, id))
      .returning({ id: picturePrompts.id });
    return row !== undefined;
  }

  /** Whether any picture row still names this stored image. */
  async usesImage(sha256: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: picturePrompts.id })
      .from(picturePrompts)
      .where(eq(picturePrompts.sha256, sha256))
      .limit(1);
    return row !== undefined;
  }
}

declare module '../../lib/repositories.ts' {
  interface TransactionRepositories {
    pictures: PicturesRepository;
  }
}

export const picturesRepository = defineRepository('pictures', (db) => new PicturesRepository(db));
