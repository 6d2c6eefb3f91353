/** What the ask endpoint needs to know about a conversation. */
export interface AskConversation {
  uuid: string;
  knowledgeBaseUuids: string[];
}

export interface ConversationPort {
  findForAsk(conversationUuid: string): Promise<AskConversation | undefined>;
}

export const CONVERSATION_PORT = Symbol('CONVERSATION_PORT');

/**
 * Until conversations are stored, every well-formed conversation uuid names a conversation with the given
 * knowledge bases attached.
 */
export class OpenConversations implements ConversationPort {
  constructor(private readonly knowledgeBaseUuids: string[]) {}

  findForAsk(conversationUuid: string): Promise<AskConversation | undefined> {
    return Promise.resolve({ uuid: conversationUuid, knowledgeBaseUuids: [...this.knowledgeBaseUuids] });
  }
}
