// Keeps cytoscape from injecting an inline <style> element, which the app's CSP (style-src 'self') would block.
/**
 * Cytoscape's renderer adds `<style id="__________cytoscape_stylesheet">` (one rule: its container class is
 * position: relative) unless an element with that id already exists. A placeholder <meta> with the id satisfies the
 * check, and families.css carries the rule instead.
 */
const CYTOSCAPE_STYLESHEET_ID = '__________cytoscape_stylesheet';

export function preventCytoscapeInlineStyle(doc: Document = document): void {
  if (doc.getElementById(CYTOSCAPE_STYLESHEET_ID)) return;
  const placeholder = doc.createElement('meta');
  placeholder.id = CYTOSCAPE_STYLESHEET_ID;
  placeholder.name = 'cytoscape-stylesheet-placeholder';
  doc.head.appendChild(placeholder);
}
