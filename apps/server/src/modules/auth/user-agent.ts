/**
 * The browser and system a session's user agent names, for its owner's list of sessions. Only
 * the families people recognise, read in the order that tells them apart (Edge and Opera say
 * "Chrome" too, Chrome says "Safari"); written here rather than taken from a parser package,
 * which would bring thousands of device rules for two words.
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (list: [RegExp, string][], userAgent: string) =>
  list.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'Unknown';

export function describeUserAgent(userAgent: string): { browser: string; os: string } {
  return { browser: first(BROWSERS, userAgent), os: first(SYSTEMS, userAgent) };
}
