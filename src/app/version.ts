/** Replaced at build time by vite.config.ts (`define`); absent when tests run the sources. */
declare const __LOBBY_VERSION__: string | undefined;

/** This build's version: LOBBY_VERSION at build time, else the package version and build time. */
export const APP_VERSION: string = typeof __LOBBY_VERSION__ === 'string' ? __LOBBY_VERSION__ : 'development';

export interface VersionParts {
  /** the release, e.g. 0.1.0 */
  release: string;
  /** when it was built, when the version says (the default stamp `0.1.0+20261123T105114Z`) */
  builtAt: Date | null;
}

/** The parts of a version an operator reads: the release, and the build time out of its stamp. */
export function versionParts(version: string = APP_VERSION): VersionParts {
  const match = /^(.+)\+(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(version);
  if (!match) return { release: version, builtAt: null };
  const [, release, year, month, day, hour, minute, second] = match as unknown as [string, string, string, string, string, string, string, string];
  const builtAt = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)));
  return { release, builtAt: Number.isNaN(builtAt.getTime()) ? null : builtAt };
}

/**
 * When a build was made, as its stamp says it, in UTC: '2026-11-23 10:51 UTC'. A build is one moment
 * everywhere (support compares stamps across sites), and no Intl formatter is made for it: the first
 * one a page makes costs 25–60 ms of its start on these machines (ICU's data), and the footer is on
 * every screen, the sign-in page included.
 */
export function builtStamp(builtAt: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${builtAt.getUTCFullYear()}-${two(builtAt.getUTCMonth() + 1)}-${two(builtAt.getUTCDate())} ${two(builtAt.getUTCHours())}:${two(builtAt.getUTCMinutes())} UTC`;
}
