import { Tokenizer, TokenParser, TokenType, type ParsedElementInfo, type ParsedTokenInfo } from '@streamparser/json';
import { AnswerTextWriter } from './answer-text-writer.js';
import { isCitationIdOnly, splitCitationIds } from './citation-id.js';
import type { ParseOutcome, ParserEvent, RawParagraph } from './parser-events.js';
import { RawJsonSalvage, TokenSalvage, TrailingTextSalvage } from './text-salvage.js';

/**
 * The paragraph parser: a push state machine from raw model output chunks to {@link ParserEvent}s, in one
 * pass. @streamparser/json's tokenizer reads the characters and its token parser checks the grammar and
 * builds each paragraph value; this class keeps track of where in the document a token sits (so the text of
 * a paragraph streams while it is written) and decides what a reader sees when the output breaks.
 *
 * Accepted: a leading BOM and whitespace, a ```json (or bare ```) fence around the JSON, `{"paragraphs":[…]}`
 * with extra keys in any order, a bare top-level array of paragraphs, and paragraphs given as plain strings.
 */

type Mode = 'preamble' | 'json' | 'tokenSalvage' | 'rawSalvage' | 'trailing' | 'prose';

/** What the container a token sits in is, as far as the paragraphs shape is concerned. */
type Role = 'root' | 'paragraphs' | 'paragraph' | 'insideParagraph' | 'other';

interface Frame {
  isObject: boolean;
  role: Role;
  key: string | undefined;
  expectingKey: boolean;
}

const TEXT_KEY = 'text';
const CITATION_KEYS = new Set(['citationIds', 'citation_ids', 'citations']);
const QUOTES_KEY = 'quotes';
const PARAGRAPHS_KEY = 'paragraphs';
/** How long a fence line may be before the output is taken for prose. */
const MAX_FENCE_LINE = 32;
const TOKENIZER_ERROR_POSITION = /chunk position "(\d+)"/;
/** The tokenizer's error names the state it was in; these are the states inside a string. */
const TOKENIZER_ERROR_IN_STRING = /in state STRING_/;

export class ParagraphParser {
  private mode: Mode = 'preamble';
  private preamble = '';
  private heldSurrogate = '';
  private readonly writer: AnswerTextWriter;
  /**
   * Partial tokens: at the end of each chunk, the string being read so far. That is how a paragraph's text
   * reaches the reader while its JSON string is still open; its new part is taken from each (`showText`).
   */
  private readonly tokenizer = new Tokenizer({ emitPartialTokens: true });
  /** The string being read, or the next one, is a paragraph's text: shown as it streams. */
  private capture = false;
  /** Characters of the open string already shown. */
  private shownLength = 0;
  /** Where in the stream (bytes) the token that turned capture on ends, and where the current chunk starts. */
  private captureFrom = 0;
  private chunkStart = 0;
  /**
   * The raw JSON of a paragraph's text read in chunks that ended without a partial token (inside an escape, or
   * before the opening quote): not shown yet, and read again should the tokenizer fail before the next one.
   */
  private unshownRaw = '';
  private unshownRawInString = true;
  private shownInChunk = false;
  private tokenParser: TokenParser | undefined;
  private readonly frames: Frame[] = [];
  private sawParagraphsArray = false;
  private rootClosed = false;
  private readonly strays: string[] = [];
  private endedBlock: { text: string; markerIds: (string | undefined)[] } | undefined;
  private outcome: ParseOutcome | undefined;
  private reason: string | undefined;
  private grammarError: Error | undefined;
  private currentChunk: Buffer = Buffer.alloc(0);
  private tokenSalvage: TokenSalvage | undefined;
  private rawSalvage: RawJsonSalvage | undefined;
  private trailing: TrailingTextSalvage | undefined;
  private finished = false;

  /** `keepAnswerText` false: the end event carries no answer text, which is then not kept as it streams. */
  constructor(
    private readonly emit: (event: ParserEvent) => void,
    { keepAnswerText = true }: { keepAnswerText?: boolean } = {},
  ) {
    this.writer = new AnswerTextWriter((text) => this.emit({ type: 'text', text }), keepAnswerText);
    this.tokenizer.onToken = (token) => this.onToken(token);
    this.tokenizer.onError = (error) => this.onTokenizerError(error);
  }

  write(chunk: string): void {
    if (this.finished || chunk.length === 0) return;
    const text = this.withWholeSurrogates(chunk);
    if (text.length > 0) this.route(text);
  }

  end(): void {
    if (this.finished) return;
    this.finished = true;
    if (this.heldSurrogate !== '') this.route(this.heldSurrogate);
    switch (this.mode) {
      case 'preamble':
        this.writer.writeBlock(this.preamble.replace(/^\s*```[\w-]*/, ''));
        this.settle('not_json', 'the model produced no answer');
        break;
      case 'json':
        if (this.writer.blockOpen) this.writer.endBlock();
        if (!this.rootClosed) this.settle('truncated', 'the output stopped before the JSON was closed');
        break;
      case 'tokenSalvage':
        this.tokenSalvage?.flush();
        break;
      case 'rawSalvage':
        this.rawSalvage?.end();
        break;
      case 'trailing': {
        const text = this.trailing?.text() ?? '';
        if (text !== '') {
          this.writer.writeBlock(text);
          this.settle('invalid_json', 'the output went on after the JSON object');
        }
        break;
      }
      case 'prose':
        this.writer.endBlock();
        break;
    }
    this.emit({
      type: 'end',
      outcome: this.outcome ?? 'complete',
      ...(this.reason ? { reason: this.reason } : {}),
      ...(this.writer.answerText === undefined ? {} : { answerText: this.writer.answerText }),
    });
  }

  /** A chunk may end between the two halves of a surrogate pair; keep the first half for the next chunk. */
  private withWholeSurrogates(chunk: string): string {
    let text = this.heldSurrogate + chunk;
    this.heldSurrogate = '';
    const last = text.charCodeAt(text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      this.heldSurrogate = text.slice(-1);
      text = text.slice(0, -1);
    }
    return text;
  }

  private route(text: string): void {
    switch (this.mode) {
      case 'preamble':
        this.preamble += text;
        this.readPreamble();
        break;
      case 'json':
      case 'tokenSalvage':
        this.writeTokens(text);
        break;
      case 'rawSalvage':
        this.rawSalvage?.write(text);
        break;
      case 'trailing':
        this.trailing?.write(text);
        break;
      case 'prose':
        this.writer.write(text);
        break;
    }
  }

  /** Skips a BOM, whitespace and an opening code fence, then decides between JSON and prose. */
  private readPreamble(): void {
    for (;;) {
      const text = this.preamble.replace(/^[\s\uFEFF]+/, '');
      this.preamble = text;
      if (text === '') return;
      if (text.startsWith('`')) {
        if (text.length < 3 && '```'.startsWith(text)) return;
        if (text.startsWith('```')) {
          const newline = text.indexOf('\n');
          if (newline >= 0 && newline <= MAX_FENCE_LINE) {
            this.preamble = text.slice(newline + 1);
            continue;
          }
          if (newline < 0 && text.length <= MAX_FENCE_LINE) return;
        }
      }
      this.preamble = '';
      if (text.startsWith('{') || text.startsWith('[')) {
        this.tokenParser = this.createTokenParser(text.startsWith('[') ? ['$.*'] : [`$.${PARAGRAPHS_KEY}.*`]);
        this.mode = 'json';
        this.writeTokens(text);
      } else {
        this.settle('not_json', 'the output is not JSON');
        this.mode = 'prose';
        this.writer.write(text);
      }
      return;
    }
  }

  private createTokenParser(paths: string[]): TokenParser {
    const parser = new TokenParser({ paths, keepStack: false, separator: '' });
    parser.onValue = (element) => this.onParagraphValue(element);
    parser.onError = (error) => {
      this.grammarError = error;
    };
    return parser;
  }

  /**
   * Feeds the tokenizer bytes encoded here rather than the string: `Buffer.from` takes small strings from a
   * shared pool, where the tokenizer's own `TextEncoder.encode` allocates a new buffer for every chunk, which
   * was the largest single cost of parsing a stream of small chunks.
   */
  private writeTokens(text: string): void {
    this.chunkStart += this.currentChunk.length;
    this.currentChunk = Buffer.from(text, 'utf8');
    this.shownInChunk = false;
    this.tokenizer.write(this.currentChunk);
    if (this.mode !== 'json' || !this.capture || this.shownInChunk) {
      this.unshownRaw = '';
      this.unshownRawInString = true;
      return;
    }
    const opened = this.captureFrom - this.chunkStart;
    if (opened >= 0) {
      this.unshownRaw = this.currentChunk.subarray(opened).toString('utf8');
      this.unshownRawInString = false;
    } else {
      this.unshownRaw += text;
    }
  }

  /** Shows what is new in a paragraph's text: the string read so far, whole, less what was shown of it. */
  private showText(soFar: string): void {
    if (soFar.length === this.shownLength) return;
    this.writer.write(soFar.slice(this.shownLength));
    this.shownLength = soFar.length;
  }

  private onToken(partOrWhole: ParsedTokenInfo): void {
    if (partOrWhole.partial === true) {
      if (partOrWhole.token === TokenType.STRING && this.capture) {
        this.showText(partOrWhole.value as string);
        this.shownInChunk = true;
      }
      return;
    }
    let token = partOrWhole;
    if (token.token === TokenType.STRING && this.capture) {
      this.showText(token.value as string);
      this.endedBlock = this.writer.endBlock();
      // The paragraph's text is in the block; the value the token parser builds does not keep a second copy.
      token = { ...token, value: '' };
    }
    this.shownLength = 0;
    this.capture = false;
    if (this.mode === 'tokenSalvage') return this.salvageToken(token);
    if (this.rootClosed) return this.startTokenSalvage('invalid_json', 'the output went on after the JSON', token);
    this.tokenParser?.write(token);
    if (this.grammarError !== undefined) {
      return this.startTokenSalvage('invalid_json', `the JSON broke: ${this.grammarError.message}`, token);
    }
    if (this.mode === 'json') this.track(token);
  }

  /** Follows the document's structure to know which string is a paragraph's text and what is out of shape. */
  private track(token: ParsedTokenInfo): void {
    const top = this.frames[this.frames.length - 1];
    switch (token.token) {
      case TokenType.LEFT_BRACE:
      case TokenType.LEFT_BRACKET: {
        const isObject = token.token === TokenType.LEFT_BRACE;
        const role = this.roleOfChild(top, isObject);
        if (role === 'paragraphs') this.sawParagraphsArray = true;
        this.frames.push({ isObject, role, key: undefined, expectingKey: isObject });
        this.capture = role === 'paragraphs';
        break;
      }
      case TokenType.RIGHT_BRACE:
      case TokenType.RIGHT_BRACKET:
        this.frames.pop();
        if (this.frames.length === 0) this.closeRoot();
        break;
      case TokenType.COLON:
        this.capture = top?.role === 'paragraph' && top.key === TEXT_KEY;
        break;
      case TokenType.COMMA:
        if (top?.isObject) top.expectingKey = true;
        this.capture = top?.role === 'paragraphs';
        break;
      case TokenType.STRING:
        if (top?.isObject && top.expectingKey) {
          top.key = token.value as string;
          top.expectingKey = false;
        } else if (top !== undefined && (top.role === 'root' || top.role === 'other')) {
          this.strays.push(token.value as string);
        }
        break;
      default:
        break;
    }
    if (this.capture) this.captureFrom = token.offset + 1;
  }

  private roleOfChild(parent: Frame | undefined, isObject: boolean): Role {
    if (parent === undefined) return isObject ? 'root' : 'paragraphs';
    switch (parent.role) {
      case 'root':
        return parent.key === PARAGRAPHS_KEY && !isObject ? 'paragraphs' : 'other';
      case 'paragraphs':
        return isObject ? 'paragraph' : 'other';
      case 'paragraph':
      case 'insideParagraph':
        return 'insideParagraph';
      case 'other':
        return 'other';
    }
  }

  private closeRoot(): void {
    this.rootClosed = true;
    if (!this.sawParagraphsArray) {
      this.settle('wrong_shape', 'the JSON has no "paragraphs" array');
      for (const stray of this.strays) if (!isCitationIdOnly(stray)) this.writer.writeBlock(stray);
    }
  }

  /** A whole element of the paragraphs array, from the token parser. */
  private onParagraphValue({ value }: ParsedElementInfo): void {
    const block = this.endedBlock;
    this.endedBlock = undefined;
    if (typeof value === 'string') {
      if (block !== undefined) this.emitParagraph(block, []);
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
    const record = value as Record<string, unknown>;
    if (typeof record[TEXT_KEY] !== 'string' || block === undefined) {
      this.settle('wrong_shape', 'a paragraph has no "text" string');
      for (const [key, field] of Object.entries(record)) {
        if (typeof field === 'string' && !CITATION_KEYS.has(key) && key !== QUOTES_KEY && !isCitationIdOnly(field)) {
          this.writer.writeBlock(field);
        }
      }
      this.mode = 'tokenSalvage';
      this.tokenSalvage = new TokenSalvage(this.writer);
      return;
    }
    this.emitParagraph(block, citationEntries(record), quoteEntries(record));
  }

  private emitParagraph(
    block: { text: string; markerIds: (string | undefined)[] },
    ids: (string | undefined)[],
    quotes?: RawParagraph['quotes'],
  ) {
    if (block.text.length === 0) return;
    const paragraph: RawParagraph = {
      text: block.text,
      citationIds: ids,
      markerIds: block.markerIds,
      ...(quotes && quotes.length > 0 ? { quotes } : {}),
    };
    this.emit({ type: 'paragraph', paragraph });
  }

  private startTokenSalvage(outcome: Exclude<ParseOutcome, 'complete'>, reason: string, token: ParsedTokenInfo): void {
    this.settle(outcome, reason);
    this.mode = 'tokenSalvage';
    this.tokenSalvage = new TokenSalvage(this.writer);
    this.salvageToken(token);
  }

  private salvageToken(token: ParsedTokenInfo): void {
    const salvage = this.tokenSalvage;
    if (salvage === undefined) return;
    if (token.token === TokenType.STRING) salvage.string(token.value as string);
    else if (token.token === TokenType.COLON) salvage.colon();
    else salvage.otherToken();
  }

  /** The tokenizer met a character that cannot be JSON; what follows it is salvaged from the raw text. */
  private onTokenizerError(error: Error): void {
    const position = TOKENIZER_ERROR_POSITION.exec(error.message);
    const byteOffset = position ? Number(position[1]) : 0;
    if (this.mode === 'tokenSalvage') this.tokenSalvage?.flush();
    if (this.rootClosed && this.mode === 'json') {
      this.mode = 'trailing';
      this.trailing = new TrailingTextSalvage();
      this.trailing.write(this.currentChunk.subarray(byteOffset).toString('utf8'));
      return;
    }
    const inString = TOKENIZER_ERROR_IN_STRING.test(error.message);
    const continueText = this.capture && inString;
    this.settle('invalid_json', `the output is not valid JSON: ${error.message}`);
    this.mode = 'rawSalvage';
    if (!continueText) {
      this.rawSalvage = new RawJsonSalvage(this.writer, inString, false);
      this.rawSalvage.write(this.currentChunk.subarray(byteOffset).toString('utf8'));
      return;
    }
    // A paragraph's text was shown up to the last partial token. What came after it is read again from the raw
    // JSON: from the token before the opening quote when capture began in this chunk, else from what earlier
    // chunks left unshown and this chunk's start.
    const opened = this.captureFrom - this.chunkStart;
    const openedHere = opened >= 0;
    const raw = openedHere
      ? this.currentChunk.subarray(opened).toString('utf8')
      : this.unshownRaw + this.currentChunk.toString('utf8');
    this.rawSalvage = new RawJsonSalvage(this.writer, !openedHere && this.unshownRawInString, true);
    this.rawSalvage.write(raw);
  }

  /** Records the first thing that went wrong and says so; later trouble does not change the outcome. */
  private settle(outcome: Exclude<ParseOutcome, 'complete'>, reason: string): void {
    if (this.outcome !== undefined) return;
    this.outcome = outcome;
    this.reason = reason;
    this.emit({ type: 'broken', outcome, reason });
  }
}

/** The entries of a paragraph's id field: an array of strings, or one string naming one or more ids. */
function citationEntries(record: Record<string, unknown>): (string | undefined)[] {
  for (const key of CITATION_KEYS) {
    const field = record[key];
    if (field === undefined) continue;
    if (typeof field === 'string') return splitCitationIds(field);
    if (Array.isArray(field)) {
      return field.flatMap((entry) => (typeof entry === 'string' ? splitCitationIds(entry) : [undefined]));
    }
    return [undefined];
  }
  return [];
}

/** The paragraph's `quotes`: `[{"citationId":"E1","text":"…"}]`; entries of any other shape are skipped. */
function quoteEntries(record: Record<string, unknown>): RawParagraph['quotes'] {
  const field = record[QUOTES_KEY];
  if (!Array.isArray(field)) return undefined;
  return field.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { citationId, id, text, quote } = entry as Record<string, unknown>;
    const written = typeof citationId === 'string' ? citationId : typeof id === 'string' ? id : undefined;
    const words = typeof text === 'string' ? text : typeof quote === 'string' ? quote : undefined;
    if (words === undefined || words.trim() === '') return [];
    return [{ citationId: written === undefined ? undefined : splitCitationIds(written)[0], text: words }];
  });
}
