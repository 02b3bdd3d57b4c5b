import { serve } from '@coach/kit';
import { loadMembersConfig } from './config.ts';
import { startMembersService } from './start.ts';

const config = loadMembersConfig();
const members = await startMembersService(config);
const background = members.startBackground();
await serve(members.app, config, members.logger, [...background, ...members.closers]);
