// Trained models: the bytes in the content-addressed blob store, one model_artifacts row per stored model. The
// latest row of a model type is the current model; older rows stay as the history of runs.
//
//   const store = ArtifactStore.fromConfig(db, config);
//   const artifact = await store.save({ modelType: 'mt', bytes, contentType: 'application/json', metrics });
//   const current = await store.latest('mt');          // null when none was ever stored
//   const text = (await store.read(current)).toString('utf8');
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import type { ModelType } from '../../../core/constants.ts';
import type { DbOrTx } from '../../db/driver.ts';
import { modelArtifacts } from '../../db/schema.ts';
import { blobStoreOf, type BlobStore, type StorageConfig } from '../../lib/blob-store.ts';
import { uploadTempDir } from '../../lib/temp-files.ts';

/**
 * A stored model: its model_artifacts row, with `version` the SHA-256 (hex) of the bytes (names the blob, and
 * serves as the HTTP ETag), `jobId` the training job that produced it (when one did), `createdAt` as ISO text.
 */
export type ModelArtifact = Omit<typeof modelArtifacts.$inferSelect, 'createdAt'> & { createdAt: string };

export interface SaveArtifactInput {
  modelType: ModelType;
  /** The model file; a string is stored as UTF-8. */
  bytes: Uint8Array | string;
  contentType: string;
  metrics?: Record<string, number>;
  jobId?: number | null;
}

function toArtifact(row: typeof modelArtifacts.$inferSelect): ModelArtifact {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export class ArtifactStore {
  /**
   * @param tempDir where bytes are written before the blob store takes them; best on the blob store's file
   *   system (the store then renames instead of copying).
   */
  constructor(
    private readonly db: DbOrTx,
    readonly blobs: BlobStore,
    private readonly tempDir: string = os.tmpdir(),
  ) {}

  /** The store of this installation: its blobs area (shared with audio), staging in DATA_DIR/uploads/tmp. */
  static fromConfig(db: DbOrTx, config: StorageConfig): ArtifactStore {
    return new ArtifactStore(db, blobStoreOf(config), uploadTempDir(config));
  }

  /** Stores the bytes (once per content) and records a new artifact, which becomes the latest of its type. */
  async save(input: SaveArtifactInput): Promise<ModelArtifact> {
    const bytes = typeof input.bytes === 'string' ? Buffer.from(input.bytes, 'utf8') : input.bytes;
    await fsp.mkdir(this.tempDir, { recursive: true });
    const temp = path.join(this.tempDir, `artifact-${crypto.randomBytes(8).toString('hex')}`);
    let blob: { sha256: string; size: number };
    try {
      await fsp.writeFile(temp, bytes);
      blob = await this.blobs.put(temp);
    } finally {
      await fsp.rm(temp, { force: true });
    }
    const [row] = await this.db
      .insert(modelArtifacts)
      .values({
        modelType: input.modelType,
        version: blob.sha256,
        sizeBytes: blob.size,
        contentType: input.contentType,
        metrics: input.metrics ?? {},
        jobId: input.jobId ?? null,
      })
      .returning();
    if (!row) throw new Error('The model artifact was not recorded');
    return toArtifact(row);
  }

  /** The current model of a type (the most recently stored), or null when none was stored yet. */
  async latest(modelType: ModelType): Promise<ModelArtifact | null> {
    const [row] = await this.db
      .select()
      .from(modelArtifacts)
      .where(eq(modelArtifacts.modelType, modelType))
      .orderBy(desc(modelArtifacts.id))
      .limit(1);
    return row ? toArtifact(row) : null;
  }

  async get(id: number): Promise<ModelArtifact | null> {
    const [row] = await this.db.select().from(modelArtifacts).where(eq(modelArtifacts.id, id));
    return row ? toArtifact(row) : null;
  }

  /** Streams an artifact's bytes. Throws BlobNotFoundError when the blob is gone. */
  async open(artifact: ModelArtifact): Promise<{ stream: Readable; size: number }> {
    return this.blobs.open(artifact.version);
  }

  /** An artifact's bytes in memory (models are megabytes, not gigabytes). Throws BlobNotFoundError. */
  async read(artifact: ModelArtifact): Promise<Buffer> {
    const { stream } = await this.open(artifact);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}
