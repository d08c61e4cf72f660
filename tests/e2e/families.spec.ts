// /families end to end: counters, search, selection, trace, names, reset, list keyboard, dragging, 360 px, CSP;
// the data served live (an import shows at the next load, no rebuild or restart) and offline from the cache.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { FAMILY_GRAPH } from '../../core/constants.ts';
import { buildFamilyGraph, countPersons } from '../../core/families/family-graph.ts';
import { parseFamilyData } from '../../core/families/family-schema.ts';
import { pathToRoot } from '../../core/families/paths.ts';
import { directRelatives, relativesWithSelf } from '../../core/families/relatives.ts';
import { matchPersons } from '../../core/families/search.ts';
import { waitForOfflineReady } from './fixtures.ts';
import { shootThemes } from './screenshots.ts';
import { ownServer } from './server-process.ts';

const data = parseFamilyData(
  JSON.parse(
    readFileSync(new URL('../../content/families/sample-lineage.json', import.meta.url), 'utf8'),
  ) as unknown,
);
const graph = buildFamilyGraph(data);
const sorted = (ids: readonly string[]) => [...ids].sort();

/** What cytoscape shows, through the page's read-only test hook. */
const state = (page: Page) =>
  page.evaluate(() => {
    const hook = window.__familiesGraph;
    if (!hook) throw new Error('no test hook');
    return {
      selectedId: hook.selectedId,
      highlightedIds: hook.highlightedIds,
      labelsVisible: hook.labelsVisible,
      pinnedIds: hook.pinnedIds,
      nodeCount: hook.nodeCount,
    };
  });

async function open(page: Page) {
  const cspErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      cspErrors.push(message.text());
  });
  await page.goto('/families');
  await expect(page.getByRole('heading', { level: 1, name: 'Families Lineage' })).toBeVisible();
  await expect(page.getByTestId('families-canvas')).toHaveAttribute('data-ready', 'true');
  // The initial auto-fit (after FAMILY_GRAPH.autoFitDelayMs) must have run and stopped before nodes are
  // clicked by position.
  await settled(page);
  return cspErrors;
}

/**
 * Waits until the graph has stopped moving (no viewport or node animation, no refit waiting), and `id`'s
 * place on screen is the same two frames apart: an animation a click just started has begun by then.
 */
async function settled(page: Page, id?: string) {
  await page.waitForFunction(
    async (nodeId) => {
      const hook = window.__familiesGraph;
      if (!hook?.settled) return false;
      const before = nodeId ? hook.clientPosition(nodeId) : { x: hook.zoom, y: 0 };
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const after = nodeId ? hook.clientPosition(nodeId) : { x: hook.zoom, y: 0 };
      return (
        hook.settled &&
        before !== null &&
        after !== null &&
        Math.abs(before.x - after.x) < 0.5 &&
        Math.abs(before.y - after.y) < 0.5
      );
    },
    id,
    { timeout: 10_000 },
  );
}

/** Scrolls the canvas into view, then gives a node's viewport coordinates. */
async function nodePoint(page: Page, id: string) {
  await page
    .getByTestId('families-canvas')
    .evaluate((element) => element.scrollIntoView({ block: 'center' }));
  return page.evaluate((nodeId) => window.__familiesGraph?.clientPosition(nodeId) ?? null, id);
}

/** Clicks a node once it has stopped moving (fits and zooms animate; a busy machine may still be mid-animation). */
async function clickNode(page: Page, id: string) {
  await nodePoint(page, id);
  await settled(page, id);
  const point = await nodePoint(page, id);
  if (!point) throw new Error(`node ${id} is not drawn`);
  await page.mouse.click(point.x, point.y);
}

/** The counters and the graph show `persons` persons, `male` men and `female` women. */
async function expectCounters(page: Page, counters: { persons: number; male: number; female: number }) {
  await expect(page.locator('[data-counter="persons"]')).toHaveText(String(counters.persons));
  await expect(page.locator('[data-counter="male"]')).toHaveText(String(counters.male));
  await expect(page.locator('[data-counter="female"]')).toHaveText(String(counters.female));
  await expect.poll(async () => (await state(page)).nodeCount).toBe(counters.persons);
}

test('counters match the data, the sample notice shows, and nothing breaks the CSP', async ({ page }) => {
  const cspErrors = await open(page);
  await expectCounters(page, countPersons(graph));
  await expect(page.getByTestId('families-sample-notice')).toContainText('sample data');
  // The sample has one couple outside the root's family: the page says so, offers their tree, and names the royal line.
  await expect(page.getByTestId('families-unconnected')).toHaveText(
    `${graph.unconnected} persons in the data are not connected to the root person: they form 1 other tree, shown when chosen below.`,
  );
  await expect(page.getByTestId('families-legend-royal')).toContainText('6 Kings + Queen Sample Queen');
  expect(cspErrors).toEqual([]);
});

test.describe('family data served live', () => {
  test.use({ serviceWorkers: 'allow' });
  const server = ownServer('families-live');

  test('an import shows at the next load without a rebuild or restart, and stays readable offline', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await page.goto(`${server.url}/families`);
    await expect(page.getByTestId('families-canvas')).toHaveAttribute('data-ready', 'true');
    await expectCounters(page, countPersons(graph));
    await waitForOfflineReady(page);

    // The admin's import: a family with no royal line, a one-parent family and one person apart; Lado died on a
    // date nobody knows.
    const file = path.join(server.dataDir, '..', 'family.ged');
    writeFileSync(
      file,
      [
        '0 HEAD',
        '1 CHAR UTF-8',
        ...[
          ['I1', 'Lado /Ikuma/', 'M', 'FAMS @F1@', 'DEAT Y'],
          ['I2', 'Ana Lokor', 'F', 'FAMS @F1@'],
          ['I3', 'Nyakwe 🙂', 'F', 'FAMC @F1@'],
          ['I4', 'Lotiyo', 'M', 'FAMC @F1@'],
          ['I5', 'Child of Nyakwe', 'U', 'FAMC @F2@'],
          ['I6', 'Someone Apart', 'M', ''],
        ].flatMap(([xref, name, sex, link, death]) => [
          `0 @${xref}@ INDI`,
          `1 NAME ${name}`,
          `1 SEX ${sex}`,
          `1 ${link}`,
          ...(death ? [`1 ${death}`] : []),
        ]),
        '0 @F1@ FAM',
        '1 HUSB @I1@',
        '1 WIFE @I2@',
        '0 @F2@ FAM',
        '1 WIFE @I3@',
        '0 TRLR',
        '',
      ]
        .filter((line) => line !== '1 ')
        .join('\n'),
    );
    await promisify(execFile)(
      'node',
      ['node_modules/tsx/dist/cli.mjs', 'scripts/families.ts', 'import', file],
      {
        env: { ...process.env, DATA_DIR: server.dataDir },
      },
    );

    await page.reload();
    await expect(page.getByTestId('families-canvas')).toHaveAttribute('data-ready', 'true');
    await expectCounters(page, { persons: 5, male: 2, female: 2 });
    await expect(page.getByTestId('families-unconnected')).toHaveText(
      '1 person in the data is not connected to the root person: they form 1 other tree, shown when chosen below.',
    );
    await expect(page.getByTestId('families-legend-royal')).toHaveCount(0);
    await expect(page.getByTestId('families-sample-notice')).toHaveCount(0);
    // A death without a date: the card says so rather than showing the person as if alive.
    await page.getByRole('combobox', { name: 'Search family members' }).fill('Lado');
    await expect(page.getByTestId('families-person-card')).toContainText('Deceased');
    await shootThemes(page, 'families-deceased', { reload: false, checkLayout: true });

    // Offline, with the server stopped: the last data seen, from the service worker's copy.
    await server.stop();
    await context.setOffline(true);
    await page.reload();
    // It opens on the family of the person last viewed; the whole lineage (its own chunk) opens offline too.
    await page.getByRole('group', { name: 'Views' }).getByRole('button', { name: 'Whole lineage' }).click();
    await expect(page.getByTestId('families-canvas')).toHaveAttribute('data-ready', 'true');
    await expectCounters(page, { persons: 5, male: 2, female: 2 });
    await page.getByRole('combobox', { name: 'Search family members' }).fill('Nyakwe');
    await expect(page.getByTestId('families-search').getByRole('option').first()).toContainText('Nyakwe 🙂');
  });
});

test('search shows at most 8 matches and selects the first', async ({ page }) => {
  await open(page);
  const query = 'sample person 1';
  const expected = matchPersons(graph.nodes, query);
  expect(expected.length).toBeGreaterThan(FAMILY_GRAPH.dropdownLimit);
  await page.getByRole('combobox', { name: 'Search family members' }).fill(query);
  const options = page.getByTestId('families-search').getByRole('option');
  await expect(options).toHaveCount(FAMILY_GRAPH.dropdownLimit);
  await expect(options.first()).toContainText(expected[0]?.name ?? '');
  await expect.poll(async () => (await state(page)).selectedId).toBe(expected[0]?.id);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect.poll(async () => (await state(page)).selectedId).toBeNull();
});

test('selecting a person highlights exactly them and their direct relatives; clicking again deselects', async ({
  page,
}) => {
  await open(page);
  await clickNode(page, 'sample-king-2');
  // The selection and its highlight reach the graph in separate renders: both are waited for.
  await expect.poll(async () => (await state(page)).selectedId).toBe('sample-king-2');
  await expect
    .poll(async () => (await state(page)).highlightedIds)
    .toEqual(sorted(relativesWithSelf(graph, 'sample-king-2').nodeIds));
  await expect(page.getByTestId('families-person-card')).toContainText('Sample King 2');
  await clickNode(page, 'sample-king-2');
  await expect.poll(async () => (await state(page)).highlightedIds).toEqual([]);
});

test('trace from a leaf highlights the path to the root, and Exit Trace clears it', async ({ page }) => {
  await open(page);
  const leaf = graph.nodes.filter((node) => directRelatives(graph, node.id).children.length === 0).at(-1);
  if (!leaf) throw new Error('no leaf');
  const search = page.getByRole('combobox', { name: 'Search family members' });
  await search.fill(leaf.name);
  await page
    .getByTestId('families-search')
    .getByRole('option', { name: new RegExp(`^${leaf.name}\\b`) })
    .first()
    .click();
  await expect.poll(async () => (await state(page)).selectedId).toBe(leaf.id);
  await page.getByRole('button', { name: 'Trace to Root' }).first().click();
  await expect
    .poll(async () => (await state(page)).highlightedIds)
    .toEqual(sorted(pathToRoot(graph, leaf.id).nodeIds));
  await expect(page.getByTestId('families-person-card')).toContainText('Tracing to root');
  await page.getByRole('button', { name: 'Exit Trace' }).click();
  await expect.poll(async () => state(page)).toMatchObject({ selectedId: null, highlightedIds: [] });
});

test('Trace to Root with nobody selected opens the trace search', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Trace to Root' }).click();
  const panel = page.getByTestId('families-trace-panel');
  await expect(panel).toContainText('Type to see matching family members');
  await panel.getByRole('combobox').fill('Sample King 6');
  await expect(panel).toContainText('Click on a name to trace their lineage');
  await panel.getByRole('option').first().click();
  await expect
    .poll(async () => (await state(page)).highlightedIds)
    .toEqual(sorted(pathToRoot(graph, 'sample-king-6').nodeIds));
  await expect(panel).toBeHidden();
});

test('Hide Names hides labels and Show Names brings them back', async ({ page }) => {
  await open(page);
  expect((await state(page)).labelsVisible).toBe(true);
  await page.getByRole('button', { name: 'Hide Names' }).click();
  await expect.poll(async () => (await state(page)).labelsVisible).toBe(false);
  await page.getByRole('button', { name: 'Show Names' }).click();
  await expect.poll(async () => (await state(page)).labelsVisible).toBe(true);
});

test('Reset View clears selection and search', async ({ page }) => {
  await open(page);
  const search = page.getByRole('combobox', { name: 'Search family members' });
  await search.fill('queen');
  await expect.poll(async () => (await state(page)).selectedId).toBe('ikuma');
  await page.getByRole('button', { name: 'Reset View' }).click();
  await expect(search).toHaveValue('');
  await expect.poll(async () => state(page)).toMatchObject({ selectedId: null, highlightedIds: [] });
});

test('the list view reaches the same selection by keyboard', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'List view' }).click();
  const list = page.getByRole('listbox', { name: 'Family members' });
  await list.focus();
  const firstChild = directRelatives(graph, graph.rootId).children[0] ?? '';
  await page.keyboard.press('ArrowDown');
  await expect(list).toHaveAttribute('data-active-id', firstChild);
  await page.keyboard.press('ArrowUp');
  await expect(list).toHaveAttribute('data-active-id', graph.rootId);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await state(page)).selectedId).toBe(firstChild);
  await expect
    .poll(async () => (await state(page)).highlightedIds)
    .toEqual(sorted(relativesWithSelf(graph, firstChild).nodeIds));
  await expect(page.getByTestId('families-announcer')).toContainText(
    `Selected ${graph.nodeById.get(firstChild)?.name}`,
  );
  await page.keyboard.press('Escape');
  await expect.poll(async () => (await state(page)).selectedId).toBeNull();
});

test('a dragged node stays where it is dropped, also across a view change', async ({ page }) => {
  await open(page);
  const id = 'sample-king-4';
  const start = await nodePoint(page, id);
  if (!start) throw new Error('node not drawn');
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 40, start.y + 30, { steps: 8 });
  await page.mouse.move(start.x + 80, start.y + 60, { steps: 8 });
  await page.mouse.up();
  await expect.poll(async () => (await state(page)).pinnedIds).toEqual([id]);
  const dropped = await page.evaluate((nodeId) => window.__familiesGraph?.modelPosition(nodeId), id);
  // Another node's place before the switch: the organic layout has run once it has moved.
  const other = 'sample-king-2';
  const otherBefore = await page.evaluate((nodeId) => window.__familiesGraph?.modelPosition(nodeId), other);
  await page.getByRole('button', { name: 'Organic' }).click();
  await expect
    .poll(() => page.evaluate((nodeId) => window.__familiesGraph?.modelPosition(nodeId), other))
    .not.toEqual(otherBefore);
  await settled(page);
  expect(await page.evaluate((nodeId) => window.__familiesGraph?.modelPosition(nodeId), id)).toEqual(dropped);
});

test('works on a 360 px wide phone: the family view first, the whole lineage one tap away', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/families');
  // A phone opens on the root's family, named and readable, with the root's card.
  const circle = page.getByTestId('families-circle');
  await expect(circle).toHaveAttribute('data-focus-id', graph.rootId);
  await expect(page.getByTestId('families-person-card')).toContainText(
    graph.nodeById.get(graph.rootId)?.name ?? '',
  );
  const child = directRelatives(graph, graph.rootId).children[0] ?? '';
  await circle.locator(`[data-person-id="${child}"]`).click();
  await expect(circle).toHaveAttribute('data-focus-id', child);
  await expect
    .poll(async () => (await page.getByTestId('families-person-card').boundingBox())?.y ?? Infinity)
    .toBeLessThan(740);

  await page.getByRole('button', { name: 'Whole lineage' }).click();
  await expect(page.getByTestId('families-canvas')).toHaveAttribute('data-ready', 'true');
  await settled(page);
  // The person chosen in the family view stays chosen, and their card lies over the graph, not below it.
  await expect.poll(async () => (await state(page)).selectedId).toBe(child);
  const card = await page.getByTestId('families-person-card').boundingBox();
  const canvas = await page.getByTestId('families-canvas').boundingBox();
  expect((card?.y ?? Infinity) + (card?.height ?? 0)).toBeLessThanOrEqual(
    (canvas?.y ?? 0) + (canvas?.height ?? 0),
  );
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await page.getByTestId('families-canvas').boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(300);
  expect(box?.height ?? 0).toBeGreaterThan(740 * 0.6);
  // A window narrowed after the graph was drawn reflows too.
  const canvasWidth = async () => (await page.getByTestId('families-canvas').boundingBox())?.width ?? 0;
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(canvasWidth).toBeGreaterThan(360);
  await settled(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await expect.poll(canvasWidth).toBeLessThanOrEqual(360);
  await settled(page);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
});

test('the couple apart from the root can be chosen as the tree shown, and the way back is offered', async ({
  page,
}) => {
  await open(page);
  const trees = page.getByTestId('families-trees');
  await trees.getByRole('button', { name: /\(2 persons\)/ }).click();
  await expect(page.locator('[data-counter="persons"]')).toHaveText('2');
  await expect.poll(async () => (await state(page)).nodeCount).toBe(2);
  await page.getByRole('button', { name: 'Back to the tree of Sample Ancestor' }).click();
  await expect(page.locator('[data-counter="persons"]')).toHaveText(String(graph.nodes.length));
});
