// The shipped family data, validated once when the route's chunk loads, with its graph and counters.
import raw from '../../../content/families/sample-lineage.json';
import { buildFamilyGraph, countPersons } from '../../../core/families/family-graph.ts';
import { parseFamilyData } from '../../../core/families/family-schema.ts';

export const familyData = parseFamilyData(raw);
export const familyGraph = buildFamilyGraph(familyData);
export const familyCounters = countPersons(familyGraph);
/** While any shown person is illustrative, the page says the data is sample data. */
export const hasSampleData = familyGraph.nodes.some((node) => node.sample);
export const queenName = familyData.persons.ikuma?.name;
