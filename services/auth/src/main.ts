import { runServiceMain } from '@nocturne/platform';
import { authService } from './service';

runServiceMain(authService);
