// Module hooks that let a child process run the TypeScript sources directly, compiled file by file as the test
// runner compiles them (TypeScript's transpileModule, with the decorator metadata Nest's injection reads).
// Compiled files are kept in node_modules/.cache by the hash of their source, so that only the first start after
// a change pays for compiling: a test that starts the service several times starts it in about the time the
// compiled build takes.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

const compilerOptions = {
  module: 'ESNext',
  target: 'ES2023',
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  esModuleInterop: true,
  sourceMap: false,
  inlineSourceMap: true,
};

const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/ts-hooks/', import.meta.url));
/** Loaded at the first file not in the cache: loading the compiler alone takes a good part of a second. */
let typescript;

export async function resolve(specifier, context, nextResolve) {
  // Sources import each other as `./x.js`; the file on disk is `./x.ts`.
  if (specifier.endsWith('.js') && (specifier.startsWith('.') || specifier.startsWith('file:')) && context.parentURL) {
    const candidate = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
    if (!existsSync(new URL(specifier, context.parentURL)) && existsSync(candidate)) {
      return nextResolve(candidate.href, context);
    }
  }
  return nextResolve(specifier, context);
}

async function compile(path, source) {
  typescript ??= (await import('typescript')).default;
  const options = typescript.convertCompilerOptionsFromJson(compilerOptions, '').options;
  return typescript.transpileModule(source, { compilerOptions: options, fileName: path }).outputText;
}

export async function load(url, context, nextLoad) {
  if (!url.endsWith('.ts')) return nextLoad(url, context);
  const path = fileURLToPath(url);
  const source = readFileSync(path, 'utf8');
  const key = createHash('sha256').update(JSON.stringify(compilerOptions)).update(path).update(source).digest('hex');
  const cached = join(CACHE_DIR, `${key}.js`);
  if (existsSync(cached)) return { format: 'module', source: readFileSync(cached, 'utf8'), shortCircuit: true };
  const output = await compile(path, source);
  // Written aside and renamed, so that a process starting alongside never reads half a file.
  mkdirSync(CACHE_DIR, { recursive: true });
  const partial = `${cached}.${process.pid}.tmp`;
  writeFileSync(partial, output);
  renameSync(partial, cached);
  return { format: 'module', source: output, shortCircuit: true };
}
