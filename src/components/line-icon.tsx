// A decorative line icon in SVG (24-unit grid, drawn in the text colour): the words next to it say what it means.
// SVG, not emoji, so it shows on phones whose fonts lack the symbol.
export function LineIcon({ path, className }: { path: string; className: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}
