import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../core/api/errors.ts';
import { fill, VALIDATION_TEXTS, validationText, type ValidationTextKey } from '../../core/api/texts.ts';
import { SOURCE_LOCALE } from '../../core/i18n/languages.ts';
import { i18n } from '../i18n/i18n.tsx';
import { ApiError, CLIENT_ERROR_CODES, ERROR_TEXTS, toApiError } from './api-client.ts';
import { localiseErrorText, recogniseCheck } from './error-texts.ts';

/** A made-up language (Blorpish) with a catalogue of the community's approved messages. */
function speakBlorpish(messages: Record<string, string>) {
  i18n.load('qaa', messages);
  i18n.activate('qaa', ['qaa', SOURCE_LOCALE]);
}
afterEach(() => {
  i18n.activate(SOURCE_LOCALE);
});

describe('recognising a check by its English', () => {
  it('reads back every check of the API with the values it was filled with', () => {
    for (const key of Object.keys(VALIDATION_TEXTS) as ValidationTextKey[]) {
      const text = validationText(key, { max: 2000, min: 8 });
      const found = recogniseCheck(text);
      expect(found?.descriptor.id, key).toBe(`validation.${key}`);
      expect(fill(VALIDATION_TEXTS[key], found!.values), key).toBe(text);
    }
  });

  it('does not take other texts, long texts or look-alikes for a check', () => {
    expect(recogniseCheck('Invalid email or password')).toBeNull();
    expect(recogniseCheck(`Name must be at most ${'9'.repeat(600)} characters`)).toBeNull();
    expect(recogniseCheck('Name must be at most 12 characters, and more')).toBeNull();
  });
});

describe('failures in the interface language', () => {
  it('leaves English exactly as the spec and the server write it', () => {
    expect(localiseErrorText(VALIDATION_TEXTS.passwordsDoNotMatch)).toBe('Passwords do not match');
    expect(localiseErrorText('Invalid email or password', ERROR_CODES.invalidCredentials)).toBe(
      'Invalid email or password',
    );
  });

  it('writes a check in the chosen language with its values', () => {
    speakBlorpish({
      'validation.passwordTooShort': 'Zib {min} blorps',
      'validation.emailRequired': 'Zib e-blorp',
    });
    expect(localiseErrorText(validationText('passwordTooShort', { min: 8 }))).toBe('Zib 8 blorps');
    expect(localiseErrorText(VALIDATION_TEXTS.emailRequired)).toBe('Zib e-blorp');
  });

  it('falls back on the code’s message, then on the English the community has not translated yet', () => {
    speakBlorpish({ 'error-code.invalidCredentials': 'Blorp ni zib' });
    expect(localiseErrorText('Invalid email or password', ERROR_CODES.invalidCredentials)).toBe(
      'Blorp ni zib',
    );
    // Neither the check nor its code is translated: English rather than nothing.
    expect(localiseErrorText(VALIDATION_TEXTS.nameRequired, ERROR_CODES.validation)).toBe('Name is required');
    expect(localiseErrorText('The server’s own words', ERROR_CODES.conflict)).toBe('The server’s own words');
  });

  it('writes the client’s own failures and the server’s field errors in the chosen language', async () => {
    speakBlorpish({
      'errors.network': 'Blorp ni server',
      'errors.fallback': 'Blorp',
      'validation.nameRequired': 'Zib nami',
    });
    expect((await toApiError(new TypeError('Failed to fetch'))).message).toBe('Blorp ni server');
    expect((await toApiError('something odd')).message).toBe('Blorp');
    const refused = await toApiError(
      new ApiError('Some of what was sent is not valid.', 400, ERROR_CODES.validation, [
        { path: 'name', message: VALIDATION_TEXTS.nameRequired },
      ]),
    );
    expect(refused.fieldErrors()).toEqual({ name: 'Zib nami' });
    expect(refused.code).toBe(ERROR_CODES.validation);
    // English again: the spec's texts.
    i18n.activate(SOURCE_LOCALE);
    const english = await toApiError(new TypeError('Failed to fetch'));
    expect([english.message, english.code]).toEqual([ERROR_TEXTS.network, CLIENT_ERROR_CODES.network]);
  });
});
