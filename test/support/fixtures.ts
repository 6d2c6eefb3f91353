import { readFileSync } from 'node:fs';
import { CitationCatalog, type CatalogEntry } from '../../src/citation/index.js';

export interface FixtureParagraph {
  text: string;
  citationIds: string[];
}

export interface FixtureExpectations {
  paragraphs?: FixtureParagraph[];
  paragraphsPrefix?: FixtureParagraph[];
  numbers?: number[][];
  numbersPrefix?: number[][];
  hasCitationError?: boolean;
  citationMode?: 'paragraph' | 'answer';
  droppedCitationCount?: number;
  uncitedParagraphCount?: number;
  paragraphCount?: number;
  paragraphCountMax?: number;
  refCount?: number;
  answerText?: string;
  answerTextIncludes?: string[];
}

export interface ModelOutputCase {
  name: string;
  description: string;
  raw: string;
  expect: FixtureExpectations;
}

export interface ModelOutputFixtures {
  offered: string[];
  about: string;
  cases: ModelOutputCase[];
}

export const FIXTURE_PATH = new URL('../fixtures/model-outputs.json', import.meta.url);

export function loadModelOutputs(): ModelOutputFixtures {
  return JSON.parse(readFileSync(FIXTURE_PATH, 'utf8')) as ModelOutputFixtures;
}

/** A catalog offering `ids`, with made-up but well-formed payloads. */
export function catalogOf(ids: readonly string[]): CitationCatalog {
  return new CitationCatalog(
    ids.map((citationId, index): CatalogEntry => {
      if (citationId.startsWith('G')) {
        return {
          citationId,
          type: 'graph',
          payload: {
            kind: 'vertex',
            id: `vertex-${index}`,
            label: 'Concept',
            name: `Concept ${citationId}`,
            description: `Description of ${citationId}`,
            text_segment_id: `segment-${index}`,
            metadata: {},
          },
        };
      }
      return {
        citationId,
        type: 'embedding',
        payload: {
          embeddingId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
          text: `Chunk text of ${citationId}`,
          score: 0.9 - index / 100,
          kbUuid: 'kb0000000000000000000000000000001',
          kbItemUuid: 'item00000000000000000000000000001',
          title: `Document ${citationId}`,
        },
      };
    }),
  );
}
