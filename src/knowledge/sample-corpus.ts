import type { Triple } from '../model/graph-extractor.js';

/**
 * A small knowledge base written for this project, so that a fresh start answers real questions with
 * citations and no setup. Some documents are English, some Chinese; a few graph facts link their subjects.
 */
export const SAMPLE_KNOWLEDGE_BASE_UUID = '5a3c0e7f9b2d4c61a8e04f1d2b6c7a90';

export interface SampleDocument {
  itemUuid: string;
  title: string;
  /** Paragraphs, each indexed as one chunk. */
  paragraphs: string[];
}

export const SAMPLE_DOCUMENTS: SampleDocument[] = [
  {
    itemUuid: '0b7e4d2a91c34f5e8a6d1c3b5e7f9a01',
    title: 'How retrieval-augmented generation works',
    paragraphs: [
      'Retrieval-augmented generation answers a question in two steps. First a retriever searches a knowledge base for the chunks of text most relevant to the question. Then a language model writes the answer with those chunks in its prompt, so the answer rests on documents instead of on what the model memorised.',
      'Documents are split into chunks before they are indexed. A chunk is small enough to fit many of them into one prompt, and large enough to carry a complete thought. Chunks usually overlap a little, so that a sentence cut at a boundary still appears whole in one of them.',
      'Retrieval can be lexical, matching the words of the question against the words of each chunk, or semantic, comparing embedding vectors. Many systems run both and fuse the two rankings, because lexical search finds exact names and numbers while vector search finds paraphrases.',
    ],
  },
  {
    itemUuid: '1c8f5e3b02d45a6f9b7e2d4c6f8a0b12',
    title: 'Paragraph-level citations',
    paragraphs: [
      'A paragraph-level citation tells the reader which sources each paragraph of an answer rests on. It is more useful than one list of references for the whole answer, because a reader can check a single claim without reading every source.',
      'Citation numbers are given in the order sources are first cited, and a number never changes once it has been shown. While an answer streams, a number the reader has already seen cannot be taken back, so renumbering would break the trust the citations are meant to build.',
      'The server, not the model, decides whether a citation is real. The model is shown short ids such as E1 and G1; any id it writes that was not offered is dropped, and the drop is counted so that administrators can see how often the model invents sources.',
    ],
  },
  {
    itemUuid: '2d9a6f4c13e56b7a0c8f3e5d7a9b1c23',
    title: 'Streaming answers over Server-Sent Events',
    paragraphs: [
      'Server-Sent Events stream a response as a series of text events over one HTTP connection. Each event may carry a name and one or more data lines, and ends with a blank line. Browsers and most HTTP clients can read such a stream as it arrives.',
      'Proxies often close connections that stay silent for a while. A streaming server therefore sends comment lines as heartbeats: clients ignore them, but they keep the connection alive while the model is still thinking.',
      'When the reader closes the page, the server should stop the request to the model at once. Otherwise the model keeps generating, and paying for, an answer nobody will read.',
    ],
  },
  {
    itemUuid: '3e0b7a5d24f67c8b1d9a4f6e8b0c2d34',
    title: '检索增强生成简介',
    paragraphs: [
      '检索增强生成先从知识库中找出与问题最相关的文本片段，再把这些片段放进提示词，让大模型依据它们作答。这样回答建立在文档之上，而不是只依赖模型记住的内容。',
      '文档在建立索引之前会被切分成片段。中文文本按句号、问号和感叹号断句，再把相邻的句子合并成大小合适的片段，片段之间通常保留少量重叠。',
      '段落级引用让读者知道每一段依据了哪些资料。引用编号按第一次被引用的顺序分配，一旦显示就不再改变，因此读者在回答仍在生成时就可以信任这些编号。',
    ],
  },
  {
    itemUuid: '4f1c8b6e35a78d9c2e0b5a7f9c1d3e45',
    title: 'PostgreSQL 中的引用数据',
    paragraphs: [
      '每个回答的段落和引用都保存在 PostgreSQL 中。管理员可以查询哪些回答引用了某个片段，也可以统计模型有多少次没有按照要求的格式输出。',
      '当模型输出的结构损坏时，已经发送的段落保持不变，其余文字以纯文本形式继续发送给读者，同时在结束事件中标记引用出错，回答本身不会丢失。',
    ],
  },
];

/** A few facts linking the documents' subjects, added to the sample knowledge base's graph. */
export const SAMPLE_TRIPLES: Triple[] = [
  {
    source: {
      name: 'Retrieval-augmented generation',
      label: 'Technique',
      description: 'Answering with a language model whose prompt holds retrieved chunks of a knowledge base.',
    },
    relation: {
      label: 'is made trustworthy by',
      description: 'Citations let a reader check each claim of a retrieval-augmented answer against its source.',
    },
    target: {
      name: 'Paragraph-level citation',
      label: 'Concept',
      description: 'A link from one paragraph of an answer to the sources it rests on.',
    },
  },
  {
    source: { name: 'Paragraph-level citation', label: 'Concept' },
    relation: { label: 'streams over', description: 'Each finished paragraph is sent as its own Server-Sent Event.' },
    target: {
      name: 'Server-Sent Events',
      label: 'Protocol',
      description: 'A stream of text events over one HTTP response.',
    },
  },
];
