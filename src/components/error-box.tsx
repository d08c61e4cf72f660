// A failure said at once above what it concerns (nothing when there is none): an ApiError's message, already in
// the interface's language, or a text of the screen's own.
export function ErrorBox({
  error,
  testId,
}: {
  error: { message: string } | string | null | undefined;
  testId?: string;
}) {
  // Nothing to say (no error, or an empty text): no box.
  if (!error) return null;
  return (
    <div className="error-box" role="alert" data-testid={testId}>
      {typeof error === 'string' ? error : error.message}
    </div>
  );
}
