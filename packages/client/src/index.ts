export { AnswerStream, type AnswerStreamOptions, type StreamOpener } from './answer-stream.js';
export {
  ApiError,
  CitationClient,
  type AskParams,
  type ClientOptions,
  type Conversation,
  type HistoryMessage,
  type KnowledgeBase,
  type KnowledgeItem,
} from './client.js';
export {
  applyEvent,
  hasContradiction,
  initialState,
  isFinished,
  noticesOf,
  parseError,
  pendingText,
  sourcesInOrder,
  type AnswerNotices,
  type AnswerState,
  type AnswerStatus,
} from './state.js';
export * from './types.js';
