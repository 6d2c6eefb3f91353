// `node scripts/run-niced.mjs <command> [args…]`: runs the command at a low CPU priority (it and everything it
// starts), so that it takes only the CPU time that the processes at normal priority leave. Exits as it exits.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import process from 'node:process';

const [command, ...args] = process.argv.slice(2);
setPriority(10);
const child = spawn(command, args, { stdio: 'inherit' });
child.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
