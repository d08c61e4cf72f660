// The interface's languages (issue 18): English ships complete and is the source and the fallback; the
// community adds others, which are offered in the language choice once enough of their messages are approved.

export const SOURCE_LOCALE = 'en';

/** A language is offered to everyone once this share of the interface's messages has an approved translation. */
export const UI_LANGUAGE_LISTING_SHARE = 0.6;

/** Language codes: a BCP 47 language subtag (ISO 639, e.g. `lpx` for Lopit), with an optional region or script. */
export const LANGUAGE_CODE_PATTERN = /^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|\d{3}))?$/;
export const LANGUAGE_CODE_MAX = 16;
export const LANGUAGE_NAME_MAX = 60;
export const UI_MESSAGE_MAX = 2_000;
export const UI_MESSAGE_ID_MAX = 120;

/** Whether a language with `approved` of `total` messages translated is offered in the language choice. */
export const isListed = (approved: number, total: number) =>
  total > 0 && approved / total >= UI_LANGUAGE_LISTING_SHARE;
