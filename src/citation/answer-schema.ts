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

export type ParagraphsAnswer = z.infer<typeof paragraphsAnswerSchema>;

/** JSON Schema of the answer, for `response_format: { type: 'json_schema' }`. */
export function paragraphsAnswerJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(paragraphsAnswerSchema, { target: 'draft-7' });
}
