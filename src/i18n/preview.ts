// A translator's preview (issue 35): the app in the language they translate, whatever share of it is approved,
// from the server's preview catalogue (approved texts with their own proposals in place; i18n.tsx shows and keeps it).
import type { Messages } from '@lingui/core';
import { previewCatalogueSchema } from '../../core/api/i18n.ts';
import { api, requestJson } from '../lib/api-client.ts';
import { startPreview } from './i18n.tsx';

/** Downloads the viewer's preview of `code` and shows the app in it (throws when it cannot be loaded). */
export async function loadPreview(language: { code: string; name: string }): Promise<void> {
  const { messages, proposed } = await requestJson(previewCatalogueSchema, () =>
    api.get(`i18n/languages/${encodeURIComponent(language.code)}/preview`),
  );
  startPreview({ code: language.code, name: language.name, messages: messages as Messages, proposed });
}
