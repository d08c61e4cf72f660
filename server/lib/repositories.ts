// The typed registry of the features' repositories (the only code that writes SQL). Each feature declares its own
// repository beside its class (defineRepository, and an augmentation of Repositories or TransactionRepositories
// naming it), so neither this module nor plugins/ imports a feature: app.ts hands the definitions to the
// repositories plugin, which makes them once per database handle as app.repositories, and a transaction gets its
// own set from app.transactionRepositories(tx), made once per transaction.
import type { Db, DbOrTx, Tx } from '../db/driver.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every repository on the app's database (plugins/repositories.ts makes them). */
    repositories: Repositories;
    /** The transactional repositories bound to one transaction (the same object for the same transaction). */
    transactionRepositories(tx: Tx): TransactionRepositories;
  }
}

/**
 * The repositories whose statements may run inside a transaction (an idempotent request runs its effect on one).
 * Empty here: each feature adds its own with `declare module '…/lib/repositories.ts'`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features' augmentations
export interface TransactionRepositories {}

/** Every repository of the app: the transactional ones and those that only run on the database itself. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features' augmentations
export interface Repositories extends TransactionRepositories {}

/** What a repository may do once at start-up, before the app answers (recounts, renewals). */
export interface RepositoryStart {
  /** The database was just copied from a migrated template (tests), not made by its own migrations. */
  copiedFromTemplate: boolean;
  log: (figures: Record<string, number>, message: string) => void;
}

type Name = keyof Repositories;

/** How a feature's repository is made; `transactional` ones are made on transactions too. */
export type RepositoryDefinition<K extends Name = Name> = {
  name: K;
  /** Start-up work on the database; runs once when the repositories plugin registers. */
  atStart?: (repository: Repositories[K], start: RepositoryStart) => Promise<void>;
} & (K extends keyof TransactionRepositories
  ? { transactional: true; make: (db: DbOrTx) => Repositories[K] }
  : { transactional: false; make: (db: Db, others: Repositories) => Repositories[K] });

/** One definition per repository, none missing: what app.ts gives the repositories plugin. */
export type RepositoryDefinitions = { [K in Name]: RepositoryDefinition<K> };

/** A transactional repository: made on the database and on every transaction opened for a request. */
export function defineRepository<K extends keyof TransactionRepositories>(
  name: K,
  make: (db: DbOrTx) => TransactionRepositories[K],
  atStart?: RepositoryDefinition<K>['atStart'],
): RepositoryDefinition<K> {
  return {
    name,
    transactional: true,
    make,
    ...(atStart ? { atStart } : {}),
  } as unknown as RepositoryDefinition<K>;
}

/** A repository made on the database only (its work never joins a request's transaction). */
export function defineDatabaseRepository<K extends Exclude<Name, keyof TransactionRepositories>>(
  name: K,
  make: (db: Db, others: Repositories) => Repositories[K],
): RepositoryDefinition<K> {
  return { name, transactional: false, make } as unknown as RepositoryDefinition<K>;
}

/** Makes the registered repositories on a database, and on each transaction (the same object per handle). */
export class RepositoryRegistry {
  private readonly made = new WeakMap<Db | Tx, Partial<Repositories>>();
  private readonly all: RepositoryDefinition[];

  constructor(definitions: RepositoryDefinitions) {
    this.all = Object.values(definitions) as RepositoryDefinition[];
  }

  /** Every repository on the database. */
  on(db: Db): Repositories {
    let found = this.made.get(db);
    if (!found) {
      found = {};
      this.made.set(db, found);
      // The transactional ones first: a repository made on the database only may use them (through `others`).
      Object.assign(found, this.transactional(db));
      const others = found as Repositories;
      for (const definition of this.all) {
        if (definition.transactional) continue;
        const make = definition.make as (db: Db, others: Repositories) => unknown;
        Object.assign(found, { [definition.name]: make(db, others) });
      }
    }
    return found as Repositories;
  }

  /** The transactional repositories bound to one transaction. */
  inTransaction(tx: Tx): TransactionRepositories {
    let found = this.made.get(tx);
    if (!found) {
      found = this.transactional(tx);
      this.made.set(tx, found);
    }
    return found as TransactionRepositories;
  }

  private transactional(db: DbOrTx): Partial<Repositories> {
    const found: Partial<Repositories> = {};
    for (const definition of this.all)
      if (definition.transactional)
        Object.assign(found, { [definition.name]: (definition.make as (db: DbOrTx) => unknown)(db) });
    return found;
  }

  /** Runs each repository's start-up work on the database. */
  async start(db: Db, start: RepositoryStart): Promise<void> {
    const repositories = this.on(db);
    for (const definition of this.all) {
      const atStart = definition.atStart as
        ((repository: unknown, start: RepositoryStart) => Promise<void>) | undefined;
      await atStart?.(repositories[definition.name], start);
    }
  }
}
