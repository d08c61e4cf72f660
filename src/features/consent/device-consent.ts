// The consent that governs this phone: the server's last known status with the choices still waiting in the
// outbox folded over it by core's rule (the newest decides), so a choice made offline takes effect at once.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import {
  CONSENT_FORM_VERSION,
  consentStatusOf,
  type ConsentStatus,
  type PlacedConsentEvent,
} from '../../../core/api/consent.ts';
import type { ApiError } from '../../lib/api-client.ts';
import { localDb, type OutboxEntry } from '../../offline/local-db.ts';
import { entriesOf } from '../../offline/outbox.ts';
import { refreshConsentStatus } from './consent-status.ts';

export interface DeviceConsent {
  /** Null when the phone has neither a copy of the server's status nor a choice of its own. */
  status: ConsentStatus | null;
  /** A choice made on this phone has not reached the server yet (it decides here meanwhile). */
  waiting: boolean;
}

/** Folds the consent choices waiting on the phone (refused ones do not count) over the server's status. */
export function deviceConsent(server: ConsentStatus | null, entries: readonly OutboxEntry[]): DeviceConsent {
  const choices = entries.filter(
    (entry): entry is ConsentChoice =>
      entry.state === 'pending' && (entry.kind === 'consent.submit' || entry.kind === 'consent.withdraw'),
  );
  if (choices.length === 0) return { status: server, waiting: false };
  // In replay order, so an entry's place is its index (its seq is unset until Dexie stores it).
  return { status: consentStatusOf(choices.map(choiceEvent)), waiting: true };
}

type ConsentChoice = Extract<OutboxEntry, { kind: 'consent.submit' | 'consent.withdraw' }>;

function choiceEvent(entry: ConsentChoice, seq: number): PlacedConsentEvent {
  const at = iso(entry.createdAt);
  return entry.kind === 'consent.withdraw'
    ? { action: 'withdraw', consentType: 'full', formVersion: CONSENT_FORM_VERSION, at, seq }
    : {
        action: 'grant',
        consentType: entry.body.consent_type,
        formVersion: CONSENT_FORM_VERSION,
        at,
        seq,
      };
}

const iso = (time: number) => new Date(time).toISOString();

/** The consent governing this phone for the user, live (undefined while it is read). */
export function useDeviceConsent(userId: string): DeviceConsent | undefined {
  return useLiveQuery(async () => {
    if (!userId) return { status: null, waiting: false };
    const [cached, entries] = await Promise.all([
      localDb().consents.get(userId),
      entriesOf(localDb(), userId),
    ]);
    return deviceConsent(cached?.status ?? null, entries);
  }, [userId]);
}

/**
 * The phone's consent for a screen that needs it, refreshed from the server when it answers. `unknown`: the
 * phone has no copy and the server cannot be reached, so only a choice made here can decide.
 */
export function useConsentOnPhone(userId: string): DeviceConsent & { unknown: boolean } {
  const consent = useDeviceConsent(userId);
  const [unreachable, setUnreachable] = useState(false);
  useEffect(() => {
    if (!userId) return;
    refreshConsentStatus(userId).then(
      () => setUnreachable(false),
      (error: ApiError) => {
        if (error.status === null) setUnreachable(true);
        else console.error('Failed to load consent status', error);
      },
    );
  }, [userId]);
  const status = consent?.status ?? null;
  return {
    status,
    waiting: consent?.waiting ?? false,
    unknown: consent !== undefined && status === null && unreachable,
  };
}
