// @ts-check
/**
 * The module graph of src/, as docs/architecture.md draws it: imports point down only (the ground ← the
 * citation core ← models and accounts ← knowledge ← conversations and the answer engine ← the screens ← the
 * app), so no folder imports a folder that imports it back. Each folder lists the folders it may import;
 * anything else fails `npm run lint`. `platform/` is split by part: its ground (config, database, SSE framing,
 * errors and pipes) sits under everything, and its serving edge (health, metrics, the API description, the web
 * page) sits above accounts because each of those routes is guarded.
 */
const platformGround = ['platform/common', 'platform/config', 'platform/database', 'platform/sse', 'platform/http'];
const ground = ['text', 'citation', ...platformGround];

/** @type {Record<string, string[]>} */
const mayImport = {
  // Sentences, words and text that is safe to show and store: no I/O, nothing else of src/.
  text: [],
  // The streaming citation core: parser, ledger, numbering, the support check. Pure: no I/O.
  citation: ['text'],
  'platform/common': [],
  'platform/config': ['platform/common', 'text', 'citation'],
  'platform/database': ['platform/common', 'platform/config', 'text', 'citation'],
  'platform/sse': ['platform/common', 'text'],
  // How the HTTP server makes its requests and responses: only the app's assembly uses it.
  'platform/http': [],
  model: ground,
  accounts: ground,
  'platform/metrics': [...ground, 'accounts'],
  'platform/health': [...ground, 'accounts'],
  'platform/openapi': [...ground, 'accounts'],
  'platform/web': [...ground, 'accounts'],
  knowledge: [...ground, 'model', 'accounts'],
  // Conversations and their messages: CRUD, the history page and the memory a question is answered with.
  conversations: [...ground, 'model', 'accounts', 'knowledge'],
  // The answer engine, for chat and Q&A alike: its stages, the journal, resume, the per-user limits.
  answer: [...ground, 'platform/metrics', 'model', 'accounts', 'knowledge', 'conversations'],
  admin: [...ground, 'accounts', 'answer'],
  legacy: [...ground, 'model', 'accounts', 'knowledge', 'answer', 'conversations'],
};

const folderOf = (name) => `^src/${name}/`;

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Files that import each other, directly or through others.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-unknown-folder',
      severity: 'error',
      comment: 'A new folder under src/ gets its place in the module graph in .dependency-cruiser.mjs.',
      from: { path: '^src/[^/]+/', pathNot: `^src/(${Object.keys(mayImport).join('|')})/` },
      to: {},
    },
    {
      name: 'no-import-of-app',
      severity: 'error',
      comment: 'The files at the top of src/ assemble the app; no folder imports them.',
      from: { path: '^src/[^/]+/' },
      to: { path: '^src/[^/]+[.]ts$' },
    },
    {
      name: 'citation-core-without-io',
      severity: 'error',
      comment: 'The citation core and the text module are pure: no database, network, file or framework module.',
      from: { path: '^src/(citation|text)/' },
      to: {
        dependencyTypesNot: ['type-only'],
        path: '(^|/)node_modules/(@types/)?(pg|typeorm|ioredis|openai|ai|@ai-sdk|@nestjs|express|undici)/|^(node:)?(fs|net|http|https|child_process|dgram|worker_threads)$',
      },
    },
    {
      name: 'no-stage-calls-the-engine',
      severity: 'error',
      comment: 'The engine runs the answer stages in order; a stage never imports it back.',
      from: { path: '^src/answer/stages/' },
      to: { path: '^src/answer/answer-engine[.]ts$' },
    },
    {
      name: 'no-stage-calls-a-stage',
      severity: 'error',
      comment: 'Stages hand results back to the engine (stages/handoffs.ts), never to each other.',
      from: { path: '^src/answer/stages/([^/]+)[.]stage[.]ts$' },
      to: { path: '^src/answer/stages/[^/]+[.]stage[.]ts$', pathNot: '^src/answer/stages/$1[.]stage[.]ts$' },
    },
    ...Object.entries(mayImport).map(([folder, allowed]) => ({
      name: `layers-${folder.replace('/', '-')}`,
      severity: /** @type {const} */ ('error'),
      comment: `src/${folder}/ may import only ${allowed.join(', ') || 'nothing else in src/'}.`,
      from: { path: folderOf(folder) },
      to: {
        path: '^src/[^/]+/',
        pathNot: `^src/(${[folder, ...allowed].join('|')})/`,
      },
    })),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|dist-bench)/' },
    // Type-only imports count: a folder that needs another's types depends on it all the same.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
