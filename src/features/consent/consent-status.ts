// The signed-in user's consent status, read from the server into this device's copy (which offline
// screens show).
import { consentStatusSchema, type ConsentStatus } from '../../../core/api/consent.ts';
import { api, requestJson } from '../../lib/api-client.ts';
import { localDb } from '../../offline/local-db.ts';

export async function refreshConsentStatus(userId: string): Promise<ConsentStatus> {
  const status = await requestJson(consentStatusSchema, () => api.get('consent/status'));
  await localDb().consents.put({ userId, status, cachedAt: Date.now() });
  return status;
}
