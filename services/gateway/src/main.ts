import { createLogger, createRedis, serve } from '@coach/kit';
import { buildGatewayApp } from './app.ts';
import { loadGatewayConfig } from './config.ts';

const config = loadGatewayConfig();
const logger = createLogger('gateway', config.LOG_LEVEL);
const redis = createRedis(config, logger);
const app = buildGatewayApp(config, logger, redis);
await serve(app, config, logger, [() => redis.quit()]);
