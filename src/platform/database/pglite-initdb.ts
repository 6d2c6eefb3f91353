/**
 * Creates the embedded database's files (PostgreSQL's initdb) in DATA_DIR, in a process of its own, and exits:
 * creating them takes several hundred MB, and memory once taken by a process (its allocator's arenas, the
 * WebAssembly heap) stays with it. The service then opens the created directory at the size of a restart.
 * Usage: `node pglite-initdb.js <dataDir>`; exits 0 once the directory is complete, 1 with the reason on stderr.
 */
import { PGlite } from '@electric-sql/pglite';

const dataDir = process.argv[2];
try {
  if (!dataDir) throw new Error('no data directory given');
  const pglite = new PGlite(dataDir);
  await pglite.waitReady;
  await pglite.close();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
