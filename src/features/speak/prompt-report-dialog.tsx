// "Report this sentence" on Speak and Translate: why a sentence offered to read or translate should go to the
// admins (one of the fixed reasons, a note if the contributor wants), in the review screens' reason dialog.
import { PROMPT_REPORT_REASONS, promptReportSchema, type PromptReport } from '../../../core/api/prompts.ts';
import { promptReport, promptReportReasons } from '../../../core/i18n/messages/speak.ts';
import { useT } from '../../i18n/i18n.tsx';
import { ReasonDialog } from '../review/report-dialog.tsx';

export function PromptReportDialog(props: {
  open: boolean;
  onClose: () => void;
  onReport: (report: PromptReport) => void;
}) {
  const t = useT();
  return (
    <ReasonDialog
      {...props}
      title={t(promptReport.title)}
      intro={t(promptReport.intro)}
      reasons={PROMPT_REPORT_REASONS}
      labels={promptReportReasons}
      schema={promptReportSchema}
    />
  );
}
