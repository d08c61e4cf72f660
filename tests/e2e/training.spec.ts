// Model training and the data dashboard in Chromium, on a server of their own (so the figures are exactly
// what this test seeded): the dashboard shows the seeded figures, an admin starts `mt` training and sees
// progress and then its metrics, and a contributor sees the page read-only. Texts are in an obviously
// made-up language; no Lopit is invented.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { toyCorpus } from '../../core/mt/toy-language.fixture.ts';
import { expect, signInContext, signUpByApi, test } from './fixtures.ts';
import { ownServer } from './server-process.ts';

const server = ownServer('training');

/** A spoken WAV of about `seconds` (espeak-ng, made-up words). */
function voice(name: string, text: string): Buffer {
  const file = path.resolve('.tmp', `e2e-${name}.wav`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!fs.existsSync(file)) execFileSync('espeak-ng', ['-w', file, text]);
  return fs.readFileSync(file);
}

test('the dashboard shows the seeded figures; an admin trains mt and sees its metrics; a contributor only reads', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await signUpByApi(request, server.url, 'Curator');
  const adminAuth = { Authorization: `Bearer ${admin.token}` };

  // Seed: 1,500 approved pairs, and one consenting speaker with two transcribed recordings.
  const imported = await request.post(`${server.url}/api/admin/import/pairs`, {
    headers: adminAuth,
    data: { pairs: toyCorpus(1500, 5).map((pair) => ({ ...pair, category: 'family' })) },
  });
  expect(imported.ok(), await imported.text()).toBe(true);
  const { accepted } = (await imported.json()) as { accepted: number };

  const speaker = await signUpByApi(request, server.url, 'Speaker');
  const speakerAuth = { Authorization: `Bearer ${speaker.token}` };
  await request.post(`${server.url}/api/consent/submit`, {
    headers: speakerAuth,
    data: { consent_type: 'full' },
  });
  const profile = await request.patch(`${server.url}/api/auth/me`, {
    headers: speakerAuth,
    data: { ageGroup: '30-44', gender: 'female', dialect: 'Zorbelton' },
  });
  expect(profile.ok(), await profile.text()).toBe(true);
  const clipIds: string[] = [];
  for (const [name, text] of [
    ['dash-one', 'zorbel quandy mipple'],
    ['dash-two', 'tessaro vint kwintafa'],
  ] as const) {
    const upload = await request.post(`${server.url}/api/audio/upload`, {
      headers: speakerAuth,
      multipart: {
        metadata: JSON.stringify({ transcript: text, language: 'lpx', fileName: `${name}.wav` }),
        file: { name: `${name}.wav`, mimeType: 'audio/wav', buffer: voice(name, text) },
      },
    });
    expect(upload.status(), await upload.text()).toBeLessThan(300);
    clipIds.push(((await upload.json()) as { recording: { id: string } }).recording.id);
  }
  // Two listeners validate the first clip: it becomes usable Lopit speech; the second waits.
  for (const listener of ['Listener', 'Hearer']) {
    const { token } = await signUpByApi(request, server.url, listener);
    const vote = await request.post(`${server.url}/api/review/clips/${clipIds[0]}/vote`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { vote: 'up' },
    });
    expect(vote.ok(), await vote.text()).toBe(true);
  }
  const stats = (await (
    await request.get(`${server.url}/api/data/statistics`, { headers: adminAuth })
  ).json()) as {
    totalRecordings: number;
    totalSpeakers: number;
    totalTranslations: number;
    lopitSpeech: { clips: number; speakers: number; seconds: number };
  };
  expect(stats).toMatchObject({ totalRecordings: 2, totalSpeakers: 1, totalTranslations: accepted });
  expect(stats.lopitSpeech).toMatchObject({ clips: 1, speakers: 1 });

  // The dashboard, as the admin sees it.
  const adminContext = await browser.newContext();
  await signInContext(adminContext, server.url, admin);
  const page = await adminContext.newPage();
  await page.goto(`${server.url}/data`);
  const tiles = page.getByTestId('stat-tiles');
  // Each tile: the usable Lopit speech (as /training counts it) beside all collected, each with its word.
  const recordingsTile = tiles.locator('.stat').filter({ hasText: 'Recordings' });
  await expect(recordingsTile).toContainText('1Lopit for training');
  await expect(recordingsTile).toContainText('2all collected');
  await expect(tiles.locator('.stat').filter({ hasText: 'Speakers' })).toContainText('1');
  await expect(tiles.locator('.stat').filter({ hasText: 'Translation pairs' })).toContainText(
    accepted.toLocaleString('en'),
  );
  const contributors = page.getByRole('region', { name: 'Recent contributors', exact: true });
  // The speaker's details in the words of the profile form (its labels, in the interface's language).
  await expect(contributors).toContainText('30 to 44');
  const label = (await contributors.locator('td[translate="no"]').first().textContent())!.trim();
  expect(label).toMatch(/^S-[0-9a-f]{8}$/);
  await expect(contributors).toContainText('Female');
  await expect(page.getByRole('heading', { name: 'By dialect or village' })).toBeVisible();
  await expect(page.getByText('Zorbelton', { exact: false }).first()).toBeVisible();

  // Training: the same usable Lopit speech, by the same pseudonymous speaker, with their dialect.
  await page.goto(`${server.url}/training`);
  const speech = page.getByTestId('training-speech');
  await expect(speech.getByTestId('speech-clips')).toHaveText('1');
  await expect(speech.getByTestId('speech-speakers')).toHaveText('1');
  await expect(speech.getByTestId('speech-hours')).toHaveText(`${Math.round(stats.lopitSpeech.seconds)} s`);
  const bySpeaker = speech.getByRole('table', { name: 'By speaker' });
  await expect(bySpeaker.getByRole('row').nth(1)).toContainText(label);
  await expect(bySpeaker.getByRole('row').nth(1)).toContainText('Zorbelton');
  await expect(speech.getByRole('table', { name: 'By dialect' })).toContainText('Zorbelton');
  await expect(page.getByTestId('model-card-asr')).toContainText('1 recording');

  // Training: start mt, see it run, then see its held-out scores.
  const card = page.getByTestId('model-card-mt');
  await expect(card.getByTestId('model-status')).toContainText('Not trained');
  await card.getByRole('button', { name: 'Start' }).click();
  // The card follows the run: training, with its progress, until it is done.
  await expect(card.getByTestId('model-status')).toContainText('Training');
  await expect(card).toContainText(/Progress \d+%/);
  await expect(card.getByTestId('model-status')).toContainText('Trained', { timeout: 120_000 });
  await expect(card).toContainText(/chrF/i);
  await expect(card).toContainText(/BLEU/i);
  await expect(card.getByRole('button', { name: 'Retrain' })).toBeVisible();

  // Without a connection the page shows the status this phone last read, and says so.
  await adminContext.setOffline(true);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Training' }).click();
  await expect(page.getByTestId('training-stale')).toContainText('You are offline');
  await expect(card.getByTestId('model-status')).toContainText('Trained');
  await expect(card).toContainText(/chrF/i);
  await adminContext.setOffline(false);
  await adminContext.close();

  // A contributor sees the same page without Start or Stop.
  const contributorContext = await browser.newContext();
  await signInContext(contributorContext, server.url, speaker);
  const readOnly = await contributorContext.newPage();
  await readOnly.goto(`${server.url}/training`);
  await expect(readOnly.getByTestId('model-card-mt').getByTestId('model-status')).toContainText('Trained');
  await expect(readOnly.getByRole('button', { name: /^(Start|Retrain|Stop)$/ })).toHaveCount(0);
  const refused = await request.post(`${server.url}/api/training/start`, {
    headers: speakerAuth,
    data: { model_type: 'mt' },
  });
  expect(refused.status()).toBe(403);
  await contributorContext.close();
});
