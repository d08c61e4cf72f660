// The trained translation model as phones download it (GET /api/translation/model): the latest model's file for
// a phone, made once per version and process, and the words a phone holding it reads coded memory pages with.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { MODEL_NOT_TRAINED_CODE, MODEL_NOT_TRAINED_MESSAGE } from '../../../core/api/chat.ts';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import type { MemoryVocabularies } from '../../../core/api/memory-page-coding.ts';
import { ModelFormatError, parseModelFile, phoneFile } from '../../../core/mt/index.ts';
import { AppError } from '../../errors.ts';
import { BlobNotFoundError } from '../../lib/blob-store.ts';
import type { ArtifactStore, ModelArtifact } from '../models/artifact-store.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

interface PhoneModel {
  plain: Buffer;
  gzip: Buffer;
  /** Brotli at its best quality: about a tenth smaller than gzip (795 against 891 kB at 10,000 pairs). */
  brotli: Buffer;
  /** The vocabularies a phone holding this file reads coded memory pages with. */
  vocab: MemoryVocabularies;
}

/**
 * The file a phone downloads for the latest model, plain, gzipped and in brotli, made once per version and
 * process: the server's copy without the server's fuller model and memory (core/mt phoneFile; older JSON files as
 * they are). Binary files shrink by a third more on the wire (about 0.9 MB gzip at 10,000 pairs, 0.8 MB brotli),
 * which matters on a 2G link. Both compress in libuv's thread pool, so the server keeps answering meanwhile.
 */
function phoneModels(artifacts: ArtifactStore) {
  let cached: { version: string; bytes: Promise<PhoneModel> } | null = null;
  return (artifact: ModelArtifact): Promise<PhoneModel> => {
    if (cached?.version !== artifact.version) {
      const bytes = artifacts.read(artifact).then(async (stored) => {
        const file = phoneFile(stored);
        const plain = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
        const [zipped, brotli] = await Promise.all([
          gzipAsync(plain),
          brotliAsync(plain, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
            },
          }),
        ]);
        return { plain, gzip: zipped, brotli, vocab: parseModelFile(file).model.vocab };
      });
      cached = { version: artifact.version, bytes };
      // A failure is not kept: the next request tries again.
      bytes.catch(() => {
        if (cached?.bytes === bytes) cached = null;
      });
    }
    return cached.bytes;
  };
}

/** The latest model and its phone file, with the answers when there is none or its file cannot be read. */
export class PhoneModels {
  private readonly phoneModel;

  constructor(private readonly artifacts: ArtifactStore) {
    this.phoneModel = phoneModels(artifacts);
  }

  /** The latest trained translation model, or 404 MODEL_NOT_TRAINED. */
  async latest(): Promise<ModelArtifact> {
    const artifact = await this.artifacts.latest('mt');
    if (!artifact) throw new AppError(404, MODEL_NOT_TRAINED_MESSAGE, MODEL_NOT_TRAINED_CODE);
    return artifact;
  }

  /** The phone's file of a model, or 503 UNAVAILABLE (logged) when the stored file is damaged or missing. */
  async file(artifact: ModelArtifact, log: FastifyBaseLogger): Promise<PhoneModel> {
    try {
      return await this.phoneModel(artifact);
    } catch (error) {
      if (error instanceof ModelFormatError) {
        log.error({ artifact: artifact.id, err: error }, 'the latest translation model file is damaged');
        throw new AppError(
          503,
          'The translation model file on the server is damaged. An admin can retrain the model.',
          ERROR_CODES.unavailable,
        );
      }
      if (!(error instanceof BlobNotFoundError)) throw error;
      log.error({ artifact: artifact.id }, 'the file of the latest translation model is missing');
      throw new AppError(
        503,
        'The translation model file is missing on the server. An admin can retrain the model.',
        ERROR_CODES.unavailable,
      );
    }
  }

  /**
   * The vocabularies of the latest model when it is the version a phone holds, else null (the page then goes as
   * JSON, which any phone reads): a phone whose model is older, or a file that cannot be read.
   */
  async vocabularies(version: string, log: FastifyBaseLogger): Promise<MemoryVocabularies | null> {
    const artifact = await this.artifacts.latest('mt');
    if (artifact?.version !== version) return null;
    try {
      return (await this.phoneModel(artifact)).vocab;
    } catch (error) {
      log.warn(
        { artifact: artifact.id, err: error },
        'memory page sent as JSON: the model file cannot be read',
      );
      return null;
    }
  }
}
