import { Logger } from '@nestjs/common';
import type OpenAI from 'openai';
import { z } from 'zod';

/** A fact of a text: two named entities and how they relate. */
export interface Triple {
  source: { name: string; label?: string; description?: string };
  relation: { label: string; description?: string; weight?: number };
  target: { name: string; label?: string; description?: string };
}

/** Reads the facts of a text as (entity, relation, entity) triples. */
export interface GraphExtractor {
  extract(text: string): Promise<Triple[]>;
}

export const GRAPH_EXTRACTOR = Symbol('GRAPH_EXTRACTOR');

const INSTRUCTIONS = `Read the text and list its facts as triples: two named entities and how they relate.
Answer with one JSON object and nothing else: {"triples":[{"source":{"name":"","label":"","description":""},
"relation":{"label":"","description":""},"target":{"name":"","label":"","description":""}}]}.
"label" of an entity is its kind (Person, Place, Concept …); "label" of a relation is a short verb phrase.
Use the language of the text. List at most ten triples; none when the text names no entities.`;

const entity = z.object({
  name: z.string().trim().min(1).max(250),
  label: z.string().max(64).optional().catch(undefined),
  description: z.string().optional().catch(undefined),
});
const answerSchema = z.object({
  triples: z
    .array(
      z.object({
        source: entity,
        relation: z.object({
          label: z.string().trim().min(1).max(64),
          description: z.string().optional().catch(undefined),
        }),
        target: entity,
      }),
    )
    .catch([]),
});

/** Extraction by the configured OpenAI-compatible model, asking for a JSON object. */
export class ModelGraphExtractor implements GraphExtractor {
  private readonly logger = new Logger(ModelGraphExtractor.name);

  /** `client`: the answering model's server, from {@link openAiClient}; `model`: its default model. */
  constructor(
    private readonly client: OpenAI,
    private readonly model: string,
  ) {}

  async extract(text: string): Promise<Triple[]> {
    const completion = await this.client.chat.completions.create({
      model: this.model,
      temperature: 0,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: INSTRUCTIONS },
        { role: 'user', content: text },
      ],
    });
    const content = completion.choices[0]?.message.content ?? '';
    const json = content.slice(content.indexOf('{'), content.lastIndexOf('}') + 1);
    try {
      return answerSchema.parse(JSON.parse(json)).triples;
    } catch {
      this.logger.warn({ message: 'graph extraction answer was not the triples JSON', length: content.length });
      return [];
    }
  }
}
