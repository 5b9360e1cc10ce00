import { IceBreakers } from '@nocturne/contracts';
import { humanPause, OWL_REPLIES_PER_CONVERSATION, owlReply } from './owlReplies';
import { owlProfile } from './owlProfiles';

describe('owlReply', () => {
  const owl = owlProfile(0);

  it('answers each of the five ice-breakers on its topic, with a question back, and the same way twice', () => {
    const answers = IceBreakers.map((iceBreaker) => owlReply(owl, iceBreaker, 0));
    expect(answers[0]).toMatch(/Orion|Cassiopeia|Pleiades|Lyra|Cygnus|Great Bear/);
    expect(answers[1]).toMatch(/Tea|Coffee/);
    expect(answers[2]).toMatch(/2 AM/);
    expect(answers[3]).toMatch(/night belongs to us/);
    expect(answers[4]).toMatch(/^Night owl/);
    expect(new Set(answers).size).toBe(IceBreakers.length);
    for (const answer of answers) expect(answer).toMatch(/\?$/);
    expect(IceBreakers.map((iceBreaker) => owlReply(owl, iceBreaker, 0))).toEqual(answers);
  });

  it('greets back, talks about its own interests when asked, and picks up an interest it shares', () => {
    expect(owlReply(owl, 'hey there', 0)).toMatch(/^Hey you! Glad we matched/);
    expect(owlReply(owl, 'What are you into?', 0)).toContain(owl.interests[0]!.toLowerCase());
    const interest = owl.interests[1]!;
    expect(owlReply(owl, `I spent the evening on ${interest.toLowerCase()}`, 1)).toBe(`You like ${interest.toLowerCase()} too? That is my favourite thing to talk about at this hour.`);
  });

  it('says goodbye with its last answer, whatever was said', () => {
    expect(owlReply(owl, 'Night owl or early bird?', OWL_REPLIES_PER_CONVERSATION - 1)).toMatch(/heading out into the night/);
    expect(owlReply(owl, 'asdf', 0)).not.toMatch(/heading out/);
  });
});

describe('humanPause', () => {
  it('reads for two to five seconds and types longer for a longer answer, never past eight', () => {
    expect(humanPause('Hi!', () => 0)).toEqual({ readMs: 2_000, typeMs: 1_200 + 3 * 45 });
    expect(humanPause('x'.repeat(400), () => 0.99).typeMs).toBe(8_000);
    expect(humanPause('Hi!', () => 0.99).readMs).toBeLessThan(5_000);
  });
});
