import { Type, type Static } from '@sinclair/typebox'
import { AppParams, defineService, Id, NoData, Page, Paged, ROOM_PREFIX } from './route'

/** The largest session log a report carries: the recorder's 50,000 events, with room to spare. */
export const REPORT_LOG_MAX_BYTES = 48 * 1024 * 1024
/** The longest note a user writes with a report. */
export const REPORT_NOTE_MAX = 2000

/** One report as support staff see it in the list (the log itself is fetched apart). */
export const ReportSummarySchema = Type.Object({
  reportId: Type.String(),
  /** Who sent it: their user id and the name they had. */
  userId: Type.String(),
  userName: Type.String(),
  /** The room they were in ('' when none). */
  roomId: Type.String(),
  note: Type.String(),
  /** Events in the log, and its size in bytes. */
  events: Type.Integer({ minimum: 0 }),
  bytes: Type.Integer({ minimum: 0 }),
  createdAt: Type.Number(),
})
export type ReportSummary = Static<typeof ReportSummarySchema>

export const ReportBodySchema = Type.Object({
  /** What the user says went wrong ('' allowed: the log may say enough). */
  note: Type.String({ maxLength: REPORT_NOTE_MAX }),
  roomId: Type.Optional(Type.String({ maxLength: 128 })),
  /** The session log, NDJSON, as "Export session log" saves it (secrets already redacted). */
  log: Type.String({ minLength: 1, maxLength: REPORT_LOG_MAX_BYTES }),
})
export type ReportBody = Static<typeof ReportBodySchema>

/**
 * Problem reports (the incident desk, docs/replay.md): anyone in a meeting sends their session
 * log with a note; support staff (the accounts SUPPORT_ACCOUNTS names) list the reports and open
 * any of them in the replay screen. Nobody else can read a report: a caller who is not support
 * staff gets body code 1302 (HTTP 403).
 */
export const ReportService = defineService(ROOM_PREFIX, 10011, {
  send: {
    method: 'POST',
    path: 'report',
    params: AppParams({}),
    body: ReportBodySchema,
    data: Type.Object({ reportId: Type.String() }),
    access: 'session',
    // the JSON text of a log quotes its own quotes: room for the escapes
    bodyLimit: REPORT_LOG_MAX_BYTES * 2,
  },
  /** Whether the caller is support staff (false for anyone else; never refused). */
  access: {
    method: 'GET',
    path: 'report/access',
    params: AppParams({}),
    data: Type.Object({ support: Type.Boolean() }),
    access: 'member',
  },
  list: {
    method: 'GET',
    path: 'report/list',
    params: AppParams({}),
    query: Type.Object(Page),
    data: Paged(ReportSummarySchema),
    access: 'member',
  },
  /** The report's log, NDJSON (what /replay?log= opens). */
  log: {
    method: 'GET',
    path: 'report/:reportId/log',
    params: AppParams({ reportId: Id }),
    data: NoData,
    access: 'member',
    download: { contentType: 'application/x-ndjson' },
  },
})
