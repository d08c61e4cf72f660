// Marks, in a page shown in another language than English, the elements whose text is English standing in for
// a missing translation (lang="en", so a screen reader reads them with English rules while <html lang> names the
// chosen language), and in a translator's preview the elements showing their own proposals (a dotted underline,
// styled in layout.css). The texts come from t() (i18n.tsx, shownTexts); an element is marked when every piece
// of its own text is such a text, so a sentence mixing both keeps the page's language. Only attributes the app
// never sets are touched (lang on an element without one, data-i18n-*), and marks are removed when the text
// changes. Loaded only once a language other than English is active.
import { SOURCE_LOCALE } from '../../core/i18n/languages.ts';
import { i18n, shownTexts } from './i18n.tsx';

const FALLBACK = 'data-i18n-fallback';
const PROPOSED = 'data-i18n-proposed';

/** What an element's own text is: 'fallback', 'proposed', or null (translated, mixed, or none). */
function kindOf(element: Element): 'fallback' | 'proposed' | null {
  let kind: 'fallback' | 'proposed' | null = null;
  for (const node of element.childNodes) {
    if (node.nodeType !== Node.TEXT_NODE) continue;
    const text = node.nodeValue ?? '';
    if (text.trim() === '' || /^[\s·—–:,.()/|-]+$/u.test(text)) continue;
    const here = shownTexts.fallback.has(text)
      ? 'fallback'
      : shownTexts.proposed.has(text)
        ? 'proposed'
        : null;
    if (here === null || (kind !== null && kind !== here)) return null;
    kind = here;
  }
  return kind;
}

function unmark(element: Element) {
  if (element.hasAttribute(FALLBACK)) {
    element.removeAttribute(FALLBACK);
    element.removeAttribute('lang');
  }
  element.removeAttribute(PROPOSED);
}

/** Marks the page as it is now. */
export function markShownTexts(root: ParentNode = document.body) {
  const english = i18n.locale === SOURCE_LOCALE;
  for (const element of root.querySelectorAll(`[${FALLBACK}], [${PROPOSED}]`)) {
    const kind = english ? null : kindOf(element);
    if (kind === null || (kind === 'fallback') !== element.hasAttribute(FALLBACK)) unmark(element);
  }
  if (english) return;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const parents = new Set<Element>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    if (node.parentElement && (shownTexts.fallback.has(text) || shownTexts.proposed.has(text)))
      parents.add(node.parentElement);
  }
  for (const element of parents) {
    const kind = kindOf(element);
    if (kind === 'fallback' && !element.hasAttribute('lang')) {
      element.setAttribute('lang', SOURCE_LOCALE);
      element.setAttribute(FALLBACK, '');
    } else if (kind === 'proposed') element.setAttribute(PROPOSED, '');
  }
}

let observer: MutationObserver | null = null;

/** Keeps the marks true while the page changes (once per frame at most). */
export function watchShownTexts() {
  if (observer) {
    markShownTexts();
    return;
  }
  let scheduled = false;
  const pass = () => {
    scheduled = false;
    markShownTexts();
  };
  observer = new MutationObserver((records) => {
    // The marks' own attribute changes are not watched; text and elements are.
    if (scheduled || records.length === 0) return;
    scheduled = true;
    requestAnimationFrame(pass);
  });
  observer.observe(document.body, { childList: true, characterData: true, subtree: true });
  i18n.on('change', () => requestAnimationFrame(pass));
  markShownTexts();
}
