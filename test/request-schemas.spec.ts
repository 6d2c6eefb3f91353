import { z } from 'zod';
import '../src/admin/admin.schemas.js';
import '../src/accounts/auth.schemas.js';
import '../src/conversations/conversation.schemas.js';
import '../src/knowledge/knowledge.schemas.js';
import { requestSchemas } from '../src/platform/common/zod-pipe.js';

describe('the request schema registry', () => {
  it('holds every route schema under its name and converts to JSON Schema, ready for an API document', () => {
    const document = z.toJSONSchema(requestSchemas, { io: 'input', unrepresentable: 'any' });
    expect(Object.keys(document.schemas)).toEqual(
      expect.arrayContaining(['LoginRequest', 'ConversationFields', 'KnowledgeBaseSaveRequest', 'AdminParagraphQuery']),
    );
    expect(document.schemas.LoginRequest).toMatchObject({ required: ['email', 'password'] });
  });
});
