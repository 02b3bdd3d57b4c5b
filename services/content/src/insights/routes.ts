import {
  BEACON_MAX_BYTES,
  BEACON_PATH,
  beaconSchema,
  insightsQuerySchema,
  insightsSettingsSchema,
  type Accepted,
} from '@coach/contracts';
import { HttpError, parse, rawBodyOf, type Redis, type SessionVerifier } from '@coach/kit';
import { Router } from 'express';
import { insightsFor, isRobot, saveInsightsSettings, type BeaconRecorder } from './service.ts';

/**
 * The beacon (first-party, no cookie): nothing is counted for a browser that asks not to be
 * tracked (Global Privacy Control or Do Not Track), for the signed-in coach, or for robots. The
 * coach's figures and her weekly e-mail's switch.
 */
export function insightsRoutes(sessions: SessionVerifier, redis: Redis, beacons: BeaconRecorder): Router {
  const router = Router();

  router.post(BEACON_PATH, async (req, res) => {
    if ((rawBodyOf(req)?.length ?? 0) > BEACON_MAX_BYTES)
      throw new HttpError(400, `A beacon is at most ${BEACON_MAX_BYTES} bytes`);
    const beacon = parse(beaconSchema, req.body);
    const userAgent = req.get('user-agent') ?? '';
    const optedOut = req.get('sec-gpc') === '1' || req.get('dnt') === '1';
    if (!optedOut && !isRobot(userAgent) && (await sessions.read(req))?.role !== 'admin')
      await beacons.record(beacon, { address: req.ip ?? '', userAgent });
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
