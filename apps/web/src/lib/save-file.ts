/** Hands the browser a file the page already holds, as a download named `filename`. */
export function saveFile(filename: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the click has been handled, so the download still has its bytes.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
