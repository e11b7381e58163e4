import type { JoinForm } from '../wire/join-form'

/** What the user did, as facts. The UI only dispatches these; it holds no rule of its own. */
export type UiEvent =
  | { readonly type: 'ui/joinSubmitted'; readonly form: JoinForm }
  | { readonly type: 'ui/chatSubmitted'; readonly text: string }
  | { readonly type: 'ui/leaveClicked' }
  | { readonly type: 'ui/sessionLogExported' }
