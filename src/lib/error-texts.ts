// Failures in the interface's language (issue 18). The server and the API's schemas speak English; a phone in
// another language recognises a check's English by its template (core/api/texts.ts, `{name}` placeholders) and
// writes it in that language with the values it read back, or else shows its error code's message, or else the
// English as it came (what the community has not translated yet). English itself passes through unchanged, so
// the texts of product-spec section 8 stay exactly as the spec writes them.
import { CLIENT_ERROR_CODES, CLIENT_ERROR_TEXTS, ERROR_CODES } from '../../core/api/errors.ts';
import { VALIDATION_TEXTS, type ValidationTextKey } from '../../core/api/texts.ts';
import type { MessageDescriptor } from '../../core/i18n/define.ts';
import { SOURCE_LOCALE } from '../../core/i18n/languages.ts';
import { clientErrors, errorCodes, validation } from '../../core/i18n/messages/errors.ts';
import { i18n, t } from '../i18n/i18n.tsx';
import { ApiError } from './api-client.ts';

/** Longer texts are not matched: no server message of ours is this long, and matching stays cheap. */
const MATCH_MAX_LENGTH = 500;
/** A placeholder's value is a number or a short word (a length, a count). */
const VALUE_PATTERN = '(.{1,40}?)';

interface Template {
  descriptor: MessageDescriptor;
  names: string[];
  pattern: RegExp;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function templateOf(english: string, descriptor: MessageDescriptor): Template {
  const names: string[] = [];
  const source = english
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return escape(part);
      names.push(name);
      return VALUE_PATTERN;
    })
    .join('');
  return { descriptor, names, pattern: new RegExp(`^${source}$`) };
}

interface Tables {
  /** Checks whose English has no placeholder, by that English. */
  exact: Map<string, MessageDescriptor>;
  /** Checks whose English has placeholders, matched in turn. */
  templates: Template[];
}

let built: Tables | null = null;

/** The checks' English in its two tables, built together on first use and kept. */
function tables(): Tables {
  if (built) return built;
  const exact = new Map<string, MessageDescriptor>();
  const templates: Template[] = [];
  for (const key of Object.keys(VALIDATION_TEXTS) as ValidationTextKey[]) {
    const english = VALIDATION_TEXTS[key];
    if (/\{\w+\}/.test(english)) templates.push(templateOf(english, validation[key]));
    else exact.set(english, validation[key]);
  }
  built = { exact, templates };
  return built;
}

const CODE_MESSAGES = new Map<string, MessageDescriptor>([
  ...(Object.keys(ERROR_CODES) as (keyof typeof ERROR_CODES)[]).map(
    (key) => [ERROR_CODES[key], errorCodes[key]] as const,
  ),
  [CLIENT_ERROR_CODES.network, clientErrors.network],
  [CLIENT_ERROR_CODES.timeout, clientErrors.timeout],
  [CLIENT_ERROR_CODES.unreadable, clientErrors.unreadable],
  [CLIENT_ERROR_CODES.evidenceMissing, clientErrors.evidenceMissing],
]);

/** The message a check's English was filled from, with the values read back; null for other texts. */
export function recogniseCheck(
  text: string,
): { descriptor: MessageDescriptor; values: Record<string, string> } | null {
  if (text.length > MATCH_MAX_LENGTH) return null;
  const { exact, templates } = tables();
  const known = exact.get(text);
  if (known) return { descriptor: known, values: {} };
  for (const template of templates) {
    const found = template.pattern.exec(text);
    if (found)
      return {
        descriptor: template.descriptor,
        values: Object.fromEntries(template.names.map((name, index) => [name, found[index + 1]!])),
      };
  }
  return null;
}

/** Whether the chosen language's catalogue has a message (else Lingui would show the English). */
const translated = (descriptor: MessageDescriptor) => i18n.messages[descriptor.id] !== undefined;

/** A failure's text in the interface's language. */
export function localiseErrorText(text: string, code?: string): string {
  if (i18n.locale === SOURCE_LOCALE) return text;
  if (text === CLIENT_ERROR_TEXTS.fallback)
    return translated(clientErrors.fallback) ? t(clientErrors.fallback) : text;
  const check = recogniseCheck(text);
  if (check && translated(check.descriptor)) return t(check.descriptor, check.values);
  const byCode = code === undefined ? undefined : CODE_MESSAGES.get(code);
  if (byCode && translated(byCode)) return t(byCode);
  return text;
}

const localised = new WeakSet<ApiError>();

/** An ApiError with its message and field errors in the interface's language. */
export function localiseApiError(error: ApiError): ApiError {
  if (localised.has(error)) return error;
  const details = Array.isArray(error.details)
    ? (error.details as unknown[]).map((item) => {
        const problem = (item ?? {}) as { message?: unknown };
        return typeof problem.message === 'string'
          ? { ...problem, message: localiseErrorText(problem.message) }
          : item;
      })
    : error.details;
  const result = new ApiError(
    localiseErrorText(error.message, error.code),
    error.status,
    error.code,
    details,
  );
  localised.add(result);
  return result;
}
