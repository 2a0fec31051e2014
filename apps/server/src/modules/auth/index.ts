// The auth module's public face: what app.ts and other modules may use.
export { assertSelf, default as authPlugin } from './auth.plugin.ts';
export { SESSION_COOKIES } from './sessions.ts';
export {
  forgetCustomerThrottling,
  throttledPasswordCheck,
  throttledSignIn,
  throttleSignUp,
  throttleSubscribe,
} from './sign-in.ts';
