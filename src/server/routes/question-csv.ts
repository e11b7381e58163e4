import { parseCsv, toCsv } from '../http/csv'
import { ApiFailure } from '../http/errors'

/** Option labels, in order: A for the first option. */
export const LABELS = 'ABCDEFGHIJ'

const TEMPLATE_HEADER = [
  'title',
  'options (separated by |)',
  'answer (labels, e.g. A or AC)',
  'standingSecond',
  'type (single or multiple)',
]

/** The import template (question/template): the header and two example questions. */
export const QUESTION_TEMPLATE = toCsv([
  TEMPLATE_HEADER,
  ['Which planet is largest?', 'Mars|Jupiter|Venus', 'B', 60, 'single'],
  ['Which are prime numbers?', '2|4|5|9', 'AC', 60, 'multiple'],
])

export interface ImportedQuestion {
  readonly title: string
  readonly options: string[]
  readonly answer: string[]
  readonly standingSecond: number
  readonly multiple?: boolean
}

/**
 * The questions of a CSV file in the template's format (the header line is optional): a line
 * without a title, with fewer than 2 or more than 10 options, a time under 5 s or a type other
 * than single or multiple refuses the whole file, naming the line.
 */
export function parseQuestionCsv(text: string): ImportedQuestion[] {
  const rows = parseCsv(text)
  const body = rows[0]?.[0]?.trim().toLowerCase() === 'title' ? rows.slice(1) : rows
  const first = body === rows ? 1 : 2
  return body.map((row, i) => {
    const [title = '', optionText = '', answerText = '', seconds = '', kind = ''] = row.map((c) =>
      c.trim(),
    )
    const options = optionText
      .split('|')
      .map((o) => o.trim())
      .filter(Boolean)
    const standingSecond = seconds ? Number(seconds) : 60
    const type = kind.toLowerCase()
    if (
      !title ||
      options.length < 2 ||
      options.length > LABELS.length ||
      !Number.isInteger(standingSecond) ||
      standingSecond < 5 ||
      !['', 'single', 'multiple'].includes(type)
    )
      throw new ApiFailure(
        400,
        `params: line ${i + first} needs a title, 2 to 10 options, a time of at least 5 s and single or multiple`,
        { status: 400, field: 'file', reason: 'invalid' },
      )
    return {
      title,
      options,
      answer: answerText
        .toUpperCase()
        .split('')
        .filter((c) => c.trim()),
      standingSecond,
      ...(type ? { multiple: type === 'multiple' } : {}),
    }
  })
}
