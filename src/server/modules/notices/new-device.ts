import { isIPv4 } from 'node:net';
import type { Executor } from '../../db/client';
import { isKnownDevice, recordSignInDevice } from './notices.repository';
import { raiseNotices, signInNoticeIntervalMs } from './notices.service';

const browsers: Array<[RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const systems: Array<[RegExp, string]> = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/**
 * The browser and system a user agent names, without versions: "Chrome on Android". Versions
 * change with every update, so a device stays the same device across them.
 */
export function deviceFamily(userAgent: string | undefined): string {
  const agent = userAgent ?? '';
  const browser = browsers.find(([pattern]) => pattern.test(agent))?.[1] ?? 'Unknown browser';
  const system = systems.find(([pattern]) => pattern.test(agent))?.[1] ?? 'unknown system';
  return `${browser} on ${system}`;
}

/**
 * The network a client address belongs to: its /24 for IPv4, its /48 for IPv6. A home or office
 * router's address moves within its provider's block, so the block is what stays the same.
 */
export function addressNetwork(address: string): string {
  const bare = address.replace(/^::ffff:/, '');
  if (isIPv4(bare)) return `${bare.split('.').slice(0, 3).join('.')}.0/24`;
  const groups = bare.split('::')[0]?.split(':') ?? [];
  return `${groups.slice(0, 3).join(':')}::/48`;
}

/** What makes a device the same device to the bank: its browser family and its network. */
export function signInDeviceKey(userAgent: string | undefined, clientAddress: string): string {
  return `${deviceFamily(userAgent)}|${addressNetwork(clientAddress)}`;
}

/**
 * Whether a user has completed a sign-in from this device (browser family and network) in the
 * last 90 days. The browser family is whatever the request claims; the network is what an
 * attacker elsewhere cannot choose.
 */
export function isKnownSignInDevice(db: Executor, userId: string, userAgent: string | undefined, clientAddress: string): Promise<boolean> {
  return isKnownDevice(db, userId, signInDeviceKey(userAgent, clientAddress));
}

export type SignIn = { user: { id: string; name: string }; userAgent: string | undefined; clientAddress: string; at?: Date };

/**
 * After a successful sign-in: a device is new when its browser family and network have not signed
 * in to this user in the last 90 days. The very first sign-in the bank records for a user (after
 * registration, or the first since this check exists) knows no device yet and tells nobody. The
 * in-app notification is written for every new device; its e-mail at most once a quarter-hour.
 * Answers whether the device was new.
 */
export async function noticeSignInDevice(db: Executor, signIn: SignIn): Promise<boolean> {
  const device = deviceFamily(signIn.userAgent);
  const { knownDevices, seenBefore } = await recordSignInDevice(db, signIn.user.id, signInDeviceKey(signIn.userAgent, signIn.clientAddress));
  if (knownDevices === 0 || seenBefore) return false;
  const at = signIn.at ?? new Date();
  const quarter = Math.floor(at.getTime() / signInNoticeIntervalMs);
  await raiseNotices(db, [
    { userId: signIn.user.id, name: signIn.user.name, kind: 'new-device', params: { device, address: signIn.clientAddress }, at, emailDedupeKey: `new-device:${signIn.user.id}:${quarter}` },
  ]);
  return true;
}
