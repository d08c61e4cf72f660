// The registry of writes: every outbox kind is declared, its path is built from its arguments and read back from
// the paths older versions kept, its schemas take good arguments and refuse bad ones, and its order, label and
// notice are there for the outbox.
import { describe, expect, it } from 'vitest';
import {
  fillRoute,
  matchRoute,
  MUTATION_KINDS,
  MUTATIONS,
  mutationPath,
  parseMutationArgs,
  parseMutationResponse,
} from './mutations.ts';

const uuid = '5b7e0a4e-2f0c-4d3e-9a51-0c8f3f6d2a10';
const other = '9d3c1f2a-7b4e-4a6d-8c2b-1e5f7a9b0c3d';

describe('mutation registry', () => {
  it('declares every outbox kind, each with its route, schemas, phase and error answers', () => {
    expect([...MUTATION_KINDS].sort()).toEqual(
      [
        'clip.report',
        'clip.vote',
        'consent.submit',
        'consent.withdraw',
        'lexicon.review',
        'prompt.report',
        'proposal.review',
        'recording.upload',
        'sentence.propose',
        'sentence.report',
        'sentence.review',
        'speaker.consent',
        'speaker.create',
        'speaker.evidence',
        'speaker.withdraw',
        'transcript.review',
        'transcript.save',
        'translation.save',
        'ui.propose',
        'ui.review',
      ].sort(),
    );
    for (const kind of MUTATION_KINDS) {
      const declaration = MUTATIONS[kind];
      expect(declaration.route, kind).toMatch(/^\/[a-z0-9/:-]+$/i);
      expect([0, 1], kind).toContain(declaration.phase);
      for (const answer of declaration.errors) {
        expect(answer.status, kind).toBeGreaterThanOrEqual(400);
        expect(answer.code, kind).toMatch(/^[A-Z_]+$/);
      }
    }
    // Consent and a speaker reach the server before the recordings made under them.
    expect(MUTATIONS['consent.submit'].phase).toBeLessThan(MUTATIONS['recording.upload'].phase);
    expect(MUTATIONS['speaker.consent'].phase).toBeLessThan(MUTATIONS['recording.upload'].phase);
    expect(MUTATIONS['clip.vote'].goneNotice).toBe('vote');
    // A repetition of a clip that is gone leaves the phone (the only upload answered ITEM_GONE).
    expect(MUTATIONS['recording.upload'].goneNotice).toBe('repetition');
    expect(MUTATIONS['translation.save'].goneNotice).toBeNull();
  });

  it('builds each path from its arguments, and reads the arguments back from the path older versions kept', () => {
    expect(mutationPath('clip.vote', { id: uuid })).toBe(`review/clips/${uuid}/vote`);
    expect(mutationPath('proposal.review', { id: 12 })).toBe('review/proposals/12/review');
    expect(mutationPath('sentence.propose', {})).toBe('sentences');
    expect(mutationPath('sentence.review', { id: 7 })).toBe('sentences/7/review');
    expect(mutationPath('speaker.evidence', { id: uuid, consentId: other, kind: 'photo' })).toBe(
      `speakers/${uuid}/consent/${other}/evidence/photo`,
    );
    expect(mutationPath('translation.save', {})).toBe('translation/save');
    expect(mutationPath('speaker.create', {})).toBe('speakers');
    expect(matchRoute(MUTATIONS['clip.vote'].route, `review/clips/${uuid}/vote`)).toEqual({ id: uuid });
    expect(matchRoute(MUTATIONS['speaker.create'].route, 'speakers')).toEqual({});
    expect(matchRoute(MUTATIONS['clip.vote'].route, `review/clips/${uuid}/report`)).toBeNull();
    expect(() => fillRoute('/review/clips/:id/vote', {})).toThrow('needs id');
    expect(fillRoute('/i18n/proposals/:id/review', { id: 'a/b' })).toBe('i18n/proposals/a%2Fb/review');
  });

  it('checks a screen’s arguments by the route’s own schemas: good ones pass, bad ones are refused', () => {
    expect(parseMutationArgs('clip.vote', { params: { id: uuid }, body: { vote: 'up' } })).toEqual({
      params: { id: uuid },
      body: { vote: 'up' },
    });
    expect(() =>
      parseMutationArgs('clip.vote', { params: { id: 'not-a-clip' }, body: { vote: 'up' } }),
    ).toThrow();
    expect(() =>
      parseMutationArgs('clip.vote', { params: { id: uuid }, body: { vote: 'sideways' as 'up' } }),
    ).toThrow();
    expect(() =>
      parseMutationArgs('translation.save', { params: {}, body: { id: 1, translation: 'x'.repeat(2001) } }),
    ).toThrow();
    expect(() =>
      parseMutationArgs('proposal.review', { params: { id: 3 }, body: { verdict: 'reject', reason: '' } }),
    ).toThrow();
    // A speaker's consent keeps its form field as JSON the server will read: a wrong one is refused here already.
    const consent = JSON.stringify({ id: other, consentType: 'full', kind: 'spoken' });
    expect(
      parseMutationArgs('speaker.consent', {
        params: { id: uuid },
        body: { evidenceKey: `${other}:spoken`, fields: { consent } },
      }).body.fields.consent,
    ).toBe(consent);
    expect(() =>
      parseMutationArgs('speaker.consent', {
        params: { id: uuid },
        body: { evidenceKey: `${other}:spoken`, fields: { consent: '{"id":"x"}' } },
      }),
    ).toThrow();
    // Consent is withdrawn with an empty body (older clients send none at all).
    expect(parseMutationArgs('consent.withdraw', { params: {}, body: {} }).body).toEqual({});
  });

  it('subjects and labels come from the arguments and what the screen knows', () => {
    const args = parseMutationArgs('clip.vote', { params: { id: uuid }, body: { vote: 'down' } });
    expect(MUTATIONS['clip.vote'].subject(args)).toBe(`clip:${uuid}`);
    expect(MUTATIONS['clip.vote'].label(args, { text: '  zorbel   quandy ' })).toEqual({
      id: 'outbox.clipVote',
      values: { vote: 'down', text: 'zorbel quandy' },
    });
    const upload = { params: {}, body: { recordingId: 'r1' } };
    expect(MUTATIONS['recording.upload'].label(upload, { title: 'A story', durationSeconds: 63.4 })).toEqual({
      id: 'outbox.recording',
      values: { title: 'A story', length: '1:03' },
    });
  });

  it('orders by subject: what is about the same thing waits in line, whatever the kind', () => {
    const subjectOf = (kind: (typeof MUTATION_KINDS)[number], args: { params: object; body: object }) =>
      MUTATIONS[kind].subject(args as never);
    const subjectsOfKinds = {
      'translation.save': subjectOf('translation.save', { params: {}, body: { id: 12 } }),
      'consent.submit': subjectOf('consent.submit', { params: {}, body: {} }),
      'consent.withdraw': subjectOf('consent.withdraw', { params: {}, body: {} }),
      'recording.upload': subjectOf('recording.upload', { params: {}, body: { recordingId: uuid } }),
      'clip.vote': subjectOf('clip.vote', { params: { id: uuid }, body: {} }),
      'clip.report': subjectOf('clip.report', { params: { id: uuid }, body: {} }),
      'proposal.review': subjectOf('proposal.review', { params: { id: 7 }, body: {} }),
      'lexicon.review': subjectOf('lexicon.review', { params: { id: 8 }, body: {} }),
      'prompt.report': subjectOf('prompt.report', { params: { id: 9 }, body: {} }),
      'transcript.save': subjectOf('transcript.save', { params: { id: uuid }, body: {} }),
      'transcript.review': subjectOf('transcript.review', { params: { id: 10 }, body: {} }),
      'speaker.create': subjectOf('speaker.create', { params: {}, body: { id: other } }),
      'speaker.consent': subjectOf('speaker.consent', { params: { id: other }, body: {} }),
      'speaker.evidence': subjectOf('speaker.evidence', { params: { id: other, consentId: uuid }, body: {} }),
      'speaker.withdraw': subjectOf('speaker.withdraw', { params: { id: other }, body: {} }),
      'ui.propose': subjectOf('ui.propose', {
        params: {},
        body: { language: 'qaa', messageId: 'shell.home' },
      }),
      'ui.review': subjectOf('ui.review', { params: { id: 11 }, body: {} }),
      'sentence.propose': subjectOf('sentence.propose', { params: {}, body: { text: 'Zorbel quandy.' } }),
      'sentence.review': subjectOf('sentence.review', { params: { id: 12 }, body: {} }),
      'sentence.report': subjectOf('sentence.report', { params: { id: 12 }, body: {} }),
    } satisfies Record<(typeof MUTATION_KINDS)[number], string>;
    expect(subjectsOfKinds).toEqual({
      'translation.save': 'pair:12',
      // Every grant and withdrawal of one's own consent in the order given.
      'consent.submit': 'consent',
      'consent.withdraw': 'consent',
      'recording.upload': `recording:${uuid}`,
      // A report of a clip waits for a vote on it made before, and the other way round.
      'clip.vote': `clip:${uuid}`,
      'clip.report': `clip:${uuid}`,
      'proposal.review': 'proposal:7',
      'lexicon.review': 'word:8',
      'prompt.report': 'prompt:9',
      'transcript.save': `transcript-clip:${uuid}`,
      'transcript.review': 'transcript:10',
      // A speaker's steps in the order they were taken: added, consent, more evidence, withdrawal.
      'speaker.create': `speaker:${other}`,
      'speaker.consent': `speaker:${other}`,
      'speaker.evidence': `speaker:${other}`,
      'speaker.withdraw': `speaker:${other}`,
      'ui.propose': 'ui:qaa:shell.home',
      'ui.review': 'ui-proposal:11',
      // The same sentence written twice waits in line (the second is refused as already written).
      'sentence.propose': 'sentence-new:Zorbel quandy.',
      'sentence.review': 'sentence:12',
      // A report of a written sentence waits for a review of it made before.
      'sentence.report': 'sentence:12',
    });
  });

  it('folds a second unsent change into the first only where the newest alone counts', () => {
    // An edit or a verdict that the same person changes before it was sent: only the last one says what they
    // mean. Never consent (each grant and withdrawal is an event of the ledger), uploads, a speaker's steps,
    // reports, transcripts (each save is a text of its own) or an interface review.
    expect(MUTATION_KINDS.filter((kind) => MUTATIONS[kind].coalesce).sort()).toEqual(
      [
        'clip.report',
        'clip.vote',
        'lexicon.review',
        'proposal.review',
        'sentence.review',
        'translation.save',
        'ui.propose',
      ].sort(),
    );
    // The long uploads go after everything quick; nothing else waits for them.
    expect(MUTATION_KINDS.filter((kind) => MUTATIONS[kind].phase === 1).sort()).toEqual(
      ['recording.upload', 'speaker.evidence'].sort(),
    );
  });

  it('parses answers by the response schema, and says null to one that breaks the contract', () => {
    const status = {
      recording: true,
      translation: false,
      formVersion: '2026-11-v1',
      updatedAt: '2026-11-20T10:00:00.000Z',
    };
    expect(parseMutationResponse('consent.submit', status)).toMatchObject({ recording: true });
    expect(parseMutationResponse('consent.submit', { recording: 'yes' })).toBeNull();
    expect(parseMutationResponse('translation.save', { pair: { id: 1 } })).toBeNull();
  });
});
