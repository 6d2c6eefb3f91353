// Module hooks that let a child process run the TypeScript sources directly, compiled file by file as the test
// runner compiles them (TypeScript's transpileModule, with the decorator metadata Nest's injection reads).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import ts from 'typescript';

const compilerOptions = {
  module: ts.ModuleKind.ESNext,
  target: ts.ScriptTarget.ES2023,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  esModuleInterop: true,
  sourceMap: false,
  inlineSourceMap: true,
};

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

export async function load(url, context, nextLoad) {
  if (!url.endsWith('.ts')) return nextLoad(url, context);
  const path = fileURLToPath(url);
  const { outputText } = ts.transpileModule(readFileSync(path, 'utf8'), { compilerOptions, fileName: path });
  return { format: 'module', source: outputText, shortCircuit: true };
}
