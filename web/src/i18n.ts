const en = {
  appTitle: 'Cited answers',
  language: '中文',
  email: 'Email',
  password: 'Password',
  login: 'Log in',
  register: 'Create an account',
  registerInstead: 'No account? Create one',
  loginInstead: 'Have an account? Log in',
  registerUnavailable: 'This server does not allow creating accounts; ask an administrator.',
  logout: 'Log out',
  conversations: 'Conversations',
  newConversation: 'New conversation',
  newConversationTitle: 'Title of the new conversation',
  create: 'Create',
  knowledgeBases: 'Knowledge bases',
  attached: 'Knowledge bases searched for this conversation',
  noKnowledgeBases: 'No knowledge bases yet.',
  ask: 'Ask',
  askPlaceholder: 'Ask a question…',
  stop: 'Stop',
  sources: 'Sources',
  thinking: 'Thinking',
  connecting: 'Connecting…',
  reconnecting: 'Connection lost; resuming…',
  analysing: 'Reading the question…',
  searching: 'Searching the knowledge bases…',
  fellBack:
    'The model did not keep to the citation format: the text after the last numbered paragraph has no paragraph citations.',
  truncated: 'The answer was cut off: the model reached its length limit.',
  refused: 'The model declined to answer this question.',
  stopped: 'Stopped.',
  verified: 'Found in the source',
  unverified: 'Not verified: the check could not match this to the source',
  contradicted: 'The source says otherwise',
  conflict: 'The answer says “{claim}”; the source says “{source}”.',
  conflictAt: 'Source {number}: the answer says “{claim}”; the source says “{source}”.',
  evidence: 'Where the source says it',
  notChecked: 'Not checked',
  inferred: 'Citations attributed by the server',
  quote: 'Quoted passage',
  score: 'score',
  close: 'Close',
  source: 'Source',
  newKnowledgeBase: 'Title of the new knowledge base',
  public: 'public',
  delete: 'Delete',
  confirmDelete: 'Delete this knowledge base and its documents?',
  upload: 'Upload .txt or .md',
  documents: 'Documents',
  noDocuments: 'No documents yet.',
  indexing: 'indexing',
  status_NONE: 'not indexed',
  status_DOING: 'indexing…',
  status_DONE: 'indexed',
  status_FAIL: 'indexing failed',
  chat: 'Chat',
  you: 'You',
  error: 'Error',
  empty: 'Ask a question to start.',
  loadEarlier: 'Load earlier messages',
  partOf: 'part {part} of {count}',
  changeGeneratedPassword: 'You are using the password the server generated at its first start. Change it now.',
  currentPassword: 'Current password',
  newPassword: 'New password (6 characters or more)',
  changePassword: 'Change password',
};

export type MessageKey = keyof typeof en;

const zh: Record<MessageKey, string> = {
  appTitle: '带引用的回答',
  language: 'English',
  email: '邮箱',
  password: '密码',
  login: '登录',
  register: '注册',
  registerInstead: '没有账号？注册',
  loginInstead: '已有账号？登录',
  registerUnavailable: '此服务器不允许注册，请联系管理员。',
  logout: '退出',
  conversations: '会话',
  newConversation: '新建会话',
  newConversationTitle: '新会话的标题',
  create: '创建',
  knowledgeBases: '知识库',
  attached: '本会话检索的知识库',
  noKnowledgeBases: '还没有知识库。',
  ask: '提问',
  askPlaceholder: '输入问题…',
  stop: '停止',
  sources: '来源',
  thinking: '思考',
  connecting: '连接中…',
  reconnecting: '连接中断，正在恢复…',
  analysing: '问题分析中…',
  searching: '知识库搜索中…',
  fellBack: '模型没有遵守引用格式：最后一个带编号的段落之后的文字没有段落引用。',
  truncated: '回答被截断：模型达到了长度上限。',
  refused: '模型拒绝回答这个问题。',
  stopped: '已停止。',
  verified: '已在来源中找到',
  unverified: '未能核实：检查无法将此段与来源对应',
  contradicted: '来源的说法与此不同',
  conflict: '回答说“{claim}”，来源说“{source}”。',
  conflictAt: '来源 {number}：回答说“{claim}”，来源说“{source}”。',
  evidence: '来源中的对应语句',
  notChecked: '未核对',
  inferred: '引用由服务器推断',
  quote: '引用的原文',
  score: '得分',
  close: '关闭',
  source: '来源',
  newKnowledgeBase: '新知识库的标题',
  public: '公开',
  delete: '删除',
  confirmDelete: '删除此知识库及其文档？',
  upload: '上传 .txt 或 .md',
  documents: '文档',
  noDocuments: '还没有文档。',
  indexing: '索引中',
  status_NONE: '未索引',
  status_DOING: '索引中…',
  status_DONE: '已索引',
  status_FAIL: '索引失败',
  chat: '对话',
  you: '我',
  error: '错误',
  empty: '提个问题开始吧。',
  loadEarlier: '加载更早的消息',
  partOf: '第 {part} 部分，共 {count} 部分',
  changeGeneratedPassword: '你正在使用服务器首次启动时生成的密码，请立即修改。',
  currentPassword: '当前密码',
  newPassword: '新密码（至少 6 个字符）',
  changePassword: '修改密码',
};

export type Language = 'en' | 'zh';
const messages: Record<Language, Record<MessageKey, string>> = { en, zh };

let current: Language = initialLanguage();

function initialLanguage(): Language {
  const saved = globalThis.localStorage?.getItem('language');
  if (saved === 'en' || saved === 'zh') return saved;
  return globalThis.navigator?.language.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export function language(): Language {
  return current;
}

/** Switches the language; the caller re-renders the page. */
export function setLanguage(next: Language): void {
  current = next;
  localStorage.setItem('language', next);
  document.documentElement.lang = next === 'zh' ? 'zh-CN' : 'en';
}

/** A message, its `{name}` placeholders filled from `values`. */
export function t(key: MessageKey, values: Record<string, string | number> = {}): string {
  return messages[current][key].replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
}
