// The fuzz tier on PGlite (tests/server/fuzz/suite.ts); fuzz-postgres.test.ts runs it on PostgreSQL.
import { fuzzSuite } from './fuzz/suite.ts';

fuzzSuite('pglite');
