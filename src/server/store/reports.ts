import type { Db } from './db'

export interface ReportRow {
  report_id: string
  user_id: string
  user_name: string
  room_id: string
  note: string
  events: number
  bytes: number
  created_at: string | number
}

export interface NewReport {
  readonly reportId: string
  readonly userId: string
  readonly userName: string
  readonly roomId: string
  readonly note: string
  readonly events: number
  readonly log: string
  readonly createdAt: number
}

export async function insertReport(db: Pick<Db, 'query'>, report: NewReport): Promise<void> {
  await db.query(
    `INSERT INTO reports (report_id, user_id, user_name, room_id, note, events, bytes, log, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      report.reportId,
      report.userId,
      report.userName,
      report.roomId,
      report.note,
      report.events,
      Buffer.byteLength(report.log),
      report.log,
      report.createdAt,
    ],
  )
}

/** A page of reports, newest first (without their logs), and how many there are. */
export async function listReports(
  db: Pick<Db, 'query'>,
  page: number,
  size: number,
): Promise<{ rows: ReportRow[]; total: number }> {
  const { rows } = await db.query<ReportRow>(
    `SELECT report_id, user_id, user_name, room_id, note, events, bytes, created_at FROM reports
     ORDER BY created_at DESC, report_id LIMIT $1 OFFSET $2`,
    [size, (page - 1) * size],
  )
  const count = await db.query<{ n: string | number }>('SELECT count(*) AS n FROM reports')
  return { rows, total: Number(count.rows[0]?.n ?? 0) }
}

export async function reportLog(db: Pick<Db, 'query'>, reportId: string): Promise<string | null> {
  const { rows } = await db.query<{ log: string }>('SELECT log FROM reports WHERE report_id = $1', [
    reportId,
  ])
  return rows[0]?.log ?? null
}

/** How many reports an account sent after `since`. */
export async function countReportsSince(
  db: Pick<Db, 'query'>,
  userId: string,
  since: number,
): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(
    'SELECT count(*) AS n FROM reports WHERE user_id = $1 AND created_at > $2',
    [userId, since],
  )
  return Number(rows[0]?.n ?? 0)
}
