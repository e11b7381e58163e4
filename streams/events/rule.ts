/**
 * An intent a rule refused before any call was made (the rule's own words as `message`), e.g.
 * [MAIN-3] 'There is someone sharing or sharing the whiteboard, cannot set main screen',
 * [HOST-5] 'no matching audience', [REC-2] 'recording too short'.
 */
export type RuleEvent =
  | { readonly type: 'rule/refused'; readonly action: string; readonly message: string }
  /** A call answered a not-logged-in body code: the login flow starts ([API-2]). */
  | { readonly type: 'auth/loginRequired'; readonly call: string }
