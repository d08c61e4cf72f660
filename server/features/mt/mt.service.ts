// The server's translation engine: core/mt's EngineState built from the approved pairs whose authors consent,
// the lexicon, and the latest trained model; cached, and rebuilt only in the parts whose data changed.
//
// Every server process keeps its own copy. Before answering it reads four revision counters (one small
// query); triggers bump them in the same transaction as any change to pairs, consent, lexicon or models
// (migration 0005), so a process never answers from data older than what it can read.
import type { FastifyBaseLogger } from 'fastify';
import { NO_TRANSLATION_CODE, NO_TRANSLATION_MESSAGE } from '../../../core/api/chat.ts';
import {
  Lexicon,
  MtModel,
  parseModel,
  translate,
  TranslationMemory,
  type Direction,
  type EngineState,
  type TranslationAnswer,
  type TranslationPairInput,
} from '../../../core/mt/index.ts';
import type { Db } from '../../db/driver.ts';
import { readDataRevisions, type DataRevisions } from '../../lib/data-revisions.ts';
import { AppError } from '../../errors.ts';
import type { Repositories } from '../../lib/repositories.ts';
import type { ArtifactStore } from '../models/artifact-store.ts';
import { inMemory, type TranslationRepository } from '../translation/translation.repository.ts';

const SOURCES = ['translation_pairs', 'consent_events', 'lexicon_entries', 'model_artifacts'] as const;
/** Revision of each source table of the engine (engine_data_revisions). */
export type EngineRevisions = Pick<DataRevisions, (typeof SOURCES)[number]>;

interface Built {
  revisions: EngineRevisions;
  state: EngineState;
  /** The model artifact the state's model came from (or failed to load from); null when none exists. */
  modelArtifactId: number | null;
}

/**
 * Pairs the engine may use: approved, both sides written, and (listForExport) only texts whose author now
 * has translation consent (or that have no author: seeded and imported ones).
 */
export async function consentedApprovedPairs(
  translation: TranslationRepository,
): Promise<TranslationPairInput[]> {
  const pairs = await translation.listForExport();
  return pairs.filter(inMemory).map((pair) => ({ english: pair.english, lopit: pair.lopit }));
}

export class EngineService {
  private current: Built | null = null;
  /** Rebuilds run one after another, each from the result of the one before. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly repositories: Pick<Repositories, 'translation' | 'lexicon'>,
    private readonly artifacts: ArtifactStore,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Translates with the current engine; null when nothing is known about the text. */
  async translate(text: string, direction: Direction): Promise<TranslationAnswer | null> {
    return translate(await this.state(), text, direction);
  }

  /** The engine's answer, or 404 NO_TRANSLATION when nothing is known about the text. */
  async answer(text: string, direction: Direction): Promise<TranslationAnswer> {
    const answer = await this.translate(text, direction);
    if (!answer) throw new AppError(404, NO_TRANSLATION_MESSAGE, NO_TRANSLATION_CODE);
    return answer;
  }

  /** The engine for the data as it is now (rebuilt first when the revision counters moved). */
  async state(): Promise<EngineState> {
    const revisions = await this.readRevisions();
    if (this.current && covers(this.current.revisions, revisions)) return this.current.state;
    const run = this.queue.then(async () => {
      // A rebuild queued before this one may already have read data at least this new.
      if (this.current && covers(this.current.revisions, revisions)) return this.current;
      this.current = await this.build(revisions, this.current);
      return this.current;
    });
    this.queue = run.catch(() => undefined);
    return (await run).state;
  }

  private async readRevisions(): Promise<EngineRevisions> {
    const { translation_pairs, consent_events, lexicon_entries, model_artifacts } = await readDataRevisions(
      this.db,
    );
    return { translation_pairs, consent_events, lexicon_entries, model_artifacts };
  }

  /**
   * Builds the parts whose sources changed since `previous` and reuses the others. The data is read after
   * the revisions were, so it is at least as new as they say (a change in between only costs a second build).
   */
  private async build(revisions: EngineRevisions, previous: Built | null): Promise<Built> {
    const changed = (...sources: (keyof EngineRevisions)[]) =>
      !previous || sources.some((source) => previous.revisions[source] !== revisions[source]);
    const started = performance.now();
    let memory = previous?.state.memory ?? null;
    if (changed('translation_pairs', 'consent_events')) {
      const pairs = await consentedApprovedPairs(this.repositories.translation);
      memory = pairs.length > 0 ? new TranslationMemory(pairs) : null;
    }
    let lexicon = previous?.state.lexicon ?? null;
    if (changed('lexicon_entries')) {
      const entries = await this.repositories.lexicon.listAll();
      lexicon = entries.length > 0 ? new Lexicon(entries) : null;
    }
    let model = previous?.state.model ?? null;
    let modelArtifactId = previous?.modelArtifactId ?? null;
    if (changed('model_artifacts')) {
      const latest = await this.artifacts.latest('mt');
      if (latest?.id !== modelArtifactId || !previous) {
        modelArtifactId = latest?.id ?? null;
        model = latest ? await this.loadModel(latest) : null;
      }
    }
    this.log?.debug(
      { revisions, ms: Math.round(performance.now() - started) },
      'translation engine rebuilt from changed data',
    );
    return { revisions, state: { memory, lexicon, model }, modelArtifactId };
  }

  /** A model that cannot be read is logged and left out: memory and lexicon still answer. */
  private async loadModel(artifact: Parameters<ArtifactStore['read']>[0]): Promise<MtModel | null> {
    try {
      // The server's copy holds the fuller model (parseModel answers it); older JSON files hold one model.
      return new MtModel(parseModel(await this.artifacts.read(artifact)));
    } catch (error) {
      this.log?.error(
        { err: error, artifact: artifact.id, version: artifact.version },
        'the latest translation model could not be loaded; translating without it',
      );
      return null;
    }
  }
}

/** Every counter of `have` is at least that of `want` (counters only grow). */
function covers(have: EngineRevisions, want: EngineRevisions): boolean {
  return SOURCES.every((source) => have[source] >= want[source]);
}
