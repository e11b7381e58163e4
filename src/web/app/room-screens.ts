import { isPhone } from './phone'

/** The room screens' chunks: loaded by their routes, and ahead of a join by the home form. */
export const loadMeetingScreen = () => import('../screens/meeting/MeetingScreen')
export const loadMobileMeetingScreen = () => import('../screens/mobile/MobileMeetingScreen')

/**
 * Starts loading the room screen this device will show (its chunk and the chunks it imports)
 * while the user fills the home form, so a join does not wait for them after the click.
 */
export function prefetchRoomScreen(): void {
  void (isPhone() ? loadMobileMeetingScreen() : loadMeetingScreen()).catch(() => undefined)
}
