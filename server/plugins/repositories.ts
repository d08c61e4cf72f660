// Makes the repositories the features defined (lib/repositories.ts) once on the database, as app.repositories,
// runs their start-up work, and offers app.transactionRepositories(tx) for code inside a transaction; and the
// content-addressed blobs area of the store (recordings, models; lib/blob-store.ts) as app.blobs. Training keeps its own bundle
// (app.training, training-repositories.ts). It imports no feature: app.ts passes the definitions.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../db/driver.ts';
import { blobStoreOf, type BlobStore, type StorageConfig } from '../lib/blob-store.ts';
import { sharedLocksOf, type SharedLocks } from '../lib/shared-locks.ts';
import { RepositoryRegistry, type RepositoryDefinitions } from '../lib/repositories.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Locks held across server processes (PostgreSQL advisory locks with DATABASE_URL, else in-process). */
    sharedLocks: SharedLocks;
    /** The blobs area of the store (DATA_DIR/blobs or BLOB_STORE): what uploads write and downloads, exports and speech read. */
    blobs: BlobStore;
  }
}

export interface RepositoriesPluginOptions {
  config: StorageConfig & { DATABASE_URL?: string | undefined };
  definitions: RepositoryDefinitions;
}

export default fp<RepositoriesPluginOptions>(
  async function repositoriesPlugin(app: FastifyInstance, { config, definitions }) {
    const registry = new RepositoryRegistry(definitions);
    const db = app.database.db;
    await registry.start(db, {
      copiedFromTemplate: app.databaseCopiedFromTemplate,
      log: (figures, message) => app.log.info(figures, message),
    });
    app.decorate('repositories', registry.on(db));
    app.decorate('transactionRepositories', (tx: Tx) => registry.inTransaction(tx));
    app.decorate('blobs', blobStoreOf(config));
    const locks = sharedLocksOf(config);
    app.decorate('sharedLocks', locks);
    app.addHook('onClose', () => locks.close());
  },
  { name: 'repositories', dependencies: ['database'] },
);
