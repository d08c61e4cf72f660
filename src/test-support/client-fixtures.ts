// What the client tests (Testing Library on happy-dom, IndexedDB by fake-indexeddb) sign in as and record: an
// account and a field speaker whose consent is recorded on the phone. Never imported by the app.
import type { LocalSpeaker } from '../offline/local-db.ts';

/** A contributor's account as the session holds it. */
export const testUser = (id: string, name = 'Tester') => ({
  id,
  email: `${id}@example.org`,
  name,
  role: 'contributor' as const,
  ageGroup: null,
  gender: null,
  dialect: null,
  createdAt: '2026-11-01T00:00:00.000Z',
});

/** A field speaker added on this phone by `userId`, with full consent recorded (spoken). */
export const testSpeaker = (userId: string, overrides: Partial<LocalSpeaker> = {}): LocalSpeaker => ({
  id: 'speaker-elder',
  userId,
  name: 'Zorbel Elder',
  ageGroup: null,
  gender: null,
  dialect: null,
  createdAt: 1,
  consent: { id: 'consent-1', type: 'full', at: 1, evidence: ['spoken'] },
  withdrawnAt: null,
  pseudonym: null,
  clips: 0,
  ...overrides,
});
