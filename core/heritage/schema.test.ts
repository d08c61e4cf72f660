// Every shipped heritage file validates, follows the record rules, and is honest about what is not known.
import { describe, expect, it } from 'vitest';
import { KINGDOM_FIGURES } from '../constants.ts';
import { loadAbout, loadCulture, loadHistory, loadVillages } from './content.ts';
import {
  HeritageContentError,
  parseHistoryFile,
  parseVillagesFile,
  unknownFields,
  villageSchema,
} from './schema.ts';

const allRecords = () => {
  const culture = loadCulture();
  return [
    ...loadVillages(),
    ...loadHistory(),
    culture.recentTransition,
    ...culture.topics,
    ...culture.coreValues,
    ...loadAbout().sections,
  ];
};

describe('shipped heritage content', () => {
  it('validates every content file with its schema', () => {
    expect(() => loadVillages()).not.toThrow();
    expect(() => loadHistory()).not.toThrow();
    expect(() => loadCulture()).not.toThrow();
    expect(() => loadAbout()).not.toThrow();
  });

  it('has the seven villages, the four public names first and three awaiting community input', () => {
    const villages = loadVillages();
    expect(villages).toHaveLength(KINGDOM_FIGURES.villages);
    expect(villages.slice(0, 4).map((v) => v.name)).toEqual(['Iboni', 'Ibahure', 'Ohilang', 'Ibele']);
    const unnamed = villages.slice(4);
    expect(unnamed).toHaveLength(3);
    for (const village of unnamed) {
      expect(village.name).toBeNull();
      expect(village.status).toBe('draft');
    }
  });

  it('does not claim a primary village, coordinates or roles that are not public', () => {
    for (const village of loadVillages()) {
      expect(village.isMainVillage).toBeNull();
      expect(village.coordinates).toBeNull();
      expect(village.role).toBeNull();
    }
  });

  it('has six history events including the 15-16 January 2022 transition', () => {
    const events = loadHistory();
    expect(events).toHaveLength(6);
    const transition = events.find((e) => e.year === KINGDOM_FIGURES.termStart);
    expect(transition?.date).toBe(KINGDOM_FIGURES.transitionDate);
    expect(transition?.type).toBe('governance');
    expect(events.some((e) => e.year === null || e.type === null)).toBe(true);
  });

  it('has the four culture topics and a recent transition matching the kingdom figures', () => {
    const culture = loadCulture();
    expect(culture.topics.map((t) => t.title)).toEqual([
      'The Hifira ceremony',
      'The generation system',
      'Traditional governance',
      'Community responsibilities',
    ]);
    expect(culture.recentTransition).toMatchObject({
      date: KINGDOM_FIGURES.transitionDate,
      generationNumber: KINGDOM_FIGURES.generation,
      termStart: KINGDOM_FIGURES.termStart,
      termEnd: KINGDOM_FIGURES.nextTransition,
    });
    expect(culture.recentTransition.termEnd - culture.recentTransition.termStart).toBe(
      KINGDOM_FIGURES.yearCycle,
    );
    expect(culture.coreValues.length).toBeGreaterThan(0);
  });

  it('has the four About sections', () => {
    expect(loadAbout().sections.map((s) => s.id)).toEqual([
      'heritage',
      'location-and-governance',
      'generation-system',
      'transition-2022',
    ]);
  });

  it('marks as draft every record with an unknown field, and nothing is verified yet', () => {
    const records = allRecords();
    const withUnknowns = records.filter((r) => unknownFields(r).length > 0);
    expect(withUnknowns.length).toBeGreaterThan(0);
    for (const record of withUnknowns) expect(record.status, record.id).toBe('draft');
    // No community editor has confirmed anything yet (heritage-facts.md): all content ships as draft.
    for (const record of records) expect(record.status, record.id).toBe('draft');
  });

  it('names a source for every record that states facts', () => {
    for (const record of allRecords()) {
      const statesFacts = 'description' in record ? record.description !== null : true;
      if (statesFacts) expect(record.sources.length, record.id).toBeGreaterThan(0);
    }
  });
});

describe('record rules', () => {
  const knownVillage = {
    id: 'example',
    status: 'verified',
    sources: [{ title: 'Community editors' }],
    name: 'Example',
    role: 'Example role',
    location: 'Somewhere',
    coordinates: { latitude: 4.5, longitude: 33 },
    administrative_role: 'None',
    description: 'Text',
    isMainVillage: false,
  };

  it('accepts a fully known verified record with a source', () => {
    expect(villageSchema.safeParse(knownVillage).success).toBe(true);
  });

  it('refuses a verified record without sources or with unknown fields', () => {
    expect(villageSchema.safeParse({ ...knownVillage, sources: [] }).success).toBe(false);
    expect(villageSchema.safeParse({ ...knownVillage, coordinates: null }).success).toBe(false);
    expect(villageSchema.safeParse({ ...knownVillage, status: 'draft', coordinates: null }).success).toBe(
      true,
    );
  });

  it('refuses two primary villages and duplicate ids', () => {
    const second = { ...knownVillage, id: 'second', isMainVillage: true };
    expect(() => parseVillagesFile({ villages: [{ ...knownVillage, isMainVillage: true }, second] })).toThrow(
      /at most one village/,
    );
    expect(() => parseVillagesFile({ villages: [knownVillage, knownVillage] })).toThrow(/duplicate id/);
  });

  it('throws an error naming the file and the bad field', () => {
    const bad = {
      events: [
        {
          id: 'x',
          status: 'draft',
          sources: [],
          year: 'soon',
          title: 'T',
          description: null,
          type: 'war',
          details: [],
        },
      ],
    };
    let error: unknown;
    try {
      parseHistoryFile(bad);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(HeritageContentError);
    const contentError = error as HeritageContentError;
    expect(contentError.message).toContain('content/heritage/history.json');
    expect(contentError.fields).toEqual(['events[0].year', 'events[0].type']);
    expect(contentError.message).toMatch(/events\[0\]\.year/);
  });

  it('refuses unknown fields so editors notice a misspelt key', () => {
    expect(() => parseVillagesFile({ villages: [{ ...knownVillage, nmae: 'x' }] }, 'villages.json')).toThrow(
      /villages\.json/,
    );
  });
});
