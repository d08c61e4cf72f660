// "Report this sentence" on Speak and Translate: why a sentence offered to read or translate should go to the
// admins (one of the fixed reasons, a note if the contributor wants), in the review screens' reason dialog.
import {
  PROMPT_REPORT_REASON_LABELS,
  PROMPT_REPORT_REASONS,
  promptReportSchema,
  type PromptReport,
} from '../../../core/api/prompts.ts';
import { ReasonDialog } from '../review/report-dialog.tsx';

export function PromptReportDialog(props: {
  open: boolean;
  onClose: () => void;
  onReport: (report: PromptReport) => void;
}) {
  return (
    <ReasonDialog
      {...props}
      title="Report this sentence"
      intro="The sentence leaves your list at once; the admins decide whether it stays for others."
      reasons={PROMPT_REPORT_REASONS}
      labels={PROMPT_REPORT_REASON_LABELS}
      schema={promptReportSchema}
    />
  );
}
