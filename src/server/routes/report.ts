import { randomUUID } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import { toNdjson } from '@streams/recorder/format'
import { redact } from '@streams/recorder/redact'
import { LogFormatError, readLog } from '@streams/replay/read'
import { ReportService } from '@streams/wire/rest/report'
import type { Identity } from '../auth/identity'
import { ApiFailure } from '../http/errors'
import { Download, registerService } from '../http/register'
import type { Db } from '../store/db'
import { countReportsSince, insertReport, listReports, reportLog } from '../store/reports'
import { getUser, nameInRoom } from '../store/users'
import type { RouteOptions } from './options'

/** Body codes of the report routes (docs/rest.md). */
export const ReportCode = { notSupport: 1302, notALog: 1303, tooMany: 1304 } as const
/** Reports one account may send in an hour. */
export const REPORTS_PER_HOUR = 20
const HOUR = 60 * 60 * 1000

/** Whether the caller is one of the support accounts (by user id, login name or phone). */
export async function isSupport(
  db: Pick<Db, 'query'>,
  accounts: readonly string[],
  who: Identity | null,
): Promise<boolean> {
  if (!who || who.userType !== 'member' || accounts.length === 0) return false
  if (accounts.includes(who.userId)) return true
  const row = await getUser(db, who.userId)
  return Boolean(
    row &&
    ((row.login_name && accounts.includes(row.login_name)) ||
      (row.phone && accounts.includes(row.phone))),
  )
}

/**
 * The log as it is kept: read as the replay reads it (a text that is no session log is
 * refused), every event and the snapshot redacted again (the browser redacted them when it
 * recorded; an older or altered client must not put a secret on the server), lines that did not
 * parse left out.
 */
export function keptLog(text: string): { log: string; events: number } {
  let read
  try {
    read = readLog(text)
  } catch (error) {
    if (error instanceof LogFormatError)
      throw new ApiFailure(ReportCode.notALog, `not a session log: ${error.message}`, {
        status: 400,
        field: 'log',
        reason: 'notALog',
      })
    throw error
  }
  return {
    log: toNdjson(redact(read.header), read.envelopes.map(redact)),
    events: read.envelopes.length,
  }
}

/**
 * Problem reports: anyone with a session sends one from the meeting; support staff (the
 * accounts SUPPORT_ACCOUNTS names) list them and open their logs. Nobody else reads them.
 */
export const reportRoutes: FastifyPluginAsync<RouteOptions> = async (
  app,
  { deps, register: options },
) => {
  const { db } = deps
  const requireSupport = async (who: Identity) => {
    if (!(await isSupport(db, deps.settings.supportAccounts, who)))
      throw new ApiFailure(ReportCode.notSupport, 'only support staff may read reports', {
        status: 403,
        reason: 'notSupport',
      })
  }

  /** The name the sender had in that room, else their account's. */
  const nameOf = async (who: Identity, roomId: string): Promise<string> => {
    return (await nameInRoom(db, who.userId, roomId)) || who.nickName
  }

  registerService(
    app,
    ReportService,
    {
      async send({ body, who }) {
        const now = deps.now()
        if ((await countReportsSince(db, who.userId, now - HOUR)) >= REPORTS_PER_HOUR)
          throw new ApiFailure(ReportCode.tooMany, 'too many reports; try again in an hour', {
            status: 429,
            reason: 'tooMany',
          })
        const { log, events } = keptLog(body.log)
        const userName = await nameOf(who, body.roomId ?? '')
        const reportId = randomUUID()
        await insertReport(db, {
          reportId,
          userId: who.userId,
          userName,
          roomId: body.roomId ?? '',
          note: body.note.trim(),
          events,
          log,
          createdAt: now,
        })
        deps.log.info(`report ${reportId} received (${events} events)`)
        return { reportId }
      },

      async access({ who }) {
        return { support: await isSupport(db, deps.settings.supportAccounts, who) }
      },

      async list({ query, who }) {
        await requireSupport(who)
        const page = query.page ?? 1
        const size = query.size ?? 20
        const { rows, total } = await listReports(db, page, size)
        return {
          list: rows.map((r) => ({
            reportId: r.report_id,
            userId: r.user_id,
            userName: r.user_name,
            roomId: r.room_id,
            note: r.note,
            events: Number(r.events),
            bytes: Number(r.bytes),
            createdAt: Number(r.created_at),
          })),
          total,
          page,
          size,
        }
      },

      async log({ params, who }) {
        await requireSupport(who)
        const log = await reportLog(db, params.reportId)
        if (log === null)
          throw new ApiFailure(404, 'no such report', { status: 404, reason: 'noReport' })
        return new Download(`report-${params.reportId}.ndjson`, log)
      },
    },
    options,
  )
}
