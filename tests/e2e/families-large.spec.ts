// /families at real size, on a phone and a laptop: Gramps' example tree (2,157 persons, converted with the Gramps
// command line) and a generated 5,000-person lineage. The first view shows named persons within the screen, a tap
// moves to a person and shows their family, the person last viewed is remembered, every tree of the data is
// reachable, and the whole lineage is drawn. Figures (time, longest task, bytes) are scripts/bench-families.ts's.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { buildFamilyGraph, treesApart } from '../../core/families/family-graph.ts';
import type { FamilyData } from '../../core/families/family-schema.ts';
import { neighbourhoodOf } from '../../core/families/neighbourhood.ts';
import { directRelatives } from '../../core/families/relatives.ts';
import { generatedData, grampsExampleData, hasGrampsExample } from '../../scripts/lib/family-datasets.ts';
import { layoutProblems } from './layout-checks.ts';
import { DESKTOP, PHONE, shootThemes } from './screenshots.ts';
import { ownServer } from './server-process.ts';

const server = ownServer('families-large');

/** Serves `data` as an admin's import does (the server reads it at the next request). */
function serve(data: FamilyData) {
  const file = path.join(server.dataDir, 'families', 'family-data.json');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(data));
}

/** The named persons of the family view whose whole box lies within the screen. */
function namedWithinScreen(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const height = window.innerHeight;
    return [...document.querySelectorAll<HTMLElement>('[data-testid="families-circle"] [data-person-id]')]
      .filter((button) => {
        const box = button.getBoundingClientRect();
        const name = button.querySelector('.families-circle-name');
        const nameBox = name?.getBoundingClientRect();
        return (
          (name?.textContent ?? '').trim() !== '' &&
          nameBox !== undefined &&
          nameBox.width > 0 &&
          box.left >= 0 &&
          box.top >= 0 &&
          box.right <= width &&
          box.bottom <= height &&
          // Legible without pinching: at least 14 px.
          parseFloat(getComputedStyle(name as Element).fontSize) >= 14
        );
      })
      .map((button) => button.dataset.personId ?? '');
  });
}

const datasets: [string, () => FamilyData][] = [
  ['a generated 5,000-person lineage', () => generatedData(5000)],
  ["Gramps' example tree", () => grampsExampleData(path.resolve('.tmp', 'gramps-example'))],
];

for (const [name, make] of datasets) {
  test.describe(name, () => {
    test.describe.configure({ timeout: 240_000 });
    let data: FamilyData;
    test.beforeAll(() => {
      test.skip(name.startsWith('Gramps') && !hasGrampsExample(), 'needs Gramps (apt-get install gramps)');
      test.setTimeout(300_000);
      data = make();
    });
    test.beforeEach(() => serve(data));

    for (const viewport of [PHONE, DESKTOP]) {
      test(`at ${viewport.width} px the first view names the root's family within the screen; a tap moves on`, async ({
        page,
      }) => {
        const graph = buildFamilyGraph(data);
        await page.setViewportSize(viewport);
        await page.goto(`${server.url}/families`);
        const circle = page.getByTestId('families-circle');
        await expect(circle).toHaveAttribute('data-focus-id', graph.rootId);
        await expect(page.getByTestId('families-canvas')).toHaveCount(0);
        const rows = neighbourhoodOf(graph, graph.rootId);
        const shown = await namedWithinScreen(page);
        expect(shown).toContain(graph.rootId);
        expect(shown.length).toBeGreaterThanOrEqual(Math.min(3, Object.values(rows).flat().length));
        expect(await layoutProblems(page)).toEqual([]);
        // The root's card is within the first screen too.
        const card = await page.getByTestId('families-person-card').boundingBox();
        expect(card?.y ?? Infinity).toBeLessThan(viewport.height);

        // A child with children of their own: tapping them moves the view, which grows to their family.
        const child = directRelatives(graph, graph.rootId).children.find(
          (id) => directRelatives(graph, id).children.length > 0,
        );
        if (!child) throw new Error('the root has no child with children');
        await circle.locator(`[data-person-id="${child}"]`).click();
        await expect(circle).toHaveAttribute('data-focus-id', child);
        await expect(circle.locator('[data-row="parents"]')).toContainText(
          graph.nodeById.get(graph.rootId)?.name ?? '',
        );
        for (const grandchild of directRelatives(graph, child).children)
          await expect(circle.locator(`[data-row="children"] [data-person-id="${grandchild}"]`)).toHaveCount(
            1,
          );
        expect(await namedWithinScreen(page)).toContain(child);
        await expect(page.getByTestId('families-person-card')).toContainText(
          graph.nodeById.get(child)?.name ?? '',
        );

        // Remembered on this phone: the next visit opens on the person last viewed.
        await page.reload();
        await expect(circle).toHaveAttribute('data-focus-id', child);
        if (viewport === PHONE)
          await shootThemes(page, `families-large-${name.startsWith('Gramps') ? 'gramps' : 'generated'}`);
      });
    }

    test('at 360 px the list holds a window of everyone, finds a person far down and moves by keyboard', async ({
      page,
    }) => {
      const graph = buildFamilyGraph(data);
      await page.setViewportSize(PHONE);
      await page.goto(`${server.url}/families`);
      await page.getByRole('button', { name: 'List view' }).click();
      const list = page.getByTestId('families-list');
      await expect(list).toHaveRole('listbox');
      await expect(list).toHaveAccessibleName('Family members');
      await expect(list).toHaveAttribute('data-persons', String(graph.nodes.length));
      const options = list.getByRole('option');
      await expect(options.first()).toHaveAttribute('aria-setsize', String(graph.nodes.length));
      expect(await options.count()).toBeLessThan(100);
      // Nothing wider than the screen, the list's rows included.
      expect(await layoutProblems(page)).toEqual([]);
      expect(await list.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);

      // End goes to the last person of the list, which is drawn and scrolled into the box.
      await list.focus();
      await page.keyboard.press('End');
      const last = await list.getAttribute('data-active-id');
      const lastOption = list.locator(`[data-person-id="${last}"]`);
      await expect(lastOption).toHaveAttribute('aria-posinset', String(graph.nodes.length));
      await expect(lastOption).toBeInViewport();
      await expect(list).toHaveAttribute(
        'aria-activedescendant',
        (await lastOption.getAttribute('id')) ?? '',
      );
      await page.keyboard.press('PageUp');
      await expect(list.locator('.is-active')).toHaveAttribute(
        'aria-posinset',
        String(graph.nodes.length - 10),
      );
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('families-person-card')).toContainText(
        graph.nodeById.get((await list.getAttribute('data-active-id')) ?? '')?.name ?? '',
      );

      // Back at the top, a search finds a person far down the list, alone with their namesakes.
      await page.keyboard.press('Home');
      await expect(list.locator(`[data-person-id="${graph.rootId}"]`)).toBeInViewport();
      const farDown = graph.nodeById.get(last ?? '');
      await page.getByRole('combobox', { name: 'Search family members' }).fill(farDown?.name ?? '');
      await expect(list.locator(`[data-person-id="${last}"]`)).toBeVisible();
      expect(Number(await list.getAttribute('data-persons'))).toBeLessThan(graph.nodes.length);
    });

    test('every tree of the data is reachable, and the whole lineage is drawn', async ({ page }) => {
      const graph = buildFamilyGraph(data);
      const trees = treesApart(data);
      expect(trees.length).toBeGreaterThan(0);
      await page.setViewportSize(DESKTOP);
      await page.goto(`${server.url}/families`);
      await expect(page.getByTestId('families-unconnected')).toContainText(
        `${graph.unconnected} persons in the data are not connected to the root person`,
      );
      const [first] = trees;
      await page.getByTestId('families-trees').locator(`[data-root-id="${first?.rootId}"]`).click();
      await expect(page.getByTestId('families-circle')).toHaveAttribute('data-focus-id', first?.rootId ?? '');
      await expect(page.locator('[data-counter="persons"]')).toHaveText(String(first?.persons));
      await page.getByRole('button', { name: /^Back to the tree of / }).click();
      await expect(page.getByTestId('families-circle')).toHaveAttribute('data-focus-id', graph.rootId);

      // The list is one tap away and answers the search.
      await page.getByRole('button', { name: 'List view' }).click();
      const someone = graph.nodes.at(-1);
      await page.getByRole('combobox', { name: 'Search family members' }).fill(someone?.name ?? '');
      await expect(
        page.getByTestId('families-list').locator(`[data-person-id="${someone?.id}"]`),
      ).toBeVisible();

      await page.getByRole('button', { name: 'Whole lineage' }).click();
      const canvas = page.getByTestId('families-canvas');
      await expect(canvas).toHaveAttribute('data-ready', 'true');
      await expect
        .poll(() => page.evaluate(() => window.__familiesGraph?.nodeCount), { timeout: 60_000 })
        .toBe(graph.nodes.length);
    });
  });
}
