import { runServiceMain } from '@nocturne/platform';
import { profileService } from './service';

runServiceMain(profileService);
