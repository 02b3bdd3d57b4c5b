import {
  BEACON_BATCH_PATH,
  BEACON_MAX_BYTES,
  BEACON_PATH,
  beaconBatchSchema,
  beaconSchema,
  insightsQuerySchema,
  insightsSettingsSchema,
  type Accepted,
  type Beacon,
  type BeaconHeaders,
} from '@coach/contracts';
import {
  HttpError,
  parse,
  rawBodyOf,
  trustGatewayHop,
  type Logger,
  type Redis,
  type SessionVerifier,
} from '@coach/kit';
import { Router } from 'express';
import { insightsFor, isRobot, saveInsightsSettings, type BeaconRecorder } from './service.ts';

/**
 * The beacon (first-party, no cookie): nothing is counted for a browser that asks not to be
 * tracked (Global Privacy Control or Do Not Track), for the signed-in coach, or for robots. The
 * gateway takes the site's beacons itself and hands them over in batches (BEACON_BATCH_PATH); a
 * beacon sent here directly is counted alike. The coach's figures and her weekly e-mail's switch.
 */
export function insightsRoutes(
  sessions: SessionVerifier,
  redis: Redis,
  beacons: BeaconRecorder,
  logger: Logger,
): Router {
  const router = Router();

  /** Counts a beacon unless its request says not to. */
  async function count(beacon: Beacon, address: string, headers: BeaconHeaders) {
    const userAgent = headers['user-agent'] ?? '';
    const optedOut = headers['sec-gpc'] === '1' || headers.dnt === '1';
    if (optedOut || isRobot(userAgent)) return;
    if ((await sessions.readCookieHeader(headers.cookie))?.role === 'admin') return;
    await beacons.record(beacon, { address, userAgent });
  }

  router.post(BEACON_PATH, async (req, res) => {
    if ((rawBodyOf(req)?.length ?? 0) > BEACON_MAX_BYTES)
      throw new HttpError(400, `A beacon is at most ${BEACON_MAX_BYTES} bytes`);
    const beacon = parse(beaconSchema, req.body);
    const { 'user-agent': userAgent, 'sec-gpc': gpc, dnt, cookie } = req.headers;
    await count(beacon, req.ip ?? '', { 'user-agent': userAgent, 'sec-gpc': first(gpc), dnt: first(dnt), cookie });
    res.status(204).end();
  });

  // The gateway's batches: each beacon was answered already, so one that cannot be counted now
  // (Redis away) is lost, as it would have been had it come alone; the batch is never refused
  // half counted, to be sent again.
  router.post(BEACON_BATCH_PATH, async (req, res) => {
    if (!trustGatewayHop(req.socket.remoteAddress ?? '', 0))
      throw new HttpError(403, 'Only the gateway hands over beacons');
    const batch = parse(beaconBatchSchema, req.body);
    let lost = 0;
    let failure: unknown;
    for (const { beacon, address, headers } of batch.beacons) {
      await count(beacon, address, headers).catch((err: unknown) => {
        lost++;
        failure ??= err;
      });
    }
    if (lost) logger.warn({ err: failure, lost, of: batch.beacons.length }, 'beacons not counted');
    res.status(204).end();
  });

  router.get('/api/admin/insights', sessions.requireAdmin, async (req, res) => {
    const { days } = parse(insightsQuerySchema, req.query);
    await beacons.flush(); // this replica's last half second counts too
    res.set('Cache-Control', 'no-store').json(await insightsFor(redis, days));
  });

  router.put('/api/admin/insights/settings', sessions.requireAdmin, async (req, res) => {
    const settings = parse(insightsSettingsSchema, req.body);
    await saveInsightsSettings(settings);
    const answer: Accepted = {
      ok: true,
      message: settings.weeklyEmail ? 'The weekly e-mail is on' : 'The weekly e-mail is off',
    };
    res.json(answer);
  });
  return router;
}

/** A header's value, the first when it came more than once. */
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
