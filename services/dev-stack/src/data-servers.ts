import { sessionKeyPair } from './keys.ts';
import { databaseUrl, startMongo } from './mongo.ts';
import { startRedis } from './redis.ts';

/**
 * What an in-process test runs a service on: a mongod (its database named `name`) and a
 * redis-server of its own, and a fresh session key pair. `redisServer` lets a test take Redis
 * away; `stop` stops both servers.
 */
export async function startDataServers(name: string) {
  const [mongo, redisServer] = await Promise.all([startMongo(), startRedis()]);
  return {
    mongoUrl: databaseUrl(mongo.url, name),
    redisUrl: redisServer.url,
    redisServer,
    keys: sessionKeyPair(),
    async stop() {
      await redisServer.stop();
      await mongo.stop();
    },
  };
}
