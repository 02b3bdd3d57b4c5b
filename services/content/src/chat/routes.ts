import { askAiInputSchema, chatInputSchema, type AskAiAnswer, type ChatAnswer } from '@coach/contracts';
import { consumeOrRefuse, HttpError, noStore, parse, type Redis, UnavailableError } from '@coach/kit';
import { Router, type RequestHandler } from 'express';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { CHAT_MESSAGES, type ChatService } from './service.ts';

/** Per-IP chat budget shared by both chats and every content replica (kept in Redis). */
function chatRateLimit(redis: Redis, perMinute: number): RequestHandler {
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: 'rl:chat',
    points: perMinute,
    duration: 60,
    rejectIfRedisNotReady: true,
  });
  return async (req, _res, next) => {
    await consumeOrRefuse(
      limiter,
      req.ip ?? 'unknown',
      'You are sending messages very quickly. Please pause for a moment, then try again.',
    ).catch((err: unknown) => {
      // Anything but the budget spent: Redis is unreachable.
      throw err instanceof HttpError ? err : new UnavailableError(CHAT_MESSAGES.unavailable);
    });
    next();
  };
}

/** POST /api/ai/chat (the modal) and POST /api/ask-ai (the Soul Companion page). Never cached. */
export function chatRoutes(redis: Redis, chat: ChatService, perMinute: number): Router {
  const router = Router();
  router.use(['/api/ai/chat', '/api/ask-ai'], noStore);
  const limit = chatRateLimit(redis, perMinute);

  router.post('/api/ai/chat', limit, async (req, res) => {
    const { message, context, tone } = parse(chatInputSchema, req.body);
    const answer: ChatAnswer = { response: await chat.reply({ message, context, tone }) };
    res.json(answer);
  });
  router.post('/api/ask-ai', limit, async (req, res) => {
    const { question } = parse(askAiInputSchema, req.body);
    const answer: AskAiAnswer = { answer: await chat.reply({ message: question }) };
    res.json(answer);
  });
  return router;
}
