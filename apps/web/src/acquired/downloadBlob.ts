/**
 * Saves a fetched file under a name: through an object URL and a temporary link, since a plain
 * link to the relay could not send the bearer token.
 */
export const downloadBlob = (blob: Blob, filename: string): void => {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The click has handed the file to the browser; the URL may go once it has read it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};
