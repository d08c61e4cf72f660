// @vitest-environment happy-dom
// ChoiceTabs as a keyboard or touch user meets it (Testing Library): a named group of buttons, the chosen one
// pressed; Tab reaches each and Enter or Space chooses it, as a click does.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChoiceTabs } from './choice-tabs.tsx';

function Views() {
  const [view, setView] = useState<'list' | 'one'>('list');
  return (
    <ChoiceTabs
      label="View"
      choices={[
        { value: 'list', label: 'As a list' },
        { value: 'one', label: 'One at a time' },
      ]}
      value={view}
      onChange={setView}
      testIdPrefix="view-"
    />
  );
}

afterEach(cleanup);

describe('ChoiceTabs', () => {
  it('is a named group whose chosen button is pressed; a click chooses another', async () => {
    render(<Views />);
    const group = screen.getByRole('group', { name: 'View' });
    expect(group).toBeTruthy();
    const list = screen.getByRole('button', { name: 'As a list' });
    const one = screen.getByRole('button', { name: 'One at a time' });
    expect(list.getAttribute('aria-pressed')).toBe('true');
    expect(one.getAttribute('aria-pressed')).toBe('false');
    expect(one.dataset.testid).toBe('view-one');
    await userEvent.click(one);
    expect(one.getAttribute('aria-pressed')).toBe('true');
    expect(list.getAttribute('aria-pressed')).toBe('false');
  });

  it('is used by keyboard: Tab to a choice, Enter or Space to choose it', async () => {
    const user = userEvent.setup();
    render(<Views />);
    const list = screen.getByRole('button', { name: 'As a list' });
    const one = screen.getByRole('button', { name: 'One at a time' });
    await user.tab();
    expect(document.activeElement).toBe(list);
    await user.tab();
    expect(document.activeElement).toBe(one);
    await user.keyboard('{Enter}');
    expect(one.getAttribute('aria-pressed')).toBe('true');
    await user.tab({ shift: true });
    await user.keyboard(' ');
    expect(list.getAttribute('aria-pressed')).toBe('true');
  });
});
