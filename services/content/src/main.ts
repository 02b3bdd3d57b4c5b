import { serve } from '@coach/kit';
import { loadContentConfig } from './config.ts';
import { startContentService } from './start.ts';

const config = loadContentConfig();
const content = await startContentService(config);
await content.schedule();
await serve(content.app, config, content.logger, content.closers);
