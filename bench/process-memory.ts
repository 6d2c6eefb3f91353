import { readFile } from 'node:fs/promises';

const MiB = 1024 * 1024;
/** glibc gives each thread that allocates its own malloc arena, in heaps of at most 64 MiB aligned to 64 MiB. */
const ARENA = 64 * MiB;
/** PGlite's WebAssembly memory starts at 128 MiB (its `initialMemory`) and only grows. */
const WASM_MEMORY_MIN = 128 * MiB;

/** Resident memory of a process, in MiB. */
export async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024);
}

/**
 * What a process's resident memory is made of, read from its mappings (/proc/pid/smaps), in MiB. Approximate:
 * the kinds are told apart by the shape of a mapping, not by who made it.
 */
export async function memoryMadeOf(pid: number): Promise<Record<string, number>> {
  const smaps = await readFile(`/proc/${pid}/smaps`, 'utf8');
  const kinds: Record<string, number> = {
    'program and libraries (files)': 0,
    'WebAssembly memory (the database heap)': 0,
    'malloc heaps (native allocations: compilers, buffers, threads)': 0,
    'other anonymous (V8 heaps, compiled code, stacks)': 0,
  };
  let kind = '';
  for (const line of smaps.split('\n')) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (mapping) {
      const start = Number.parseInt(mapping[1]!, 16);
      const size = Number.parseInt(mapping[2]!, 16) - start;
      const name = mapping[3]!.trim();
      if (name.startsWith('/')) kind = 'program and libraries (files)';
      else if (name === '[heap]' || (start % ARENA === 0 && size <= ARENA))
        kind = 'malloc heaps (native allocations: compilers, buffers, threads)';
      else if (size >= WASM_MEMORY_MIN && name === '') kind = 'WebAssembly memory (the database heap)';
      else kind = 'other anonymous (V8 heaps, compiled code, stacks)';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && kind) kinds[kind]! += Number(rss[1]) * 1024;
  }
  return Object.fromEntries(Object.entries(kinds).map(([name, bytes]) => [name, Math.round(bytes / MiB)]));
}
