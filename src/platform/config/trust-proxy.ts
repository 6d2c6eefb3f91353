import { isIP, isIPv4 } from 'node:net';
import { z } from 'zod';

/** Express's `trust proxy` setting: off, every hop, this many hops, or the proxies' addresses and subnets. */
export type TrustProxy = boolean | number | string[];

/** The names Express's `trust proxy` takes for the usual private ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const MESSAGE =
  'must be true, false, a number of proxy hops, or comma-separated addresses or subnets of your proxies ' +
  '(e.g. 10.0.0.0/8, 192.168.1.2, fd00::/8, loopback, linklocal, uniquelocal)';

/**
 * Reads TRUST_PROXY as Express reads `trust proxy`, checked here so that a typo stops the start instead of
 * making Express throw at the first request, or silently trust nobody.
 */
export const trustProxySchema = z
  .string()
  .trim()
  .default('false')
  .transform((raw, context): TrustProxy => {
    if (raw === 'true' || raw === 'false') return raw === 'true';
    if (/^\d+$/.test(raw)) return Number(raw);
    const entries = raw
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !isProxyEntry(entry));
    if (entries.length === 0 || bad.length > 0) {
      context.addIssue({ code: 'custom', message: `${MESSAGE}; not understood: ${bad.join(', ') || raw}` });
      return z.NEVER;
    }
    return entries;
  });

function isProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d+$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  // An IPv4 subnet may be written with its netmask, as Express accepts.
  return family === 4 && isIPv4(range);
}
