// The interface in the community's languages (issue 18) through the API, on both databases: adding a
// language, proposing translations of interface messages (placeholders and plurals checked), reviewing them
// with the rule of translations, the catalogue of approved messages with its ETag, the pseudo-language, and
// PO export and import. The language is Blorpish, made up (ISO 639 keeps qaa-qtz for local use).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogueSchema,
  importPoReportSchema,
  PO_FILE_MAX_CHARS,
  languageResponseSchema,
  previewCatalogueSchema,
  translationProblemsDetailsSchema,
  uiLanguagesSchema,
  uiMessagesSchema,
  uiProposalResponseSchema,
} from '../../core/api/i18n.ts';
import { apiErrorSchema } from '../../core/api/errors.ts';
import { SOURCE_MESSAGES } from '../../core/i18n/catalogue.ts';
import { PSEUDO_LOCALE } from '../../core/i18n/icu.ts';
import { UI_LANGUAGE_LISTING_SHARE } from '../../core/i18n/languages.ts';
import { shell, sync } from '../../core/i18n/messages/shell.ts';
import { readPo, writePo } from '../../core/i18n/po.ts';
import { PROPOSAL_APPROVALS_TO_ACCEPT } from '../../core/review/rules.ts';
import { answer, createTestApp, DATABASE_KINDS, signUp, type TestApp } from './test-app.ts';

type Account = Awaited<ReturnType<typeof signUp>>;
type Auth = Record<string, string>;

const CODE = 'qaa';
/** A made-up translation that keeps the source's placeholders and plurals. */
const blorpish = (source: string) => `Blorp ${source}`;

describe.each(DATABASE_KINDS)('interface languages on %s', (kind) => {
  let t: TestApp;
  let admin: Account;
  let author: Account;
  let reviewers: Account[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signUp(t.app, { name: 'Admin' });
    author = await signUp(t.app, { name: 'Author' });
    reviewers = [];
    for (const name of ['Ria', 'Sol', 'Tam']) reviewers.push(await signUp(t.app, { name }));
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Auth = {}) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, auth: Auth, payload: object, headers: Auth = {}) =>
    t.app.inject({ method: 'POST', url, headers: { ...auth, ...headers }, payload });
  const propose = (auth: Auth, messageId: string, text: string, headers: Auth = {}) =>
    post('/api/i18n/proposals', auth, { language: CODE, messageId, text }, headers);
  const review = (auth: Auth, id: number, body: object) =>
    post(`/api/i18n/proposals/${id}/review`, auth, body);
  const languages = async () => answer(await get('/api/i18n/languages'), uiLanguagesSchema).languages;

  it('lets admins add a language, once, with a valid code', async () => {
    expect(await languages()).toEqual([]);
    expect(
      (await post('/api/admin/i18n/languages', author.auth, { code: CODE, name: 'Blorpish' })).statusCode,
    ).toBe(403);
    expect((await post('/api/admin/i18n/languages', {}, { code: CODE, name: 'Blorpish' })).statusCode).toBe(
      401,
    );
    for (const code of ['Blorp', 'q', 'qaa-', 'en\u0000', 'x'.repeat(40)]) {
      const refused = await post('/api/admin/i18n/languages', admin.auth, { code, name: 'Blorpish' });
      expect(refused.statusCode, code).toBe(400);
    }
    expect(
      (await post('/api/admin/i18n/languages', admin.auth, { code: 'en', name: 'English' })).statusCode,
    ).toBe(409);
    const added = await post('/api/admin/i18n/languages', admin.auth, { code: CODE, name: 'Blorpish' });
    expect(added.statusCode, added.body).toBe(201);
    expect(answer(added, languageResponseSchema).language).toEqual({
      code: CODE,
      name: 'Blorpish',
      approved: 0,
      total: SOURCE_MESSAGES.length,
      listed: false,
    });
    expect(
      (await post('/api/admin/i18n/languages', admin.auth, { code: CODE, name: 'Again' })).statusCode,
    ).toBe(409);
    expect((await languages()).map((language) => language.code)).toEqual([CODE]);
  });

  it('checks placeholders, plurals and syntax before a proposal is accepted', async () => {
    const cases: [string, string, string[]][] = [
      [shell.signOutWaitingText.id, '{count, plural, one {# blorp}}', ['missing-other']],
      [shell.signOutWaitingText.id, 'Blorp zibba', ['missing-placeholder']],
      [shell.signOutWaitingText.id, '{count} blorp', ['wrong-kind']],
      [shell.updateBlocked.id, 'Blorp {work} {job}', ['unknown-placeholder']],
      [shell.updateBlocked.id, 'Blorp {work', ['syntax']],
      [shell.navHome.id, 'Blorp {name}', ['unknown-placeholder']],
      [shell.navHome.id, '\u202Eprolb', ['bidi-control']],
      [shell.navHome.id, '<b>Blorp</b>', ['markup', 'markup']],
    ];
    for (const [messageId, text, kinds] of cases) {
      const refused = await propose(author.auth, messageId, text);
      expect(refused.statusCode, text).toBe(422);
      const error = answer(refused, apiErrorSchema);
      expect(error.code).toBe('TRANSLATION_PROBLEMS');
      const { problems } = translationProblemsDetailsSchema.parse(error.details);
      expect(problems.map((problem) => problem.kind)).toEqual(kinds);
    }
    expect((await propose(author.auth, 'shell.noSuchMessage', 'Blorp')).statusCode).toBe(404);
    expect(
      (
        await post('/api/i18n/proposals', author.auth, {
          language: 'qab',
          messageId: shell.navHome.id,
          text: 'Blorp',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await post('/api/i18n/proposals', {}, { language: CODE, messageId: shell.navHome.id, text: 'x' }))
        .statusCode,
    ).toBe(401);
    // A plural with the language's own forms is fine as long as `other` is there.
    const plural = await propose(
      author.auth,
      shell.signOutWaitingText.id,
      '{count, plural, few {# blorpa} other {# blorps}}',
    );
    expect(plural.statusCode, plural.body).toBe(200);
  });

  it('approves a proposal after two other people approve it, and serves it in the catalogue with an ETag', async () => {
    const catalogue = async (headers: Auth = {}) => get(`/api/i18n/catalogues/${CODE}`, headers);
    const before = await catalogue();
    expect(before.statusCode).toBe(200);
    const etag = before.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(answer(before, catalogueSchema).messages).toEqual({});
    expect((await catalogue({ 'if-none-match': etag })).statusCode).toBe(304);

    const proposed = await propose(author.auth, sync.waiting.id, '{count, number} blorp zibba', {
      'idempotency-key': '6b8f3a52-3f52-4a47-9a57-1b7a3c3c0001',
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const { proposal } = answer(proposed, uiProposalResponseSchema);
    expect(proposal).toMatchObject({ state: 'proposed', mine: true, approvals: 0 });
    // The outbox replays the same key: the same answer, no second proposal.
    const replay = await propose(author.auth, sync.waiting.id, '{count, number} blorp zibba', {
      'idempotency-key': '6b8f3a52-3f52-4a47-9a57-1b7a3c3c0001',
    });
    expect(answer(replay, uiProposalResponseSchema).proposal.id).toBe(proposal.id);

    const own = await review(author.auth, proposal.id, { verdict: 'approve' });
    expect(own.statusCode).toBe(403);
    expect(answer(own, apiErrorSchema).code).toBe('OWN_CONTRIBUTION');

    let last;
    for (let index = 0; index < PROPOSAL_APPROVALS_TO_ACCEPT; index += 1) {
      const response = await review(reviewers[index]!.auth, proposal.id, { verdict: 'approve' });
      expect(response.statusCode, response.body).toBe(200);
      last = answer(response, uiProposalResponseSchema).proposal;
      expect(last.state).toBe(index + 1 < PROPOSAL_APPROVALS_TO_ACCEPT ? 'proposed' : 'approved');
    }
    expect(last).toMatchObject({ approvals: PROPOSAL_APPROVALS_TO_ACCEPT, myVerdict: 'approve' });

    const after = await catalogue({ 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.headers['cache-control']).toBe('no-cache');
    const { messages } = answer(after, catalogueSchema);
    expect(Object.keys(messages)).toEqual([sync.waiting.id]);
    // Compiled for Lingui: the placeholder is a token, the text is kept.
    expect(messages[sync.waiting.id]).toEqual([['count', 'number'], ' blorp zibba']);

    const list = answer(
      await get(`/api/i18n/languages/${CODE}/messages`, reviewers[2]!.auth),
      uiMessagesSchema,
    );
    expect(list.language.approved).toBe(1);
    const waiting = list.messages.find((message) => message.id === sync.waiting.id)!;
    expect(waiting).toMatchObject({ screen: 'sync', approved: '{count, number} blorp zibba', proposals: [] });
    expect(waiting.placeholders).toEqual(['{count, number}']);
    expect(waiting.note).not.toBe('');
    expect(list.messages).toHaveLength(SOURCE_MESSAGES.length);
    expect((await get(`/api/i18n/languages/${CODE}/messages`)).statusCode).toBe(401);
  });

  it('rejects after two rejections with reasons, and an admin decides at once', async () => {
    const rejected = answer(
      await propose(author.auth, shell.navAbout.id, 'Blorp about'),
      uiProposalResponseSchema,
    );
    expect((await review(reviewers[0]!.auth, rejected.proposal.id, { verdict: 'reject' })).statusCode).toBe(
      400,
    );
    for (const reviewer of reviewers.slice(0, 2)) {
      const response = await review(reviewer.auth, rejected.proposal.id, {
        verdict: 'reject',
        reason: 'Not Blorpish',
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const list = answer(await get(`/api/i18n/languages/${CODE}/messages`, author.auth), uiMessagesSchema);
    expect(list.messages.find((message) => message.id === shell.navAbout.id)).toMatchObject({
      approved: null,
      proposals: [],
    });

    const decided = answer(
      await propose(author.auth, shell.navHome.id, 'Blorp hom'),
      uiProposalResponseSchema,
    );
    const byAdmin = await review(admin.auth, decided.proposal.id, { verdict: 'approve' });
    expect(answer(byAdmin, uiProposalResponseSchema).proposal).toMatchObject({
      state: 'approved',
      approvals: 1,
    });
    // A later approved translation replaces the earlier one.
    const better = answer(
      await propose(reviewers[2]!.auth, shell.navHome.id, 'Blorp home'),
      uiProposalResponseSchema,
    );
    await review(admin.auth, better.proposal.id, { verdict: 'approve' });
    const { messages } = answer(await get(`/api/i18n/catalogues/${CODE}`), catalogueSchema);
    expect(messages[shell.navHome.id]).toEqual(['Blorp home']);
    // A review of a decided proposal (queued offline) changes nothing and answers where it stands.
    const late = await review(reviewers[1]!.auth, decided.proposal.id, { verdict: 'reject', reason: 'late' });
    expect(answer(late, uiProposalResponseSchema).proposal.state).toBe('superseded');
  });

  it('exports PO, imports it back (checked), and lists the language once enough is approved', async () => {
    expect((await get(`/api/admin/i18n/languages/${CODE}/export.po`, author.auth)).statusCode).toBe(403);
    const exported = await get(`/api/admin/i18n/languages/${CODE}/export.po`, admin.auth);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/x-gettext-translation');
    const entries = readPo(exported.body);
    expect(entries).toHaveLength(SOURCE_MESSAGES.length);
    expect(entries.find((entry) => entry.id === shell.navHome.id)).toMatchObject({
      id: shell.navHome.id,
      source: 'Home',
      translation: 'Blorp home',
    });
    expect(exported.body).toContain(`#. ${SOURCE_MESSAGES[0]!.note}`);

    // A translator fills in the file: enough messages to pass the threshold, and three bad entries.
    const needed = Math.ceil(SOURCE_MESSAGES.length * UI_LANGUAGE_LISTING_SHARE);
    const filled = entries.map((entry, index) => ({
      ...entry,
      translation: entry.translation || (index < needed + 5 ? blorpish(entry.source) : ''),
    }));
    filled.push({ id: 'shell.gone', source: 'Gone', translation: 'Blorp', line: 0 });
    const outdated = filled.find((entry) => entry.id === shell.privacy.id)!;
    Object.assign(outdated, { source: 'Old privacy', translation: 'Blorp' });
    const bad = filled.find((entry) => entry.id === shell.updateBlocked.id)!;
    bad.translation = 'Blorp, no placeholder';
    const po = writePo({ code: CODE, name: 'Blorpish' }, filled);
    const imported = await post(`/api/admin/i18n/languages/${CODE}/import`, admin.auth, { po });
    expect(imported.statusCode, imported.body).toBe(200);
    const report = answer(imported, importPoReportSchema);
    expect(report.skipped.map((skip) => skip.id).sort()).toEqual(
      ['shell.gone', shell.privacy.id, shell.updateBlocked.id].sort(),
    );
    expect(report.unchanged).toBe(2);
    const [language] = await languages();
    expect(language!.approved).toBeGreaterThanOrEqual(needed);
    expect(language!.listed).toBe(true);
    // Importing the same file again changes nothing.
    const again = answer(
      await post(`/api/admin/i18n/languages/${CODE}/import`, admin.auth, { po }),
      importPoReportSchema,
    );
    expect(again.approved).toBe(0);

    const broken = await post(`/api/admin/i18n/languages/${CODE}/import`, admin.auth, {
      po: 'msgid "unterminated',
    });
    expect(broken.statusCode).toBe(400);
    expect(answer(broken, apiErrorSchema).code).toBe('INVALID_IMPORT');
    const plural = await post(`/api/admin/i18n/languages/${CODE}/import`, admin.auth, {
      po: 'msgctxt "shell.navHome"\nmsgid "Home"\nmsgid_plural "Homes"\nmsgstr[0] "x"\n',
    });
    expect(plural.statusCode).toBe(400);
    expect((await post(`/api/admin/i18n/languages/qab/import`, admin.auth, { po })).statusCode).toBe(404);

    // A file as long as the schema allows reaches the check (past the app's 1 MiB body limit), one longer is
    // refused by it, and neither changes anything.
    const padding = `# ${'é"'.repeat(200)}\n`;
    const long = (chars: number) => `${padding.repeat(Math.ceil(chars / padding.length))}`.slice(0, chars);
    const largest = answer(
      await post(`/api/admin/i18n/languages/${CODE}/import`, admin.auth, {
        po: long(PO_FILE_MAX_CHARS - 1) + '\n',
      }),
      importPoReportSchema,
    );
    expect([largest.approved, largest.skipped]).toEqual([0, []]);
    const tooLong = await post(`/api/admin/i18n/languages/${CODE}/import`, admin.auth, {
      po: long(PO_FILE_MAX_CHARS + 1),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(answer(tooLong, apiErrorSchema).code).toBe('VALIDATION_FAILED');
  });

  it('holds an import to the editor’s rule, refuses a message named twice, and sends fuzzy entries to review', async () => {
    // Messages no earlier test translated, without placeholders.
    const plain = SOURCE_MESSAGES.slice(-60).filter((message) => !/[{<]/.test(message.message));
    const [long, reordered, marked, fuzzy, good] = plain;
    const texts = new Map([
      [long!.id, `Blorp ${'zib '.repeat(2_500)}`],
      [reordered!.id, '\u202Etah\u202C [xpl]'],
      [marked!.id, 'Blorp <img src=x onerror=alert(1)>'],
      [fuzzy!.id, 'Blorp perhaps'],
      [good!.id, 'Blorp surely'],
    ]);
    const fileOf = (extra: string) =>
      writePo(
        { code: CODE, name: 'Blorpish' },
        [long, reordered, marked, fuzzy, good].map((message) => ({
          id: message!.id,
          source: message!.message,
          translation: texts.get(message!.id)!,
        })),
      ).replace(`msgctxt "${fuzzy!.id}"`, `#, fuzzy\nmsgctxt "${fuzzy!.id}"`) + extra;
    const approvedBefore = (await languages())[0]!.approved;

    // The same message twice: msgfmt -c calls it fatal, and so does the import (which one was meant?).
    const twice = await post(`/api/admin/i18n/languages/${CODE}/import`, admin.auth, {
      po: fileOf(`\nmsgctxt "${good!.id}"\nmsgid ${JSON.stringify(good!.message)}\nmsgstr "Blorp other"\n`),
    });
    expect(twice.statusCode, twice.body).toBe(400);
    const refused = answer(twice, apiErrorSchema);
    expect(refused.code).toBe('INVALID_IMPORT');
    expect(refused.message).toContain(`msgctxt "${good!.id}" was given before`);
    expect((await languages())[0]!.approved).toBe(approvedBefore);

    const imported = await post(`/api/admin/i18n/languages/${CODE}/import`, admin.auth, { po: fileOf('') });
    expect(imported.statusCode, imported.body).toBe(200);
    const report = answer(imported, importPoReportSchema);
    expect(report).toMatchObject({ approved: 1, proposed: 1, unchanged: 0 });
    // In the in-app editor's words (issue 35), with the problems for the admin's screen to word in its language.
    expect(Object.fromEntries(report.skipped.map((skip) => [skip.id, skip.reason]))).toEqual({
      [long!.id]: 'Make it at most 2,000 characters long',
      [reordered!.id]:
        'Remove the invisible character U+202E: it reverses the text around it; Remove the invisible character U+202C: it reverses the text around it',
      [marked!.id]: 'Remove <img src=x onerror=alert(1)>: the English has no such markup',
    });
    expect(report.skipped.find((skip) => skip.id === long!.id)!.problems).toEqual([
      { kind: 'too-long', max: 2_000 },
    ]);

    // Only the approved one is served; the fuzzy one waits for the community's review, as the admin's proposal.
    const catalogue = answer(await get(`/api/i18n/catalogues/${CODE}`), catalogueSchema).messages;
    expect(Object.keys(catalogue)).toContain(good!.id);
    for (const message of [long, reordered, marked, fuzzy])
      expect(Object.keys(catalogue)).not.toContain(message!.id);
    const listed = answer(
      await get(`/api/i18n/languages/${CODE}/messages`, reviewers[0]!.auth),
      uiMessagesSchema,
    );
    const waiting = listed.messages.find((message) => message.id === fuzzy!.id)!;
    expect(waiting.approved).toBeNull();
    expect(waiting.proposals).toEqual([
      expect.objectContaining({ text: 'Blorp perhaps', state: 'proposed', mine: false }),
    ]);
    // The same file again replaces the admin's proposal with itself, not beside it.
    const again = answer(
      await post(`/api/admin/i18n/languages/${CODE}/import`, admin.auth, { po: fileOf('') }),
      importPoReportSchema,
    );
    expect(again).toMatchObject({ approved: 0, proposed: 1, unchanged: 1 });
    const relisted = answer(
      await get(`/api/i18n/languages/${CODE}/messages`, reviewers[0]!.auth),
      uiMessagesSchema,
    );
    expect(relisted.messages.find((message) => message.id === fuzzy!.id)!.proposals).toHaveLength(1);
  });

  it('explains an unbalanced brace in words, in the editor and at import alike', async () => {
    const [message] = SOURCE_MESSAGES.slice(-200).filter((source) => !/[{<']/.test(source.message));
    const refused = await propose(author.auth, message!.id, 'Blorp {name');
    expect(refused.statusCode).toBe(422);
    const { problems } = translationProblemsDetailsSchema.parse(answer(refused, apiErrorSchema).details);
    expect(problems).toEqual([expect.objectContaining({ kind: 'syntax', reason: 'unclosed-brace' })]);
    const po = writePo({ code: CODE, name: 'Blorpish' }, [
      { id: message!.id, source: message!.message, translation: 'Blorp {name' },
    ]);
    const report = answer(
      await post(`/api/admin/i18n/languages/${CODE}/import`, admin.auth, { po }),
      importPoReportSchema,
    );
    expect(report.skipped).toEqual([
      expect.objectContaining({
        id: message!.id,
        reason: 'A { has no closing }. Close each { with a } as in the English',
      }),
    ]);
  });

  it('fits a small team: an admin’s own translation is approved at once, a vote counts by the voter’s role when the proposal is decided, the author sees each outcome and previews their own', async () => {
    const plain = SOURCE_MESSAGES.slice(-160, -100).filter((message) => !/[{<']/.test(message.message));
    const [adminOwn, promoted, rejected, previewed] = plain;
    const messagesOf = async (auth: Auth) =>
      answer(await get(`/api/i18n/languages/${CODE}/messages`, auth), uiMessagesSchema).messages;

    // The admin's own translation is served at once, replacing nothing but the approved text.
    const own = answer(await propose(admin.auth, adminOwn!.id, 'Blorp admin'), uiProposalResponseSchema);
    expect(own.proposal).toMatchObject({ state: 'approved', mine: true });
    expect(answer(await get(`/api/i18n/catalogues/${CODE}`), catalogueSchema).messages[adminOwn!.id]).toEqual(
      ['Blorp admin'],
    );

    // A contributor approves (1 of 2) and is then made admin: their approval now decides, on their next
    // review or anyone else's.
    const waiting = answer(
      await propose(author.auth, promoted!.id, 'Blorp promoted'),
      uiProposalResponseSchema,
    );
    const first = answer(
      await review(reviewers[1]!.auth, waiting.proposal.id, { verdict: 'approve' }),
      uiProposalResponseSchema,
    );
    expect(first.proposal).toMatchObject({ state: 'proposed', approvals: 1 });
    const made = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${reviewers[1]!.user.id}/role`,
      headers: admin.auth,
      payload: { role: 'admin' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const decided = answer(
      await review(reviewers[2]!.auth, waiting.proposal.id, { verdict: 'reject', reason: 'Hmm' }),
      uiProposalResponseSchema,
    );
    expect(decided.proposal).toMatchObject({ state: 'approved', approvals: 1, rejections: 1 });

    // Two rejections with reasons: the author sees what became of each of their proposals.
    const bad = answer(await propose(author.auth, rejected!.id, 'Blorp wrong'), uiProposalResponseSchema);
    await review(reviewers[0]!.auth, bad.proposal.id, { verdict: 'reject', reason: 'Not Blorpish' });
    await review(reviewers[2]!.auth, bad.proposal.id, { verdict: 'reject', reason: 'Too long' });
    const mine = await messagesOf(author.auth);
    expect(mine.find((message) => message.id === rejected!.id)!.outcomes).toEqual([
      { id: bad.proposal.id, text: 'Blorp wrong', state: 'rejected', reasons: ['Not Blorpish', 'Too long'] },
    ]);
    expect(mine.find((message) => message.id === promoted!.id)!.outcomes).toEqual([
      { id: waiting.proposal.id, text: 'Blorp promoted', state: 'approved', reasons: [] },
    ]);
    // Nobody else sees them as theirs.
    expect((await messagesOf(reviewers[0]!.auth)).find((m) => m.id === rejected!.id)!.outcomes).toEqual([]);

    // The preview: the approved texts with the viewer's own open proposals in place, those marked; nobody
    // else's proposal, and only for someone signed in.
    await propose(author.auth, previewed!.id, 'Blorp mine');
    await propose(reviewers[0]!.auth, rejected!.id, 'Blorp theirs');
    const preview = answer(
      await get(`/api/i18n/languages/${CODE}/preview`, author.auth),
      previewCatalogueSchema,
    );
    expect(preview.messages[previewed!.id]).toEqual(['Blorp mine']);
    expect(preview.messages[adminOwn!.id]).toEqual(['Blorp admin']);
    expect(preview.messages[rejected!.id]).toBeUndefined();
    expect(preview.proposed).toContain(previewed!.id);
    expect(preview.proposed).not.toContain(rejected!.id);
    expect((await get(`/api/i18n/languages/${CODE}/preview`)).statusCode).toBe(401);
    expect((await get('/api/i18n/languages/qab/preview', author.auth)).statusCode).toBe(404);
  });

  it('serves the pseudo-language for every message, and English as built in', async () => {
    const pseudo = answer(await get(`/api/i18n/catalogues/${PSEUDO_LOCALE}`), catalogueSchema).messages;
    expect(Object.keys(pseudo)).toHaveLength(SOURCE_MESSAGES.length);
    expect(pseudo[shell.navHome.id]).toEqual(['[', 'Ĥöɱé ~~', ']']);
    expect(answer(await get('/api/i18n/catalogues/en'), catalogueSchema).messages).toEqual({});
    expect((await get('/api/i18n/catalogues/qab')).statusCode).toBe(404);
    expect((await get('/api/i18n/catalogues/not%20a%20code')).statusCode).toBe(400);
  });
});
