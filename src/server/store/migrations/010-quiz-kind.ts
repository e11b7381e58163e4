import type { Migration } from './migration'

/**
 * A quiz question is a single or a multiple choice, whatever its number of correct options (a
 * multiple choice may have one right answer): the host says which. Older questions keep what
 * their answers implied.
 */
export const migration010: Migration = {
  version: 10,
  name: 'quiz: single or multiple choice',
  sql: `
      ALTER TABLE questions ADD COLUMN multiple INTEGER NOT NULL DEFAULT 0;
      UPDATE questions SET multiple = 1 WHERE answer LIKE '%,%';
    `,
}
