import type { State } from '../projections'

/**
 * The projections as JSON text, the same everywhere a state is shown or compared: the replay
 * screen's "Copy state", `npm run replay -- --json` and the fixtures' expectations.
 */
export function stateToJson(state: State): string {
  return JSON.stringify(state, null, 2)
}
