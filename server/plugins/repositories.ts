// Makes the repositories the features defined (lib/repositories.ts) once on the database, as app.repositories,
// runs their start-up work, and offers app.transactionRepositories(tx) for code inside a transaction; and the
// content-addressed blob store of DATA_DIR/blobs (recordings, models) as app.blobs. Training keeps its own bundle
// (app.training, training-repositories.ts). It imports no feature: app.ts passes the definitions.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Tx } from '../db/driver.ts';
import { FileBlobStore, type BlobStore } from '../lib/blob-store.ts';
import { RepositoryRegistry, type RepositoryDefinitions } from '../lib/repositories.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** DATA_DIR/blobs: what uploads write and downloads, exports and speech read. */
    blobs: BlobStore;
  }
}

export interface RepositoriesPluginOptions {
  config: Pick<Config, 'DATA_DIR'>;
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
    app.decorate('blobs', new FileBlobStore(path.join(config.DATA_DIR, 'blobs')));
  },
  { name: 'repositories', dependencies: ['database'] },
);
