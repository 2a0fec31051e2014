// The auth module's public face: what app.ts and other modules may use.
export { assertSelf, default as authPlugin } from './auth.plugin.ts';
export { forgetDevices } from './devices.ts';
export { throttleEmailLink } from './email-links.ts';
export {
  endOtherSessions,
  endSessionById,
  findSessionAdmin,
  listSessions,
  SESSION_COOKIES,
  type SessionKind,
} from './sessions.ts';
export {
  forgetCustomerThrottling,
  throttleCodeCheck,
  throttledPasswordCheck,
  throttledSignIn,
  throttlePasswordReset,
  throttlePictureUpload,
  throttleSignUp,
  throttleSubscribe,
} from './sign-in.ts';
export { clock } from './throttle.ts';
