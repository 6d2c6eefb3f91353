/**
 * The Server-Sent Event streams, described for people: JSON Schema cannot say what an event stream holds, so
 * each stream's response gets a description of every event and an example of a whole stream.
 */

const FRAMING = `Framing: HTTP 200, \`Content-Type: text/event-stream\`. Each event is an optional \`event:NAME\` line,
an \`id:N\` line (\`[START]\` is 1, each later event one more), one \`data:\` line per line of its payload, and a
blank line. \`:heartbeat\` comment lines keep proxies from closing a quiet connection; they are no event.`;

const ANSWER_EVENTS = `${FRAMING}

The response headers \`X-Answer-Uuid\` and \`X-Question-Uuid\` name the answer from the start (absent when the
request is refused before \`[START]\`).

Events, in order:

| event | data | when |
| --- | --- | --- |
| \`[START]\` | empty | first, always |
| \`[STATE_CHANGED]\` | \`{"state":"question_analysing","remark":"问题分析中"}\`, then \`knowledge_searching\` when the conversation has knowledge bases | progress |
| \`[THINKING]\` | reasoning text | only for models that stream their reasoning |
| _(unnamed)_ | answer text; the data \`-_wrap_-\` stands for a line break | as the model writes it |
| \`[CITATION_REF]\` | a cited source: \`citationId\` (\`E1\`… chunks, \`G1\`… graph facts), \`displayNumber\`, \`type\` (\`embedding\` or \`graph\`), \`payload\` (the source's text, title, knowledge base …) | once per source, before the first paragraph citing it; only when citation events were asked for |
| \`[CITATION_PARAGRAPH]\` | a finished paragraph: \`paragraphIndex\` (from 0, no gaps; a repeated index replaces), \`text\`, \`citationIds\`, \`citationNumbers\`, \`support\` (per citation: \`verdict\` verified — found in the source —, unverified — the check cannot tell, nothing wrong as far as it can see — or contradicted — the source says otherwise, the only one to warn of; \`score\` 0–1; \`evidence\` with \`spans\`, UTF-16 offsets of the source sentences in the ref's text, and on contradicted a \`conflict\` {\`kind\` number/unit/date/name/negation, \`claim\`, \`source\`}; a verified \`quote\` with UTF-16 offsets into the ref's text), \`verdict\` of the paragraph as a whole, \`supported\` (older name: verdict is verified), \`inferred\` | as soon as the paragraph is complete; only when asked for |
| \`[CITATION_VERDICT]\` | a later verdict from a model verifier: \`paragraphIndex\`, \`verifier\`, \`verdicts\` | when a verifier is configured; only when asked for |
| \`[CITATION_DONE]\` | summary: \`citationMode\` (\`paragraph\` or \`answer\`), \`paragraphCount\`, \`refCount\`, \`hasCitationError\`, and the support check's counts (\`verifiedCitationCount\`, \`unverifiedCitationCount\`, \`contradictedCitationCount\`, \`verifiedParagraphCount\`, \`contradictedParagraphCount\`, and the older names \`unsupportedCitationCount\` = contradicted, \`supportedParagraphCount\` = verified), inferred paragraphs, unverified quotes, \`refused\`, \`truncated\` | once, after the last paragraph; only when asked for |
| \`[DONE]\` | \`[META]\` followed by compact JSON: \`question\` (\`tokens\`, \`uuid\`) and \`answer\` (\`tokens\`, \`uuid\`, \`isRefEmbedding\`, \`isRefGraph\` and the citation summary) | last; the stream closes |
| \`[ERROR]\` | \`CODE: message\` (match on the code): \`ANSWER_IN_PROGRESS\`, \`CONVERSATION_NOT_FOUND\`, \`ASK_RATE_LIMITED\`, \`REQUEST_INVALID\`, \`MODEL_UPSTREAM_ERROR\`, \`MODEL_RATE_LIMITED\`, \`MODEL_UPSTREAM_TIMEOUT\`, \`MODEL_STREAM_CUT\`, \`ANSWER_TOO_LARGE\`, \`ANSWER_NOT_SAVED\`, \`STORAGE_FAILED\`, \`ANSWER_NOT_FOUND\`, \`ANSWER_INTERRUPTED\`, \`INTERNAL_ERROR\` | last instead of \`[DONE]\`; refusals before any work come as the only event, before \`[START]\` |

Citation events are sent when the body says \`"citationEvents": true\`, the header \`X-Citation-Events: paragraph\`
is sent, or the server sends them to everyone (\`CITATION_EVENTS_DEFAULT=true\`). The protocol document
(docs/protocol.md) has the details.`;

const ANSWER_EXAMPLE = `event:[START]
id:1
data:

event:[STATE_CHANGED]
id:2
data:{"state":"question_analysing","remark":"问题分析中"}

event:[STATE_CHANGED]
id:3
data:{"state":"knowledge_searching","remark":"知识库搜索中"}

event:[CITATION_REF]
id:4
data:{"citationId":"E1","displayNumber":1,"type":"embedding","payload":{"embeddingId":"4d12b87d-1371-40f9-a3c1-2bf9c0403130","text":"Citation numbers are given in the order sources are first cited.","score":0.66,"kbUuid":"5a3c0e7f9b2d4c61a8e04f1d2b6c7a90","kbItemUuid":"1c8f5e3b02d45a6f9b7e2d4c6f8a0b12","title":"Paragraph-level citations"}}

id:5
data:Numbers are given at first citation.

event:[CITATION_PARAGRAPH]
id:6
data:{"paragraphIndex":0,"text":"Numbers are given at first citation.","citationIds":["E1"],"citationNumbers":[1],"support":[{"citationId":"E1","score":0.82,"verdict":"verified","evidence":{"spans":[{"start":0,"end":117}]},"quote":{"text":"given in the order sources are first cited","start":21,"end":63}}],"verdict":"verified","supported":true,"inferred":false}

event:[CITATION_DONE]
id:7
data:{"citationMode":"paragraph","paragraphCount":1,"refCount":1,"hasCitationError":false}

event:[DONE]
id:8
data:[META]{"question":{"tokens":812,"uuid":"9b1f0c2d3e4f5a6b7c8d9e0f1a2b3c4d"},"answer":{"tokens":240,"uuid":"c04e1d2c3b4a59687766554433221100","isRefEmbedding":true,"isRefGraph":false,"citationMode":"paragraph","paragraphCount":1,"refCount":1,"hasCitationError":false,"droppedCitationCount":0,"uncitedParagraphCount":0}}

`;

const REFUSED_EXAMPLE = `event:[ERROR]
data:ANSWER_IN_PROGRESS: An answer is still being written in this conversation; wait for it or stop it.

`;

const RESUME_EXAMPLE = `event:[CITATION_DONE]
id:7
data:{"citationMode":"paragraph","paragraphCount":1,"refCount":1,"hasCitationError":false}

event:[DONE]
id:8
data:[META]{"question":{"tokens":812,"uuid":"9b1f0c2d3e4f5a6b7c8d9e0f1a2b3c4d"},"answer":{"tokens":240,"uuid":"c04e1d2c3b4a59687766554433221100","isRefEmbedding":true,"isRefGraph":false,"citationMode":"paragraph","paragraphCount":1,"refCount":1,"hasCitationError":false}}

`;

const QA_EXAMPLE = `event:[START]
id:1
data:

id:2
data:Numbers are given at first citation.

id:3
data:-_wrap_-

id:4
data:They never change.

event:[DONE]
id:5
data:

`;

export interface EventStream {
  summary: string;
  description: string;
  examples: Record<string, { summary: string; value: string }>;
}

/** The event streams, keyed `METHOD path` as in the document. */
export const EVENT_STREAMS: Record<string, EventStream> = {
  'post /conversation/message/process': {
    summary: 'Ask a question; the answer streams as Server-Sent Events',
    description: `${ANSWER_EVENTS}\n\nAn invalid body is answered before the stream with HTTP 400 and \`{"success":false,"code":"REQUEST_INVALID","message":"…"}\`. With \`"resumable": true\` the answer keeps being written after a disconnect, to be followed again with \`GET /conversation/message/stream/{answerUuid}\`.`,
    examples: {
      cited: { summary: 'An answer with one cited paragraph (citation events asked for)', value: ANSWER_EXAMPLE },
      refused: { summary: 'Refused before it starts', value: REFUSED_EXAMPLE },
    },
  },
  'get /conversation/message/stream/{answerUuid}': {
    summary: 'Follow an answer again from event Last-Event-ID + 1 (resume)',
    description: `${ANSWER_EVENTS}\n\nResume: send \`Last-Event-ID: N\` (or \`?lastEventId=N\`) to get events N+1 onwards with their original ids: the stored ones first, then live ones while the answer is still being written, up to \`[DONE]\` or \`[ERROR]\`. Without N, from the start. An \`answerUuid\` that is not 32 lowercase hex characters, or a \`lastEventId\` query that is not a whole number, is answered before the stream with HTTP 400 \`REQUEST_INVALID\`. An unknown or foreign answer gets \`[ERROR]\` \`ANSWER_NOT_FOUND: …\`; an answer whose writer died ends with \`[ERROR]\` \`ANSWER_INTERRUPTED: …\`.`,
    examples: {
      resumed: { summary: 'Resumed with Last-Event-ID: 6', value: RESUME_EXAMPLE },
    },
  },
  'post /knowledge-base/qa/process/{uuid}': {
    summary: "Answer a knowledge base's Q&A record as Server-Sent Events",
    description: `${FRAMING}

A smaller event set than a conversation's answer:

| event | data |
| --- | --- |
| \`[START]\` | empty; first event |
| _(unnamed)_ | answer text; the data \`-_wrap_-\` stands for a line break |
| \`[DONE]\` | empty; last event |
| \`[ERROR]\` | \`CODE: message\`, last instead of \`[DONE]\`; \`A0017\` (no such record or knowledge base), \`ANSWER_IN_PROGRESS\` and \`ASK_RATE_LIMITED\` come before \`[START]\` |

There is never \`[STATE_CHANGED]\`, \`[THINKING]\`, \`[META]\` or a citation event; the paragraphs and sources
are stored and read with \`GET /knowledge-base/qa/citation/{uuid}\`.`,
    examples: {
      answer: { summary: 'A two-line answer', value: QA_EXAMPLE },
    },
  },
};
