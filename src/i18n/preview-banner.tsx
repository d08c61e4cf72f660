// The banner on every page while a translator previews their language (issue 35): what the page shows, and
// buttons to load the latest texts or to go back to the language chosen in Settings.
import { useState } from 'react';
import { translatePreview as m } from '../../core/i18n/messages/translate-app.ts';
import { richText, stopPreview, useT, type Preview } from './i18n.tsx';
import { loadPreview } from './preview.ts';

export function PreviewBanner({ preview }: { preview: Preview }) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  const language = <span lang={preview.code}>{preview.name}</span>;
  return (
    <div
      className="notice-box preview-banner"
      role="region"
      aria-label={t(m.stop)}
      data-testid="preview-banner"
    >
      <p>{richText(t, m.banner, { language })}</p>
      {failed && <p className="field-error">{t(m.startFailed)}</p>}
      <div className="button-row">
        <button
          type="button"
          className="btn"
          onClick={() => {
            setFailed(false);
            loadPreview(preview).catch(() => setFailed(true));
          }}
        >
          {t(m.update)}
        </button>
        <button type="button" className="btn btn-primary" onClick={stopPreview}>
          {t(m.stop)}
        </button>
      </div>
    </div>
  );
}
