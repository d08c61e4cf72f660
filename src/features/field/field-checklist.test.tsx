// @vitest-environment happy-dom
// Settings → Ready for the field (Testing Library, IndexedDB by fake-indexeddb): the phone is prepared at sign-up,
// before the contributor gives consent; the consent given afterwards (read from the server, or chosen offline)
// shows in the checklist at once instead of the run's "No consent yet".
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { field as m } from '../../../core/i18n/messages/field.ts';
import { authStore } from '../../lib/auth-store.ts';
import { localDb } from '../../offline/local-db.ts';
import { enqueue } from '../../offline/outbox.ts';
import { settingsStore } from '../../offline/settings-store.ts';
import { FieldSection } from './field-checklist.tsx';
import { resetFieldReadiness } from './field-readiness.ts';
import { testUser } from '../../test-support/client-fixtures.ts';

const USER = testUser('user-field', 'Tester');

beforeEach(async () => {
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
  resetFieldReadiness();
  authStore.signIn('t'.repeat(43), USER, false);
  await Promise.all([localDb().outbox.clear(), localDb().consents.clear()]);
  // The run at sign-up, before any consent.
  await settingsStore.setFieldReadiness({
    userId: USER.id,
    finishedAt: Date.parse('2026-11-02T08:00:00Z'),
    steps: [
      {
        id: 'consent',
        label: 'Consent',
        status: 'warning',
        detail: `Signed in as Tester. ${m.noConsent.message}`,
      },
      { id: 'prompts', label: 'Sentences', status: 'done', detail: '110 sentences' },
    ],
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.clear();
});

const consentRow = () => screen.findByTestId('field-step-consent');

describe('the field checklist’s consent row', () => {
  it('shows the consent the server gave after the run, not the run’s "No consent yet"', async () => {
    await localDb().consents.put({
      userId: USER.id,
      status: {
        recording: true,
        translation: true,
        formVersion: '2026-11-v1',
        updatedAt: '2026-11-02T09:00:00Z',
      },
      cachedAt: Date.now(),
    });
    render(<FieldSection />);
    const row = await consentRow();
    await waitFor(() => expect(row.textContent).toContain('Recording and translation consent.'));
    expect(row.textContent).not.toContain('No consent yet');
    expect(row.textContent).toContain('✓');
    expect(row.textContent).not.toContain('Done, note');
  });

  it('shows a consent chosen on this phone offline, as waiting to be sent', async () => {
    await enqueue(
      localDb(),
      USER.id,
      'consent.submit',
      { params: {}, body: { consent_type: 'recording' } },
      { choice: 'recording' },
    );
    render(<FieldSection />);
    const row = await consentRow();
    await waitFor(() =>
      expect(row.textContent).toContain('Recording consent (chosen on this phone, waiting to be sent).'),
    );
    expect(row.textContent).not.toContain('No consent yet');
  });

  it('keeps saying "No consent yet" while there is none', async () => {
    render(<FieldSection />);
    const row = await consentRow();
    await waitFor(() => expect(row.textContent).toContain('No consent yet'));
  });
});
