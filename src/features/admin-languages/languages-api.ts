// Calls about the interface's languages (issue 18): every language with how much of it is approved (which
// everyone may list), and the admin's calls that add one and carry its translations in and out as PO files.
import { importPoReportSchema, languageResponseSchema, uiLanguagesSchema } from '../../../core/api/i18n.ts';
import { api, request, requestJson } from '../../lib/api-client.ts';
import { IMPORT_TIMEOUT_MS } from '../admin-imports/imports-api.ts';

export const languagesApi = {
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
