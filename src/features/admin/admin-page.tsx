// /admin: community administration, in two tabs: accounts and data (users and roles, import of translation
// pairs, the lexicon, dataset exports), and the review queues (clips and proposed translations). The tab is
// kept in the address (#review), so a reload or a shared link opens the same one.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useAuth } from '../auth/use-auth.ts';
import { ExportsPanel } from './exports-panel.tsx';
import { ImportLexiconPanel } from './import-lexicon-panel.tsx';
import { ImportPairsPanel } from './import-pairs-panel.tsx';
import { ImportPromptsPanel } from './import-prompts-panel.tsx';
import { ReviewClipsPanel } from './review-clips-panel.tsx';
import { ReviewProposalsPanel } from './review-proposals-panel.tsx';
import { ReviewPromptsPanel } from './review-prompts-panel.tsx';
import { SpeakersPanel } from './speakers-panel.tsx';
import { UsersPanel } from './users-panel.tsx';
import '../speakers/speakers.css';
import './review-queues.css';

const TABS = [
  { id: 'data', label: 'Accounts and data' },
  { id: 'review', label: 'Review queues' },
] as const;
type Tab = (typeof TABS)[number]['id'];

const tabOfHash = (): Tab => (location.hash === '#review' ? 'review' : 'data');

export function AdminPage() {
  const { user } = useAuth();
  const [tab, setTab] = useState<Tab>(tabOfHash);
  const tabRefs = useRef(new Map<Tab, HTMLButtonElement>());
  // The queues load when first opened, not with every visit to the accounts.
  const [reviewShown, setReviewShown] = useState(tab === 'review');
  if (tab === 'review' && !reviewShown) setReviewShown(true);

  useEffect(() => {
    const follow = () => setTab(tabOfHash());
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);

  function choose(next: Tab, focus = false) {
    setTab(next);
    // replaceState: switching tabs is not a page of its own in the back button's history.
    history.replaceState(
      history.state,
      '',
      next === 'review' ? '#review' : location.pathname + location.search,
    );
    if (focus) tabRefs.current.get(next)?.focus();
  }

  // Arrow keys move between the tabs (the ARIA tabs pattern); Tab goes on into the panel.
  function onKeyDown(event: KeyboardEvent) {
    const index = TABS.findIndex((item) => item.id === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    choose(TABS[(index + step + TABS.length) % TABS.length]!.id, true);
  }

  if (!user) return null;
  if (user.role !== 'admin') {
    return (
      <div className="page page-narrow">
        <h1>Admin</h1>
        <p className="notice-box">
          Only community admins can open this page. Ask an admin if you need access.
        </p>
      </div>
    );
  }
  return (
    <div className="page">
      <div className="page-header">
        <h1>Community administration</h1>
        <p>
          Manage accounts and roles, import translation pairs, import or export the lexicon, and decide what
          the community review leaves to you. Admins curate data and start model training.
        </p>
      </div>
      <div className="admin-tabs" role="tablist" aria-label="Administration" onKeyDown={onKeyDown}>
        {TABS.map((item) => (
          <button
            key={item.id}
            ref={(element) => {
              if (element) tabRefs.current.set(item.id, element);
            }}
            type="button"
            role="tab"
            id={`admin-tab-${item.id}`}
            aria-selected={tab === item.id}
            aria-controls={`admin-panel-${item.id}`}
            tabIndex={tab === item.id ? 0 : -1}
            className="btn btn-ghost"
            onClick={() => choose(item.id)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {/* Both panels stay mounted once shown, hidden when not chosen: leaving a tab must not stop a download
          or forget a decision being typed. */}
      <div
        className="stack admin-tabpanel"
        role="tabpanel"
        id="admin-panel-data"
        aria-labelledby="admin-tab-data"
        hidden={tab !== 'data'}
      >
        <UsersPanel currentUserId={user.id} />
        <SpeakersPanel />
        <ImportPairsPanel />
        <ImportPromptsPanel />
        <ImportLexiconPanel />
        <ExportsPanel />
      </div>
      {reviewShown && (
        <div
          className="stack admin-tabpanel"
          role="tabpanel"
          id="admin-panel-review"
          aria-labelledby="admin-tab-review"
          hidden={tab !== 'review'}
        >
          <ReviewClipsPanel />
          <ReviewProposalsPanel />
          <ReviewPromptsPanel />
        </div>
      )}
    </div>
  );
}
