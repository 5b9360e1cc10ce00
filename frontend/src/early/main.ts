import { askEarlyCalls, fetchTopPhotoEarly } from './earlyAnswers';

// The page's first script (see earlyAnswers.ts): runs as soon as it arrives, before the app's modules.
void fetchTopPhotoEarly(askEarlyCalls());
