// The phone's consent: the server's status until a choice waits in the outbox, then the newest waiting choice.
import { describe, expect, it } from 'vitest';
import type { ConsentStatus } from '../../../core/api/consent.ts';
import type { OutboxEntry, OutboxEntryOf } from '../../offline/local-db.ts';
import { deviceConsent } from './device-consent.ts';

const server: ConsentStatus = {
  recording: true,
  translation: false,
  formVersion: '2026-11-v1',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

let seq = 0;
type Change =
  | Pick<OutboxEntryOf<'consent.submit'>, 'kind' | 'body'>
  | Pick<OutboxEntryOf<'consent.withdraw'>, 'kind' | 'body'>
  | Pick<OutboxEntryOf<'translation.save'>, 'kind' | 'body'>;

function entry(change: Change, state: OutboxEntry['state'] = 'pending'): OutboxEntry {
  seq += 1;
  return {
    ...change,
    seq,
    id: `entry-${seq}`,
    userId: 'u1',
    subject: change.kind.startsWith('consent') ? 'consent' : `pair:${seq}`,
    params: {},
    label: change.kind,
    createdAt: Date.parse('2026-11-25T08:00:00.000Z') + seq * 1000,
    attempts: 0,
    state,
  };
}

describe('deviceConsent', () => {
  it('is the server status when nothing waits', () => {
    expect(
      deviceConsent(server, [entry({ kind: 'translation.save', body: { id: 1, translation: 'zq' } })]),
    ).toEqual({
      status: server,
      waiting: false,
    });
    expect(deviceConsent(null, [])).toEqual({ status: null, waiting: false });
  });

  it('a grant made offline takes effect at once, over no copy of the server status', () => {
    const result = deviceConsent(null, [entry({ kind: 'consent.submit', body: { consent_type: 'full' } })]);
    expect(result.waiting).toBe(true);
    expect(result.status).toMatchObject({ recording: true, translation: true });
  });

  it('the newest waiting choice decides; a withdrawal ends every grant', () => {
    const grant = entry({ kind: 'consent.submit', body: { consent_type: 'translation' } });
    expect(deviceConsent(server, [grant]).status).toMatchObject({ recording: false, translation: true });
    const withdraw = entry({ kind: 'consent.withdraw', body: {} });
    expect(deviceConsent(server, [grant, withdraw]).status).toMatchObject({
      recording: false,
      translation: false,
    });
  });

  it('a refused choice does not count', () => {
    const refused = entry({ kind: 'consent.submit', body: { consent_type: 'full' } }, 'attention');
    expect(deviceConsent(server, [refused])).toEqual({ status: server, waiting: false });
  });
});
