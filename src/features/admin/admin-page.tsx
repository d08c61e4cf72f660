// /admin: community administration, in two tabs: accounts and data (users and roles, import of translation
// pairs, the lexicon, picture prompts, dataset exports, the interface's languages), and the review queues (clips and proposed translations). The tab is
// kept in the address (#review), so a reload or a shared link opens the same one. This is only the frame: each
// domain's panels and calls live in its own folder (admin-users, admin-imports, admin-exports, admin-languages,
// admin-review), all loaded with this page, never with the home route.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { admin } from '../../../core/i18n/messages/admin.ts';
import { useT } from '../../i18n/i18n.tsx';
import { useAuth } from '../auth/use-auth.ts';
import { ExportsPanel } from '../admin-exports/exports-panel.tsx';
import { ImportLexiconPanel } from '../admin-imports/import-lexicon-panel.tsx';
import { ImportPairsPanel } from '../admin-imports/import-pairs-panel.tsx';
import { ImportPromptsPanel } from '../admin-imports/import-prompts-panel.tsx';
import { LanguagesPanel } from '../admin-languages/languages-panel.tsx';
import { PicturesPanel } from '../admin-pictures/pictures-panel.tsx';
import { ReviewClipsPanel } from '../admin-review/review-clips-panel.tsx';
import { ReviewProposalsPanel } from '../admin-review/review-proposals-panel.tsx';
import { ReviewPromptsPanel } from '../admin-review/review-prompts-panel.tsx';
import { ReviewWrittenSentencesPanel } from '../admin-review/review-written-sentences-panel.tsx';
import { SpeakersPanel } from '../admin-users/speakers-panel.tsx';
import { UsersPanel } from '../admin-users/users-panel.tsx';
import './admin.css';

const TABS = [
  { id: 'data', label: admin.tabData },
  { id: 'review', label: admin.tabReview },
] as const;
type Tab = (typeof TABS)[number]['id'];

const tabOfHash = (): Tab => (location.hash === '#review' ? 'review' : 'data');

export function AdminPage() {
  const t = useT();
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
        <h1>{t(admin.notAdminTitle)}</h1>
        <p className="notice-box">{t(admin.notAdmin)}</p>
      </div>
    );
  }
  return (
    <div className="page">
      <div className="page-header">
        <h1>{t(admin.title)}</h1>
        <p>{t(admin.intro)}</p>
      </div>
      <div className="admin-tabs" role="tablist" aria-label={t(admin.tabs)} onKeyDown={onKeyDown}>
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
            {t(item.label)}
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
        <PicturesPanel />
        <ExportsPanel />
        <LanguagesPanel />
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
          <ReviewWrittenSentencesPanel />
        </div>
      )}
    </div>
  );
}
