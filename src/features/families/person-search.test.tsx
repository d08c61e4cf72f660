// @vitest-environment happy-dom
// The person search as a reader meets it (Testing Library): each match says what tells namesakes apart, a person
// known to have died without a date among it, as the list view and the card say.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { GraphNode } from '../../../core/families/family-graph.ts';
import { PersonSearch } from './person-search.tsx';

const person = (id: string, extra: Partial<GraphNode>): GraphNode => ({
  id,
  name: 'Zorbel Quandy',
  gender: 'male',
  val: 8,
  royalLineage: false,
  sample: true,
  ...extra,
});

afterEach(cleanup);

describe('PersonSearch', () => {
  it('lists each match with its gender, whether the person has died, and the royal lineage', () => {
    render(
      <PersonSearch
        label="Search family records"
        placeholder="Name"
        query="zorbel"
        onQueryChange={() => {}}
        nodes={[
          person('living', {}),
          person('gone', { deceased: true, gender: 'female' }),
          person('royal', { royalLineage: true }),
        ]}
        onChoose={() => {}}
        inline
        testId="search"
      />,
    );
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual([
      'Zorbel QuandyMale',
      'Zorbel QuandyFemale · Deceased',
      'Zorbel QuandyMale · Royal',
    ]);
  });
});
