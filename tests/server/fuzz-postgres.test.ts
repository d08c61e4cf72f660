// The fuzz tier on PostgreSQL when TEST_DATABASE_URL is set (tests/server/fuzz/suite.ts); fuzz.test.ts runs it on
// PGlite.
import { fuzzSuite } from './fuzz/suite.ts';

fuzzSuite('postgres');
