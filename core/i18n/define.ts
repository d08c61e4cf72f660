// The interface's messages (issue 18): each has an id, its English source (ICU MessageFormat: `{name}`
// placeholders, `{count, plural, one {…} other {…}}`) and a note telling translators where it appears. They
// are grouped by screen in core/i18n/messages/*.ts; the app imports a screen's group (the build compiles the
// English and drops the notes, build/i18n-messages-plugin.ts), the server reads them all for translators.

/** A message as the source defines it. */
export interface MessageSource {
  /** English, the source and the fallback of every language. */
  message: string;
  /** Where the message appears and anything a translator needs to know. */
  note: string;
}

/** A message as the app and the server use it: `id` is "<screen>.<key>". */
export interface MessageDescriptor {
  id: string;
  /** The English source; in the built app, compiled (an array of tokens). */
  message: string;
  note?: string;
}

/** Writes a message in the current language, with its placeholders' values. */
export type Translate = (descriptor: MessageDescriptor, values?: Record<string, unknown>) => string;

/** A screen's messages: its id prefix, and a descriptor per key. */
export type MessageGroup<K extends string> = { readonly [key in K]: MessageDescriptor };

/** Screen ids: lower-case words joined by hyphens (they prefix message ids and filter the Translate screen). */
export const SCREEN_ID_PATTERN = /^[a-z][a-z-]{0,39}$/;

/** A screen's messages, keyed for the components that show them. */
export function defineMessages<K extends string>(
  screen: string,
  sources: Record<K, MessageSource>,
): MessageGroup<K> {
  const group = {} as Record<K, MessageDescriptor>;
  for (const key of Object.keys(sources) as K[]) {
    const { message, note } = sources[key];
    group[key] = { id: `${screen}.${key}`, message, note };
  }
  return group;
}
