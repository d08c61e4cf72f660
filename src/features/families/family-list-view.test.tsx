// @vitest-environment happy-dom
// The windowed list view as a reader meets it (Testing Library) on a generated 5,000-person lineage: a few rows in
// the page, each saying its place among all; the search narrows it; the keys move through it.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildFamilyGraph, type FamilyGraph } from '../../../core/families/family-graph.ts';
import { generateLineage } from '../../../core/families/lineage-generator.ts';
import { matchPersons } from '../../../core/families/search.ts';
import { FamilyListView } from './family-list-view.tsx';
import { generationGroups, listRows } from './family-list-rows.ts';

let graph: FamilyGraph;
beforeAll(() => {
  graph = buildFamilyGraph(generateLineage({ targetPersons: 5000, seed: 3 }));
});
afterEach(cleanup);

// happy-dom lays nothing out: the list box is given the height it has in a browser (28rem) and each row 48 px, so
// the window is what a reader's screen would hold.
const LIST_PX = 448;
const ROW_PX = 48;
const boxHeight = (element: HTMLElement) => (element.getAttribute('role') === 'listbox' ? LIST_PX : ROW_PX);
beforeAll(() => {
  for (const property of ['offsetHeight', 'clientHeight'] as const)
    vi.spyOn(HTMLElement.prototype, property, 'get').mockImplementation(function (this: HTMLElement) {
      return boxHeight(this);
    });
  for (const property of ['offsetWidth', 'clientWidth'] as const)
    vi.spyOn(HTMLElement.prototype, property, 'get').mockReturnValue(320);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return new DOMRect(0, 0, 320, boxHeight(this));
  });
  return () => vi.restoreAllMocks();
});

function renderList(props: { matchIds?: ReadonlySet<string>; onSelect?: (id: string) => void } = {}) {
  const onSelect = props.onSelect ?? vi.fn();
  render(
    <FamilyListView
      graph={graph}
      selectedId={null}
      highlightedIds={new Set()}
      matchIds={props.matchIds ?? new Set()}
      filtered={props.matchIds !== undefined}
      onSelect={onSelect}
      onClear={() => {}}
    />,
  );
  return screen.getByRole('listbox', { name: 'Family members' });
}

describe('FamilyListView', () => {
  it('puts only a window of the 5,000 persons in the page, each option telling its place among all', () => {
    expect(graph.nodes.length).toBeGreaterThanOrEqual(5000);
    const list = renderList();
    const options = within(list).getAllByRole('option');
    expect(options.length).toBeGreaterThan(0);
    expect(options.length).toBeLessThan(100);
    const { order } = listRows(generationGroups(graph), null);
    options.forEach((option) => {
      expect(option?.getAttribute('aria-setsize')).toBe(String(graph.nodes.length));
      const id = option.getAttribute('data-person-id') ?? '';
      expect(option?.getAttribute('aria-posinset')).toBe(String(order.indexOf(id) + 1));
    });
  });

  it('a search finds a person far down the list, and the list holds only the matches', () => {
    const last = listRows(generationGroups(graph), null).order.at(-1) ?? '';
    const name = graph.nodeById.get(last)?.name ?? '';
    const matches = new Set(matchPersons(graph.nodes, name).map((node) => node.id));
    expect(matches.has(last)).toBe(true);
    const list = renderList({ matchIds: matches });
    const option = within(list)
      .getByText(name, { selector: '.families-option-name' })
      .closest('[role=option]');
    expect(option?.getAttribute('data-person-id')).toBe(last);
    expect(option?.getAttribute('aria-setsize')).toBe(String(matches.size));
    expect(within(list).getAllByRole('option').length).toBeLessThanOrEqual(matches.size);
  });

  it('End, Page Up and Enter move through the list and choose; the active option is always in the page', () => {
    const onSelect = vi.fn();
    const list = renderList({ onSelect });
    const { order } = listRows(generationGroups(graph), null);
    fireEvent.keyDown(list, { key: 'End' });
    expect(list?.getAttribute('data-active-id')).toBe(order.at(-1));
    fireEvent.keyDown(list, { key: 'PageUp' });
    const active = order.at(-11) ?? '';
    expect(list?.getAttribute('data-active-id')).toBe(active);
    const activeOption = document.getElementById(list.getAttribute('aria-activedescendant') ?? '');
    expect(activeOption?.getAttribute('data-person-id')).toBe(active);
    expect(activeOption?.getAttribute('aria-posinset')).toBe(String(order.length - 10));
    fireEvent.keyDown(list, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith(active);
    fireEvent.keyDown(list, { key: 'Home' });
    expect(list?.getAttribute('data-active-id')).toBe(graph.rootId);
  });
});
