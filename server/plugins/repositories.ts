// The features' repositories (the only code that writes SQL), made once per database handle and decorated as
// app.repositories, and the content-addressed blob store of DATA_DIR/blobs (recordings, models) as app.blobs; training keeps its own bundle (app.training, training-repositories.ts). Code inside a
// transaction takes the transaction's repositories from transactionRepositories(tx), made once per transaction.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/driver.ts';
import { FileBlobStore, type BlobStore } from '../lib/blob-store.ts';
import { UsersRepository } from '../features/auth/users.repository.ts';
import { ConsentRepository } from '../features/consent/consent.repository.ts';
import { DataRepository } from '../features/data/data.repository.ts';
import { ExportsRepository } from '../features/exports/exports.repository.ts';
import { InterfaceMessagesRepository } from '../features/i18n/interface-messages.repository.ts';
import { LexiconRepository } from '../features/lexicon/lexicon.repository.ts';
import { PromptsRepository } from '../features/prompts/prompts.repository.ts';
import { RecordingsRepository } from '../features/recordings/recordings.repository.ts';
import { ClipReviewRepository } from '../features/review/clip-review.repository.ts';
import { LexiconReviewRepository } from '../features/review/lexicon-review.repository.ts';
import { ProposalsRepository } from '../features/review/proposals.repository.ts';
import { SpeakersRepository } from '../features/speakers/speakers.repository.ts';
import { TranscriptsRepository } from '../features/transcripts/transcripts.repository.ts';
import { TranslationRepository } from '../features/translation/translation.repository.ts';
import { VoiceRepository } from '../features/tts/voices.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    repositories: Repositories;
    /** DATA_DIR/blobs: what uploads write and downloads, exports and speech read. */
    blobs: BlobStore;
  }
}

/** The repositories whose statements may run inside a transaction. */
export interface TransactionRepositories {
  consent: ConsentRepository;
  lexicon: LexiconRepository;
  recordings: RecordingsRepository;
  translation: TranslationRepository;
  proposals: ProposalsRepository;
  clipReview: ClipReviewRepository;
  lexiconReview: LexiconReviewRepository;
  prompts: PromptsRepository;
  speakers: SpeakersRepository;
  transcripts: TranscriptsRepository;
  interfaceMessages: InterfaceMessagesRepository;
}

export interface Repositories extends TransactionRepositories {
  users: UsersRepository;
  data: DataRepository;
  exports: ExportsRepository;
  voices: VoiceRepository;
}

const made = new WeakMap<Db | Tx, TransactionRepositories>();

function transactional(db: Db | Tx): TransactionRepositories {
  return {
    consent: new ConsentRepository(db),
    lexicon: new LexiconRepository(db),
    recordings: new RecordingsRepository(db),
    translation: new TranslationRepository(db),
    proposals: new ProposalsRepository(db),
    clipReview: new ClipReviewRepository(db),
    lexiconReview: new LexiconReviewRepository(db),
    prompts: new PromptsRepository(db),
    speakers: new SpeakersRepository(db),
    transcripts: new TranscriptsRepository(db),
    interfaceMessages: new InterfaceMessagesRepository(db),
  };
}

/** The repositories on a database (the same object for the same handle). */
export function repositoriesOf(db: Db): Repositories {
  let found = made.get(db) as Repositories | undefined;
  if (!found) {
    const base = transactional(db);
    found = {
      ...base,
      users: new UsersRepository(db),
      data: new DataRepository(db),
      exports: new ExportsRepository(db),
      voices: new VoiceRepository(db, base.consent),
    };
    made.set(db, found);
  }
  return found;
}

/** The repositories bound to one transaction (the same object for the same transaction). */
export function transactionRepositories(tx: Tx): TransactionRepositories {
  let found = made.get(tx);
  if (!found) {
    found = transactional(tx);
    made.set(tx, found);
  }
  return found;
}

export default fp<{ config: Pick<Config, 'DATA_DIR'> }>(
  function repositoriesPlugin(app: FastifyInstance, { config }) {
    app.decorate('repositories', repositoriesOf(app.database.db));
    app.decorate('blobs', new FileBlobStore(path.join(config.DATA_DIR, 'blobs')));
  },
  { name: 'repositories', dependencies: ['database'] },
);
