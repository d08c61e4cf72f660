// A small hand-made family for the unit tests: three generations, a second wife who remarried, in-laws, two outsiders.
import type { FamilyData, Gender, Person } from './family-schema.ts';

const person = (id: string, gender: Gender, extra: Partial<Person> = {}): Person => ({
  id,
  name: id.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()),
  gender,
  royalLineage: false,
  sample: true,
  status: 'draft',
  sources: ['unit test'],
  ...extra,
});

export function familyFixture(): FamilyData {
  const persons = [
    person('grandpa', 'male', { royalLineage: true, birthYear: 1900 }),
    person('grandma', 'female'),
    person('father', 'male', { royalLineage: true }),
    person('aunt', 'female'),
    person('mother', 'female'),
    person('second-wife', 'female'),
    person('me', 'male', { royalLineage: true, name: 'Me (Alternate Name)' }),
    person('sister', 'female'),
    person('half-brother', 'male'),
    person('aunts-husband', 'male'),
    person('cousin', 'female'),
    person('wife', 'female'),
    person('son', 'male'),
    person('sons-wife', 'female'),
    person('grandson', 'male'),
    person('other-man', 'male'),
    person('other-child', 'unknown'),
    person('sisters-husband', 'male'),
    person('outsider-a', 'male'),
    person('outsider-b', 'female'),
  ];
  const m = (id: string, husbandId: string, wifeId: string, childIds: string[] = []) => ({
    id,
    husbandId,
    wifeId,
    childIds,
  });
  return {
    rootPersonId: 'grandpa',
    persons: Object.fromEntries(persons.map((p) => [p.id, p])),
    marriages: [
      m('m1', 'grandpa', 'grandma', ['father', 'aunt']),
      m('m2', 'father', 'mother', ['me', 'sister']),
      m('m3', 'father', 'second-wife', ['half-brother']),
      m('m4', 'aunts-husband', 'aunt', ['cousin']),
      m('m5', 'me', 'wife', ['son']),
      m('m6', 'son', 'sons-wife', ['grandson']),
      m('m7', 'other-man', 'second-wife', ['other-child']),
      m('m8', 'sisters-husband', 'sister'),
      m('m9', 'outsider-a', 'outsider-b'),
    ],
  };
}
