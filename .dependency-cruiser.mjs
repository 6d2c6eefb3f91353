// @ts-check
/**
 * The module graph of src/: imports point down only (ground ← database ← features ← app), so no folder imports a
 * folder that imports it back. Each folder lists the folders it may import; anything else fails `npm run lint`.
 */
const ground = ['common', 'text', 'sse', 'citation', 'config'];
const base = [...ground, 'database'];

/** @type {Record<string, string[]>} */
const mayImport = {
  common: [],
  // Sentences and words of a text, for chunking, retrieval and the support check alike.
  text: [],
  sse: ['common'],
  citation: ['common', 'text', 'sse'],
  config: ['common', 'text', 'citation', 'sse'],
  // How the HTTP server makes its requests and responses: only the app's assembly uses it.
  http: [],
  database: ground,
  // Counters and histograms every feature may report to; they know nothing of features.
  metrics: [...base, 'auth'],
  model: ground,
  auth: base,
  knowledge: [...base, 'model', 'auth'],
  // Conversations and their messages: CRUD, the history page and the memory a question is answered with.
  conversation: [...base, 'model', 'auth', 'knowledge'],
  // The answer engine, for chat and Q&A alike: its stages, the journal, resume, the per-user limits.
  answer: [...base, 'metrics', 'model', 'auth', 'knowledge', 'conversation'],
  admin: [...base, 'auth'],
  user: [...base, 'auth'],
  message: [...base, 'auth'],
  prompt: [...base, 'auth'],
  platform: [...base, 'model', 'auth'],
  preset: [...base, 'auth', 'knowledge', 'conversation'],
  'knowledge-qa': [...base, 'model', 'auth', 'knowledge', 'conversation', 'answer', 'platform'],
  health: [...base, 'auth'],
  // The web page and the API description: served files and documents about the rest.
  web: [...base, 'auth'],
  openapi: [...base, 'auth'],
  // Above accounts, conversations and knowledge bases: a new user's first conversation needs all three.
  onboarding: [...base, 'auth', 'knowledge', 'conversation'],
};

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
      comment: 'A new folder under src/ gets its place in the module graph in .dependency-cruiser.cjs.',
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
      comment:
        'The citation core is pure: no database, network, file or framework module. (support/ still makes its own ' +
        'model client for the late verifier; it moves to the model module.)',
      from: { path: '^src/citation/', pathNot: '^src/citation/support/' },
      to: {
        dependencyTypesNot: ['type-only'],
        path: '(^|/)node_modules/(@types/)?(pg|typeorm|ioredis|openai|ai|@ai-sdk|@nestjs|express|undici)/|^(fs|net|http|https|child_process|dgram|worker_threads)$',
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
      name: `layers-${folder}`,
      severity: /** @type {const} */ ('error'),
      comment: `src/${folder}/ may import only ${allowed.join(', ') || 'nothing else in src/'}.`,
      from: { path: `^src/${folder}/` },
      to: { path: '^src/[^/]+/', pathNot: `^src/(${[folder, ...allowed].join('|')})/` },
    })),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|dist-bench|node_modules)/' },
    // Type-only imports count: a folder that needs another's types depends on it all the same.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
