// @vitest-environment happy-dom
// Settings → Sync as a contributor sees it (Testing Library, IndexedDB by fake-indexeddb): every kind waiting on
// this phone is listed, recordings included; a refused one says why, can be tried again, or (confirmed) discarded;
// a vote on a clip that is gone leaves quietly, with a notice instead of a decision to make.
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import { authStore } from '../../lib/auth-store.ts';
import { localDb } from '../../offline/local-db.ts';
import { enqueue, entriesOf, park } from '../../offline/outbox.ts';
import { appendChunk, createDraft, saveDraft } from '../recording/local-recordings.ts';
import { SyncSection } from './sync-section.tsx';
import { testUser } from '../../test-support/client-fixtures.ts';

const USER = testUser('user-1', 'Tester');

async function recordingWaiting(): Promise<string> {
  const id = await createDraft(USER.id, {
    fileName: 'story.webm',
    title: 'A story',
    transcript: null,
    language: 'lpx',
    promptPairId: null,
    mimeType: 'audio/webm',
  });
  await appendChunk(id, 0, new TextEncoder().encode('zorbel audio').buffer);
  await saveDraft(id, { durationSeconds: 3 });
  return id;
}

const entries = () => entriesOf(localDb(), USER.id);

beforeEach(async () => {
  // The phone is offline: what the sync engine tries to send fails as a lost connection does.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
  authStore.signIn('t'.repeat(43), USER, false);
  await Promise.all([
    localDb().outbox.clear(),
    localDb().recordings.clear(),
    localDb().recordingChunks.clear(),
    localDb().goneNotices.clear(),
  ]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.clear();
});

describe('SyncSection', () => {
  it('lists every kind waiting on this phone, a recording among them', async () => {
    await enqueue(
      localDb(),
      USER.id,
      'consent.submit',
      { params: {}, body: { consent_type: 'full' } },
      { choice: 'full contribution' },
    );
    await recordingWaiting();
    render(<SyncSection />);
    await waitFor(() => expect(screen.getAllByTestId('outbox-item')).toHaveLength(2));
    const items = screen.getAllByTestId('outbox-item').map((item) => item.textContent ?? '');
    expect(items[0]).toContain('Consent: full contribution');
    expect(items[1]).toContain('Recording “A story” (0:03)');
    expect(screen.getByTestId('sync-pending-count').textContent).toBe('2');
  });

  it('a refused recording says why; "Try again" puts it back in line', async () => {
    await recordingWaiting();
    const [entry] = await entries();
    await park(localDb(), entry!, { status: 422, code: ERROR_CODES.unsupportedAudio, message: 'Not audio.' });
    render(<SyncSection />);
    const item = await screen.findByTestId('outbox-item');
    await waitFor(() => expect(item.textContent).toContain('Not accepted: Not audio.'));
    await userEvent.click(within(item).getByRole('button', { name: 'Try again' }));
    await waitFor(async () => expect((await entries())[0]?.state).toBe('pending'));
  });

  it('a vote on a clip that is gone leaves the outbox with a short notice, not "Needs attention"', async () => {
    await enqueue(
      localDb(),
      USER.id,
      'clip.vote',
      { params: { id: crypto.randomUUID() }, body: { vote: 'up' } },
      { text: 'A clip' },
    );
    vi.stubGlobal('fetch', (input: string) =>
      Promise.resolve(
        input.endsWith('/api/health')
          ? Response.json({ status: 'ok' })
          : Response.json(
              { message: 'This clip is no longer available for review.', code: ERROR_CODES.itemGone },
              { status: 404 },
            ),
      ),
    );
    render(<SyncSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sync now' }));
    const notice = await screen.findByTestId('gone-notice');
    expect(notice.textContent).toContain('1 vote was for a clip that is no longer available.');
    expect(await entries()).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await userEvent.click(within(notice).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByTestId('gone-notice')).toBeNull());
    expect(await localDb().goneNotices.count()).toBe(0);
  });

  it('deleting a refused recording asks first, and Cancel keeps it', async () => {
    const id = await recordingWaiting();
    const [entry] = await entries();
    await park(localDb(), entry!, { status: 422, code: ERROR_CODES.unsupportedAudio, message: 'Not audio.' });
    render(<SyncSection />);
    const item = await screen.findByTestId('outbox-item');
    await userEvent.click(await within(item).findByRole('button', { name: 'Delete recording' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await entries()).toHaveLength(1);

    await userEvent.click(within(item).getByRole('button', { name: 'Delete recording' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(async () => expect(await entries()).toEqual([]));
    expect(await localDb().recordings.get(id)).toBeUndefined();
  });
});
