/** The extension a file is served under: lower case, without the dot; '' when the name has none. */
export function extensionOf(name: string): string {
  const match = /\.([A-Za-z0-9]{1,16})$/.exec(name);
  return match ? match[1]!.toLowerCase() : '';
}

/** Where an item's uploaded file is downloaded, as the legacy item table links it (`/file/<uuid>.<ext>`). */
export function sourceFileUrl(uuid: string, name: string): string {
  if (uuid === '') return '';
  const ext = extensionOf(name);
  return ext === '' ? `/file/${uuid}` : `/file/${uuid}.${ext}`;
}
