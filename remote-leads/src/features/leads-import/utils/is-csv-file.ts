/** Browsers report CSV under several MIME types (or none), so the extension decides. */
export function isCsvFile(file: File): boolean {
  return /\.csv$/i.test(file.name);
}
