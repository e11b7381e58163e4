import { defineProjection } from '../core/projection'
import { PMap } from '../core/pmap'
import type { Event } from '../events'
import { PeerCmd, PeerRole } from '../wire/peer'
import type { RequestsState } from './state/requests'
export type { MediaRequest, RequestsState } from './state/requests'

export const initialRequests: RequestsState = {
  applications: PMap.empty(),
  invitations: PMap.empty(),
  sent: PMap.empty(),
}

/** A copy with some fields replaced (undefined is no change); an object literal, fast to fold. */
export function withRequests(s: RequestsState, p: Partial<RequestsState>): RequestsState {
  return {
    applications: p.applications === undefined ? s.applications : p.applications,
    invitations: p.invitations === undefined ? s.invitations : p.invitations,
    sent: p.sent === undefined ? s.sent : p.sent,
  }
}

export const requestKey = (uid: string, type: number) => `${uid}:${type}`

export const requestsProjection = defineProjection<RequestsState, Event>(initialRequests, {
  'peer/applyReceived': (r, { data }) => {
    const key = requestKey(data.uid, data.type)
    if (data.role === PeerRole.approver)
      return withRequests(r, {
        applications: r.applications.set(key, {
          uid: data.uid,
          userId: data.userId,
          userName: data.userName,
          type: data.type,
          invite: false,
        }),
      })
    // an answer to my application, or (Notice) the requester withdrew it ([BOARD-10])
    if (data.role === PeerRole.applicant) return withRequests(r, { sent: r.sent.delete(key) })
    return withRequests(r, { applications: r.applications.delete(key) })
  },
  'peer/inviteReceived': (r, { data }) => {
    const key = requestKey(data.uid, data.type)
    if (data.role === PeerRole.approver)
      return withRequests(r, {
        invitations: r.invitations.set(key, {
          uid: data.uid,
          userId: data.userId,
          userName: data.userName,
          type: data.type,
          invite: true,
        }),
      })
    if (data.role === PeerRole.applicant) return withRequests(r, { sent: r.sent.delete(key) })
    return withRequests(r, { invitations: r.invitations.delete(key) })
  },
  'peer/sent': (r, e) => {
    if (e.cmd === PeerCmd.userState) return r
    const key = requestKey(e.to, e.data.type)
    if (e.data.role === PeerRole.approver)
      return withRequests(r, {
        sent: r.sent.set(key, {
          uid: e.to,
          userId: '',
          userName: '',
          type: e.data.type,
          invite: e.cmd === PeerCmd.invite,
        }),
      })
    if (e.data.role === PeerRole.notice)
      return withRequests(r, { sent: r.sent.delete(key), applications: r.applications.delete(key) })
    // I answered: the request is decided
    return e.cmd === PeerCmd.invite
      ? withRequests(r, { invitations: r.invitations.delete(key) })
      : withRequests(r, { applications: r.applications.delete(key) })
  },
  // local mode: the server delivered it (an answer names the requester I answered)
  'rest/requestSent': (r, e) => {
    if (e.answered !== undefined) {
      const key = requestKey(e.answered, e.requestType)
      return e.invite
        ? withRequests(r, { invitations: r.invitations.delete(key) })
        : withRequests(r, { applications: r.applications.delete(key) })
    }
    const key = requestKey(e.answer.to, e.requestType)
    if (e.action === 3) return withRequests(r, { sent: r.sent.delete(key) })
    return withRequests(r, {
      sent: r.sent.set(key, {
        uid: e.answer.to,
        userId: '',
        userName: '',
        type: e.requestType,
        invite: e.invite,
      }),
    })
  },
  'life/exited': () => initialRequests,
})
