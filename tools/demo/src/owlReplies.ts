import type { OwlProfile } from './owlProfiles';

/** An owl answers this many messages of one conversation, then lets it rest: a demo, not a companion. */
export const OWL_REPLIES_PER_CONVERSATION = 3;

/** A topic an owl recognises in a message, with what it says about it (its own take, then a question back). */
interface Topic {
  matches: RegExp;
  answers: (owl: OwlProfile) => string;
}

const pick = <T>(owl: OwlProfile, choices: readonly T[], salt = 0): T => choices[(owl.index + salt) % choices.length]!;

const CONSTELLATIONS = ['Orion', 'Cassiopeia', 'the Pleiades', 'Lyra', 'Cygnus', 'the Great Bear'] as const;
const SNACKS = ['toast with honey', 'cold pizza', 'a bowl of cereal', 'dark chocolate', 'leftover noodles', 'a whole mango'] as const;
const NIGHT_THINGS = ['how quiet the city gets', 'the light of the last trams', 'that everyone still awake seems a bit braver', 'the stars over the river', 'the smell of rain on warm streets'] as const;

// Most specific first: the spec's five ice-breakers, then greetings and questions about the owl.
const TOPICS: readonly Topic[] = [
  { matches: /constellation|stars?\b/i, answers: (owl) => `${pick(owl, CONSTELLATIONS)}, always. I find it even with the city lights on. Which one is yours?` },
  { matches: /coffee|tea\b/i, answers: (owl) => (owl.hue % 2 === 0 ? 'Tea, strong and black. Coffee after midnight and I see the sunrise. You?' : 'Coffee, no question. Sleep is for the daytime people. And you?') },
  { matches: /snack|hungry|eat/i, answers: (owl) => `Honestly? ${capitalise(pick(owl, SNACKS))} at 2 AM. No regrets. What's yours?` },
  { matches: /about the night|love the night|why.*night/i, answers: (owl) => `${capitalise(pick(owl, NIGHT_THINGS))}. It feels like the night belongs to us. What about you?` },
  { matches: /night owl|early bird/i, answers: () => 'Night owl, obviously. I am writing to you at this hour, am I not? You too, I guess?' },
  { matches: /what do you (like|do)|hobb|interests?|into\b/i, answers: (owl) => `Mostly ${list(owl.interests.slice(0, 2))}. What keeps you busy when everyone else is asleep?` },
  { matches: /how are you|how's it going|how is your/i, answers: () => 'Wide awake and in a good mood, thanks for asking. How is your night going?' },
  { matches: /^\s*(hi|hey|hello|hallo|good evening|hiya|yo)\b/i, answers: (owl) => `Hey you! Glad we matched. I saw you are up late too, ${pick(owl, ['what are you up to tonight?', 'what brings you out tonight?', 'anything good happening tonight?'])}` },
];

const FALLBACKS: readonly ((owl: OwlProfile) => string)[] = [
  (owl) => `Ha, I like that. I was just thinking about ${owl.interests[0]?.toLowerCase() ?? 'the night'}. What keeps you up tonight?`,
  () => 'Tell me more. I am a good listener after midnight.',
];

/** The owl's last message of a conversation, said once it has answered as often as it does. */
const GOODBYE = 'I am heading out into the night now, but this was lovely. Maybe we cross paths on the deck again?';

/**
 * What an owl answers a person's message: something that fits what was said (an ice-breaker's topic, a
 * greeting, a question about the owl, one of the owl's interests), else a friendly question back. The same
 * owl answers the same message the same way; its last answer says goodbye.
 */
export function owlReply(owl: OwlProfile, message: string, answered: number): string {
  if (answered >= OWL_REPLIES_PER_CONVERSATION - 1) return GOODBYE;
  const topic = TOPICS.find((candidate) => candidate.matches.test(message));
  if (topic) return topic.answers(owl);
  const shared = owl.interests.find((interest) => message.toLowerCase().includes(interest.toLowerCase()));
  if (shared) return `You like ${shared.toLowerCase()} too? That is my favourite thing to talk about at this hour.`;
  return FALLBACKS[answered % FALLBACKS.length]!(owl);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function list(items: readonly string[]): string {
  const lower = items.map((item) => item.toLowerCase());
  return lower.length > 1 ? `${lower.slice(0, -1).join(', ')} and ${lower.at(-1)}` : (lower[0] ?? 'the night');
}

/** How long a person would take to read a message and type an answer: a few seconds, longer for longer ones. */
export function humanPause(reply: string, random: () => number = Math.random): { readMs: number; typeMs: number } {
  return { readMs: 2_000 + Math.floor(random() * 3_000), typeMs: Math.min(8_000, 1_200 + reply.length * 45 + Math.floor(random() * 1_500)) };
}
