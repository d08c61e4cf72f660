// Person search box (ARIA combobox): up to 8 matches in a dropdown or inline list, keyboard and pointer, closes on outside clicks.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { FAMILY_GRAPH } from '../../../core/constants.ts';
import type { GraphNode } from '../../../core/families/family-graph.ts';
import { searchPersons } from '../../../core/families/search.ts';
import { families } from '../../../core/i18n/messages/families.ts';
import { useT, type Translate } from '../../i18n/i18n.tsx';

export interface PersonSearchProps {
  label: string;
  /** Visible label; otherwise it is for screen readers only. */
  showLabel?: boolean;
  placeholder: string;
  /** The placeholder is a person's name (data, shown as written), not a message. */
  placeholderIsName?: boolean;
  query: string;
  onQueryChange: (query: string) => void;
  nodes: readonly GraphNode[];
  onChoose: (node: GraphNode) => void;
  /** Results always listed under the box (the trace panel) rather than in a closing dropdown. */
  inline?: boolean;
  clearable?: boolean;
  hint?: ReactNode;
  autoFocus?: boolean;
  testId: string;
}

const genderLabel = (t: Translate, node: GraphNode) =>
  t(
    node.gender === 'male'
      ? families.male
      : node.gender === 'female'
        ? families.female
        : families.unknownGender,
  );

export function PersonSearch(props: PersonSearchProps) {
  const t = useT();
  const {
    label,
    showLabel,
    placeholder,
    placeholderIsName,
    query,
    onQueryChange,
    nodes,
    onChoose,
    inline,
    clearable,
    hint,
    autoFocus,
    testId,
  } = props;
  const baseId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const matches = searchPersons(nodes, query);
  const expanded = matches.length > 0 && (inline || open);

  // Clicks outside this search area close its dropdown (spec section 4).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const choose = (node: GraphNode) => {
    setOpen(false);
    onChoose(node);
  };

  return (
    <div className="families-search" ref={rootRef} data-testid={testId}>
      <label htmlFor={`${baseId}-input`} className={showLabel ? 'families-search-label' : 'visually-hidden'}>
        {label}
      </label>
      <div className="families-search-box">
        <input
          ref={inputRef}
          id={`${baseId}-input`}
          className="input"
          type="search"
          role="combobox"
          autoComplete="off"
          placeholder={placeholder}
          translate={placeholderIsName ? 'no' : undefined}
          value={query}
          autoFocus={autoFocus}
          aria-expanded={expanded}
          aria-controls={`${baseId}-list`}
          aria-autocomplete="list"
          aria-activedescendant={expanded ? `${baseId}-option-${active}` : undefined}
          onChange={(event) => {
            setActive(0);
            setOpen(true);
            onQueryChange(event.target.value);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault();
              setOpen(true);
              const step = event.key === 'ArrowDown' ? 1 : -1;
              setActive((index) =>
                matches.length === 0 ? 0 : (index + step + matches.length) % matches.length,
              );
            } else if (event.key === 'Enter') {
              const node = matches[active] ?? matches[0];
              if (node) {
                event.preventDefault();
                choose(node);
              }
            } else if (event.key === 'Escape' && expanded && !inline) {
              event.preventDefault();
              setOpen(false);
            }
          }}
        />
        {clearable && query !== '' && (
          <button
            type="button"
            className="btn btn-ghost families-search-clear"
            aria-label={t(families.clearSearch)}
            onClick={() => {
              onQueryChange('');
              setOpen(false);
              inputRef.current?.focus();
            }}
          >
            ×
          </button>
        )}
      </div>
      <ul
        id={`${baseId}-list`}
        role="listbox"
        aria-label={t(families.matches, { search: label })}
        className={inline ? 'families-search-results' : 'families-dropdown'}
        hidden={!expanded}
        style={inline ? undefined : { maxHeight: `${FAMILY_GRAPH.dropdownMaxHeightRem}rem` }}
      >
        {matches.map((node, index) => (
          <li
            key={node.id}
            id={`${baseId}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className="families-option"
            data-person-id={node.id}
            onPointerDown={(event) => event.preventDefault()}
            onClick={() => choose(node)}
          >
            <span className={`families-gender-mark families-gender-${node.gender}`} aria-hidden="true" />
            <span className="families-option-name" translate="no">
              {node.name}
            </span>
            <span className="families-option-meta">
              {genderLabel(t, node)}
              {node.deceased ? ` · ${t(families.deceased)}` : ''}
              {node.royalLineage ? t(families.royalMatch) : ''}
            </span>
          </li>
        ))}
      </ul>
      {hint && <p className="families-hint muted">{hint}</p>}
    </div>
  );
}
