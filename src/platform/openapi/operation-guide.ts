/**
 * How the API document presents each route to a reader of `/docs`: its group (tag), in the order a newcomer
 * needs them (asking first, the stock frontend's screens this server does not provide last), and a one-line
 * summary. Handlers are named `Controller.method`, as the route catalog reads them.
 */

export interface Tag {
  name: string;
  description: string;
  controllers: readonly string[];
}

/** The groups, in the order `/docs` shows them. */
export const TAGS: readonly Tag[] = [
  {
    name: 'Ask',
    description: 'Ask a question and read the answer as it streams, with paragraph citations; resume or stop it.',
    controllers: ['AskController'],
  },
  {
    name: 'Citations',
    description: "An answer's sources: its paragraph citations and its whole-answer references.",
    controllers: ['RefsController'],
  },
  {
    name: 'Conversations',
    description: 'Conversations and their history.',
    controllers: ['ConversationController', 'MessageDeletionController'],
  },
  {
    name: 'Knowledge bases',
    description: 'Knowledge bases, their documents, indexing, graph facts and source files.',
    controllers: ['KnowledgeController', 'KnowledgeSocialController', 'SourceFileController'],
  },
  {
    name: 'Knowledge-base Q&A',
    description: 'Questions asked of one knowledge base, outside any conversation.',
    controllers: ['KnowledgeQaController'],
  },
  {
    name: 'Accounts',
    description: 'Logging in, registration, the current user.',
    controllers: ['AuthController', 'RegistrationController', 'UserController'],
  },
  {
    name: 'Presets and prompts',
    description: 'Conversation presets and saved prompts of the stock frontend.',
    controllers: ['PresetController', 'PromptController'],
  },
  { name: 'Admin', description: 'Citation quality, for administrators.', controllers: ['AdminController'] },
  {
    name: 'Settings',
    description: 'What the stock frontend reads at start: models, search engines, public settings.',
    controllers: ['PlatformController'],
  },
  {
    name: 'Service',
    description: 'Health, metrics, this document, and the web page.',
    controllers: ['HealthController', 'MetricsController', 'OpenApiController', 'WebController'],
  },
  {
    name: 'Not provided',
    description:
      'Screens of the stock frontend this server does not provide (drawing, workflows, MCP tools, AI search, uploads): lists answer empty, actions answer FEATURE_NOT_PROVIDED, streams end with [ERROR].',
    controllers: ['NotProvidedController'],
  },
];

/** One line per handler, as the operation's summary. */
export const SUMMARIES: Readonly<Record<string, string>> = {
  'AskController.process': 'Ask a question; the answer streams as Server-Sent Events',
  'AskController.resume': 'Follow an answer again from event Last-Event-ID + 1 (resume)',
  'AskController.stop': 'Stop an answer being written',
  'RefsController.citation': "An answer's paragraphs with their citations",
  'RefsController.citations': 'The citations of several answers of one conversation, in one call',
  'RefsController.embeddingRefs': "An answer's whole-answer chunk references",
  'RefsController.graphRef': "An answer's whole-answer graph references",
  'ConversationController.list': 'Your conversations',
  'ConversationController.add': 'Create a conversation',
  'ConversationController.edit': 'Edit a conversation',
  'ConversationController.remove': 'Delete a conversation',
  'ConversationController.history': "A conversation's turns, newest page first",
  'MessageDeletionController.remove': 'Delete a question or answer',
  'KnowledgeController.saveBase': 'Create or edit a knowledge base',
  'KnowledgeController.deleteBase': 'Delete a knowledge base',
  'KnowledgeController.info': 'A knowledge base',
  'KnowledgeController.searchMine': 'Your knowledge bases',
  'KnowledgeController.saveItem': 'Create or edit a document of a knowledge base',
  'KnowledgeController.deleteItem': 'Delete a document',
  'KnowledgeController.searchItems': "A knowledge base's documents",
  'KnowledgeController.upload': 'Upload a file as a document',
  'KnowledgeController.indexItems': 'Index documents',
  'KnowledgeController.check': 'Whether indexing jobs are still running',
  'KnowledgeController.graph': "A knowledge base's graph facts",
  'KnowledgeController.addTriples': 'Add graph facts to a knowledge base',
  'KnowledgeSocialController.chunks': "A document's chunks",
  'KnowledgeSocialController.graph': "A document's graph facts",
  'KnowledgeSocialController.searchPublic': 'Public knowledge bases',
  'KnowledgeSocialController.starred': 'Knowledge bases you starred',
  'KnowledgeSocialController.toggleStar': 'Star or unstar a knowledge base',
  'SourceFileController.download': 'Download an uploaded source file',
  'KnowledgeQaController.add': 'Ask a knowledge base a question (creates the record)',
  'KnowledgeQaController.process': "Answer a knowledge base's Q&A record as Server-Sent Events",
  'KnowledgeQaController.search': "A knowledge base's Q&A records",
  'KnowledgeQaController.remove': 'Delete a Q&A record',
  'KnowledgeQaController.clear': 'Delete all your Q&A records of a knowledge base',
  'KnowledgeQaController.citation': "A Q&A answer's paragraphs with their citations",
  'KnowledgeQaController.embeddingRefs': "A Q&A answer's chunk references",
  'KnowledgeQaController.graphRef': "A Q&A answer's graph references",
  'AuthController.login': 'Log in: answers a token',
  'RegistrationController.register': 'Register an account',
  'RegistrationController.captcha': 'A captcha for registration',
  'UserController.config': 'The current user',
  'UserController.logout': 'Log out everywhere',
  'UserController.modifyPassword': 'Change your password',
  'UserController.avatar': "A user's avatar",
  'PresetController.search': 'Search conversation presets',
  'PresetController.mine': 'Presets you use',
  'PresetController.create': 'Create a preset',
  'PresetController.remove': 'Delete a preset',
  'PresetController.use': 'Start a conversation from a preset',
  'PromptController.save': 'Save prompts',
  'PromptController.edit': 'Edit a prompt',
  'PromptController.remove': 'Delete a prompt',
  'PromptController.search': 'Search your prompts',
  'PromptController.autocomplete': 'Your prompts that start with some text',
  'AdminController.quality': 'Citation quality figures',
  'AdminController.paragraphs': 'Stored paragraphs and their citations',
  'PlatformController.llms': 'The chat models',
  'PlatformController.imageModels': 'The image models (none)',
  'PlatformController.searchEngines': 'The search engines (none)',
  'PlatformController.publicInfo': 'Public settings',
  'HealthController.health': 'Liveness',
  'HealthController.ready': 'Readiness: the database answers',
  'MetricsController.scrape': 'Prometheus metrics (METRICS_ENABLED=true)',
  'OpenApiController.openApi': 'This document',
  'OpenApiController.docs': 'This document, browsable',
  'OpenApiController.asset': 'A file of the browsable document',
  'WebController.index': 'The web page',
  'WebController.asset': 'A file of the web page',
  'NotProvidedController.userMcpList': 'MCP tools: an empty list',
  'NotProvidedController.publicMcpSearch': 'Public MCP tools: an empty list',
  'NotProvidedController.userMcpSave': 'MCP tools: refused',
  'NotProvidedController.drawList': 'Drawings: an empty list',
  'NotProvidedController.drawComments': 'Drawing comments: an empty list',
  'NotProvidedController.drawDetail': 'A drawing: refused',
  'NotProvidedController.drawAction': 'Drawing: refused',
  'NotProvidedController.workflowSearch': 'Workflows: an empty page',
  'NotProvidedController.workflowRuns': 'Workflow runs: an empty list',
  'NotProvidedController.workflowCatalog': 'Workflow components: an empty list',
  'NotProvidedController.workflowRuntimeDelete': 'Delete a workflow run: refused',
  'NotProvidedController.workflowAction': 'Workflows: refused',
  'NotProvidedController.workflowStream': 'Run a workflow: a stream that ends with [ERROR]',
  'NotProvidedController.upload': 'Image and voice upload: refused',
  'NotProvidedController.deleteUpload': 'Delete an upload: refused',
  'NotProvidedController.audioText': 'Text of a voice message: refused',
  'NotProvidedController.forgotPassword': 'Password reset by e-mail: refused',
  'NotProvidedController.searchRecords': 'AI search history: an empty list',
  'NotProvidedController.searchRecordDelete': 'Delete an AI search: refused',
  'NotProvidedController.searchStream': 'AI search: a stream that ends with [ERROR]',
};

/** The group of a controller's routes; one not listed gets its own, named after it, before "Not provided". */
export function tagOf(controller: string): string {
  return TAGS.find((tag) => tag.controllers.includes(controller))?.name ?? controller.replace(/Controller$/, '');
}

/** Where a group comes in `/docs`. */
export function tagRank(name: string): number {
  const index = TAGS.findIndex((tag) => tag.name === name);
  return index >= 0 ? index : TAGS.length - 1.5;
}
