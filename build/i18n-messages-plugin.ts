// Compiles the interface's English messages at build time (issue 18): each core/i18n/messages/*.ts module is
// replaced in the bundle by its descriptors with the English compiled to Lingui's token form and without the
// translators' notes, so the app ships no ICU parser and no notes (the server gives those to translators).
// In development and tests Lingui compiles at run time, so the plugin only applies to builds.
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import type { MessageDescriptor } from '../core/i18n/define.ts';

const MESSAGES_DIR = `${path.sep}core${path.sep}i18n${path.sep}messages${path.sep}`;

const isDescriptor = (value: unknown): value is MessageDescriptor =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as MessageDescriptor).id === 'string' &&
  typeof (value as MessageDescriptor).message === 'string';

export function i18nMessages(): Plugin {
  return {
    name: 'lopit-i18n-messages',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0]!;
      if (!path.normalize(file).includes(MESSAGES_DIR) || !file.endsWith('.ts')) return null;
      const module = (await tsImport(file, import.meta.url)) as Record<string, unknown>;
      const lines: string[] = [];
      for (const [name, group] of Object.entries(module)) {
        if (typeof group !== 'object' || group === null) continue;
        const compiled: Record<string, { id: string; message: unknown }> = {};
        for (const [key, descriptor] of Object.entries(group)) {
          if (!isDescriptor(descriptor)) throw new Error(`${file}: ${name}.${key} is not a message`);
          compiled[key] = { id: descriptor.id, message: compileMessage(descriptor.message) };
        }
        lines.push(`export const ${name} = ${JSON.stringify(compiled)};`);
      }
      return lines.join('\n');
    },
  };
}
