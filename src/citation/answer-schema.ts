import { z } from 'zod';

/**
 * The answer shape the model is asked for. This strict schema is what structured-output requests send (as
 * JSON Schema); the streaming parser itself is lenient and accepts the variations models actually produce.
 */
export const paragraphSchema = z
  .object({
    text: z
      .string()
      .describe('One paragraph of the answer, in the language of the question, with no citation markers.'),
    citationIds: z
      .array(z.string())
      .describe('Ids of the offered sources this paragraph rests on (for example "E1", "G2"), at most three.'),
  })
  .strict();

export const paragraphsAnswerSchema = z
  .object({
    paragraphs: z.array(paragraphSchema).describe('The answer, paragraph by paragraph, in reading order.'),
  })
  .strict();

/** A paragraph with the words of each source it relies on, when the answer is asked for quotes. */
export const quotedParagraphSchema = paragraphSchema
  .extend({
    quotes: z
      .array(
        z
          .object({
            citationId: z.string().describe("The id of one of the paragraph's citations."),
            text: z.string().describe('Words copied exactly from that source, that the paragraph relies on.'),
          })
          .strict(),
      )
      .describe('For each citation, the exact words of the source this paragraph relies on; may be empty.'),
  })
  .strict();

export const quotedAnswerSchema = z
  .object({ paragraphs: z.array(quotedParagraphSchema).describe('The answer, paragraph by paragraph.') })
  .strict();

export type ParagraphsAnswer = z.infer<typeof paragraphsAnswerSchema> & {
  paragraphs: { quotes?: { citationId: string; text: string }[] }[];
};

/** OpenAI's structured outputs take at most this many enum values in one property. */
const MAX_ENUM_VALUES = 500;

export interface AnswerSchemaOptions {
  /** The ids offered to the model: `citationIds` items become an enum of them, so no other id can be written. */
  offeredIds?: readonly string[];
  /** Ask for a quote per citation. */
  quotes?: boolean;
}

/** The schemas as JSON text, converted once: the conversion costs about 50 µs, every question needs a copy. */
const schemaTexts = new Map<boolean, string>();

function schemaCopy(quotes: boolean): JsonObject {
  let text = schemaTexts.get(quotes);
  if (text === undefined) {
    text = JSON.stringify(z.toJSONSchema(quotes ? quotedAnswerSchema : paragraphsAnswerSchema, { target: 'draft-7' }));
    schemaTexts.set(quotes, text);
  }
  return JSON.parse(text) as JsonObject;
}

/** JSON Schema of the answer, for `response_format: { type: 'json_schema' }`. */
export function paragraphsAnswerJsonSchema(options: AnswerSchemaOptions = {}): Record<string, unknown> {
  const schema = schemaCopy(options.quotes === true);
  const ids = options.offeredIds;
  if (ids === undefined || ids.length > MAX_ENUM_VALUES) return schema;
  const paragraph = path(schema, 'properties', 'paragraphs', 'items', 'properties');
  const idSchema: JsonObject = ids.length > 0 ? { type: 'string', enum: [...ids] } : { type: 'string' };
  paragraph.citationIds = {
    ...path(paragraph, 'citationIds'),
    items: idSchema,
    ...(ids.length ? {} : { maxItems: 0 }),
  };
  if (options.quotes) {
    const quote = path(paragraph, 'quotes', 'items', 'properties');
    quote.citationId = { ...path(quote, 'citationId'), ...idSchema };
    if (ids.length === 0) paragraph.quotes = { ...path(paragraph, 'quotes'), maxItems: 0 };
  }
  return schema;
}

type JsonObject = Record<string, unknown>;

function path(value: JsonObject, ...keys: string[]): JsonObject {
  let at = value;
  for (const key of keys) at = at[key] as JsonObject;
  return at;
}
