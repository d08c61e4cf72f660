// Deterministic generator of illustrative lineages (the shipped sample and large benchmark data); every person is sample data.
import type { FamilyData, Gender, Marriage, Person } from './family-schema.ts';
import { seededRandom } from '../seeded-random.ts';

export interface LineageOptions {
  /** Stop adding families once this many persons exist (the royal line is always complete). */
  targetPersons: number;
  seed?: number;
  /** Persons outside the root's family (the graph must hide them). */
  unconnectedPersons?: number;
}

export const SAMPLE_SOURCE =
  'Illustrative sample data: not a real genealogy (see content/families/README.md)';
export const QUEEN_ID = 'ikuma';
export const ROOT_ID = 'sample-ancestor';

export function generateLineage(options: LineageOptions): FamilyData {
  const rand = seededRandom(options.seed ?? 7);
  const persons: Record<string, Person> = {};
  const marriages: Marriage[] = [];
  let personCount = 0;
  const add = (gender: Gender, id?: string, name?: string, royal = false): string => {
    personCount++;
    const personId = id ?? `sample-person-${personCount}`;
    persons[personId] = {
      id: personId,
      name: name ?? `Sample Person ${personCount}`,
      gender,
      royalLineage: royal,
      sample: true,
      status: 'draft',
      sources: [SAMPLE_SOURCE],
    };
    return personId;
  };
  const marry = (husbandId: string, wifeId: string, childIds: string[] = []): Marriage => {
    const marriage = { id: `marriage-${marriages.length + 1}`, husbandId, wifeId, childIds };
    marriages.push(marriage);
    return marriage;
  };
  const gender = (): Gender => (rand() < 0.5 ? 'male' : 'female');
  /** Non-royal persons born into the family, waiting for their own marriages (breadth first). */
  const born: string[] = [];
  const children = (marriage: Marriage, count: number) => {
    for (let i = 0; i < count; i++) {
      const child = add(gender());
      marriage.childIds.push(child);
      born.push(child);
    }
  };

  // The royal line: the root, four descendants in a single line, the king (6 kings) and the queen.
  let king = add('male', ROOT_ID, 'Sample Ancestor', true);
  for (let generation = 2; generation <= 6; generation++) {
    const heir = generation === 6 ? 'sample-king-6' : `sample-king-${generation}`;
    // Sample King 2 (the heir of generation 2) is the descendant with many wives; the next heir is from the first marriage.
    const wives = generation === 3 ? 5 : 1;
    let heirId = '';
    for (let w = 0; w < wives; w++) {
      const marriage = marry(king, add('female'));
      if (w === 0) {
        heirId = add('male', heir, `Sample King ${generation}`, true);
        marriage.childIds.push(heirId);
      }
      children(marriage, w === 0 ? 2 : 1 + Math.floor(rand() * 2));
    }
    // A wife remarried to another man: Sample King 2's last wife.
    if (generation === 3) {
      const wifeId = marriages.at(-1)?.wifeId ?? '';
      children(marry(add('male'), wifeId), 2);
    }
    king = heirId;
  }
  children(marry(king, add('female', QUEEN_ID, 'Sample Queen', true)), 3);

  // Everyone else: breadth first, each born person may marry an in-law and have children.
  for (let head = 0; head < born.length && personCount < options.targetPersons; head++) {
    const personId = born[head] as string;
    if (rand() < 0.25) continue;
    const self = persons[personId] as Person;
    const spouse = add(self.gender === 'male' ? 'female' : 'male');
    const [husbandId, wifeId] = self.gender === 'male' ? [personId, spouse] : [spouse, personId];
    const count = Math.min(Math.floor(rand() * 4) + (head < 4 ? 1 : 0), options.targetPersons - personCount);
    children(marry(husbandId, wifeId), Math.max(0, count));
  }
  for (let i = 0; i < (options.unconnectedPersons ?? 0); i += 2) {
    marry(add('male'), add('female'));
  }
  return { rootPersonId: ROOT_ID, persons, marriages };
}
