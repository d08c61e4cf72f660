// Geometry checks shared by the layout spec and the screens' own specs (bounding boxes, not screenshots):
// nothing reaches past the screen's edges, no control's words break inside a word, no control is squeezed or
// reaches past its labelled field.
import type { Page } from '@playwright/test';

/** What breaks the layout on this screen, as sentences (empty when nothing does). */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? ` class="${element.className}"` : ''}> “${(element.textContent ?? '').trim().slice(0, 40)}”`;
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    // Inside a box that scrolls or clips (a sideways-scrolling table, the graph), the box itself is checked.
    const insideScroller = (element: Element) => {
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      )
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      return false;
    };
    if (document.documentElement.scrollWidth > width)
      problems.push(`the page scrolls sideways by ${document.documentElement.scrollWidth - width} px`);
    for (const element of document.querySelectorAll('body *')) {
      if (!shown(element) || element.closest('.visually-hidden, .skip-link') || insideScroller(element))
        continue;
      const box = element.getBoundingClientRect();
      if (box.left < -1 || box.right > width + 1)
        problems.push(`${describe(element)} spans ${Math.round(box.left)} to ${Math.round(box.right)} px`);
    }
    const controls = 'button, a, label, th, summary, legend, select, h1, h2, h3, dt, .badge, [role="tab"]';
    for (const element of document.querySelectorAll(controls)) {
      if (!shown(element)) continue;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // Words as the browser may break them: at spaces, hyphens and slashes, never inside.
        for (const match of (node.textContent ?? '').matchAll(/[^\s\-–—/]{2,}/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(
            [...range.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top)),
          );
          if (lines.size > 1)
            problems.push(`“${match[0]}” is broken over ${lines.size} lines in ${describe(element)}`);
        }
      }
    }
    const fields =
      'button, select, textarea, input:not([type="checkbox"]):not([type="radio"]):not([type="range"])';
    for (const element of document.querySelectorAll(fields)) {
      if (!shown(element)) continue;
      const box = element.getBoundingClientRect();
      if (box.width < 40) problems.push(`${describe(element)} is squeezed to ${Math.round(box.width)} px`);
      // A form control stays inside its labelled field: one that reaches past it runs under its neighbour.
      const field = element.closest('.field');
      const edge = field?.getBoundingClientRect().right ?? Infinity;
      if (field && shown(field) && box.right > edge + 1)
        problems.push(`${describe(element)} reaches ${Math.round(box.right - edge)} px past its field`);
    }
    return problems;
  });
}
