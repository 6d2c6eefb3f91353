import { UnsupportedFileError } from './knowledge-errors.js';

const TEXT_FILE = /\.(txt|md|markdown)$/i;

/**
 * The text of an uploaded document, or an error that says what is wrong with the file: not text at all
 * (binary), or text in another encoding than UTF-8.
 */
export function documentText(name: string, bytes: Buffer): string {
  if (!TEXT_FILE.test(name)) {
    throw new UnsupportedFileError(
      `上传失败: "${name}" is not a text document. Only .txt and .md files are accepted; save it as plain text first.`,
    );
  }
  // NUL bytes (or many control characters) do not occur in text: an image, an archive, a PDF renamed to .txt …
  const sample = bytes.subarray(0, 8192);
  const controls = sample.filter((byte) => byte < 9 || (byte > 13 && byte < 32)).length;
  if (sample.includes(0) || controls > sample.length / 100) {
    throw new UnsupportedFileError(
      `上传失败: "${name}" is a binary file, not text. Upload a plain-text document (.txt or .md).`,
    );
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new UnsupportedFileError(
      `上传失败: "${name}" is not UTF-8 text (perhaps GBK or Latin-1). Save it with UTF-8 encoding and upload it again.`,
    );
  }
}
