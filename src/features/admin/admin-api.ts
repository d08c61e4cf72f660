// Calls of /api/admin, answers parsed with the contract's schemas (and the interface's languages, which
// everyone may list, with how much of each is approved).
import {
  resetLinkResponseSchema,
  userResponseSchema,
  usersResponseSchema,
  type Role,
} from '../../../core/api/auth.ts';
import { importPoReportSchema, languageResponseSchema, uiLanguagesSchema } from '../../../core/api/i18n.ts';
import { importReportSchema } from '../../../core/api/translation.ts';
import { api, request, requestJson } from '../../lib/api-client.ts';

/** An import of up to 10,000 rows can take longer than an ordinary call on a small server. */
const IMPORT_TIMEOUT_MS = 60_000;

export const adminApi = {
  users: () => requestJson(usersResponseSchema, () => api.get('admin/users')),
  setRole: (id: string, role: Role) =>
    requestJson(userResponseSchema, () => api.patch(`admin/users/${id}/role`, { json: { role } })),
  resetLink: (id: string) =>
    requestJson(resetLinkResponseSchema, () => api.post(`admin/users/${id}/reset-link`)),
  /** With `review`, the imported texts become proposals the community reviews instead of approved texts. */
  importPairs: (file: File, review: boolean) => {
    const body = new FormData();
    body.append('file', file);
    return requestJson(importReportSchema, () =>
      api.post('admin/import/pairs', {
        body,
        timeout: IMPORT_TIMEOUT_MS,
        searchParams: review ? { review: 'true' } : {},
      }),
    );
  },
  /** Every interface language with its approved messages and whether it is offered (issue 18). */
  languages: () => requestJson(uiLanguagesSchema, () => api.get('i18n/languages')),
  addLanguage: (code: string, name: string) =>
    requestJson(languageResponseSchema, () => api.post('admin/i18n/languages', { json: { code, name } })),
  /** The language's PO file: every message with its approved translation, for translators' tools. */
  exportPo: (code: string) =>
    request(() => api.get(`admin/i18n/languages/${encodeURIComponent(code)}/export.po`).blob()),
  importPo: (code: string, po: string) =>
    requestJson(importPoReportSchema, () =>
      api.post(`admin/i18n/languages/${encodeURIComponent(code)}/import`, {
        json: { po },
        timeout: IMPORT_TIMEOUT_MS,
      }),
    ),
};
