/**
 * Hands bytes to the browser as a file download: a Blob behind an object URL, clicked through
 * an `<a download>` (the browser's own download, with the server's file name).
 */
export function downloadFile(data: Uint8Array, filename: string, type: string): void {
  // A copy on a plain ArrayBuffer: the answer's bytes may view a larger shared buffer.
  const blob = new Blob([new Uint8Array(data)], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by the next task; a minute is ample.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
