import { runServiceMain } from '@nocturne/platform';
import { swipeService } from './service';

runServiceMain(swipeService);
