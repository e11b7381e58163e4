import { Type } from '@sinclair/typebox'
import { AppParams, defineService, Id, ROOM_PREFIX } from './route'

/**
 * Sign-in and the sign-in wall (spec §2 tools signIn, signInWall): each member signs in once a
 * room; the wall lists who did. Signing in is announced (cmd 18, type signIn).
 */
export const SignInSchema = Type.Object({
  roomId: Type.String(),
  userId: Type.String(),
  userName: Type.String(),
  userPhoto: Type.String(),
  signInTime: Type.Number(),
})

export const SignInService = defineService(ROOM_PREFIX, 10011, {
  add: {
    method: 'POST',
    path: 'signIn/add',
    params: AppParams({}),
    body: Type.Object({ roomId: Id }),
    data: SignInSchema,
    access: 'session',
  },
  list: {
    method: 'GET',
    path: 'signIn/list',
    params: AppParams({}),
    query: Type.Object({ roomId: Id }),
    data: Type.Array(SignInSchema),
    access: 'session',
  },
  /** Whether the caller signed in, and how many did. */
  result: {
    method: 'GET',
    path: 'signIn/result',
    params: AppParams({}),
    query: Type.Object({ roomId: Id }),
    data: Type.Object({
      signedIn: Type.Boolean(),
      signInTime: Type.Union([Type.Number(), Type.Null()]),
      total: Type.Integer(),
    }),
    access: 'session',
  },
})
