/**
 * Saves a blob as a file named `name` through a temporary download link (a plain link could not carry
 * the bearer token the file was fetched with). The object URL is released once the download started.
 */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has started the download.
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }
}
