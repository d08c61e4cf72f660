// Hands a Blob to the browser as a downloaded file.
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  Object.assign(document.createElement('a'), { href: url, download: fileName }).click();
  // Revoked a moment later: the download has started by then.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
