import { createLogger, createRedis, serve } from '@coach/kit';
import { buildGatewayApp } from './app.ts';
import { loadGatewayConfig } from './config.ts';

const config = loadGatewayConfig();
const logger = createLogger('gateway', config.LOG_LEVEL);
const redis = createRedis(config, logger);
const gateway = buildGatewayApp(config, logger, redis);
// The beacons still held go to content before Redis closes.
await serve(gateway.handler, config, logger, [gateway.close, () => redis.quit()]);
