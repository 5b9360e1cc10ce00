import { z } from 'zod';
import { ChatLimits, ChatMessages, checkSupportRequest, messageContentSchema, ReportReasons, reportInputSchema, SupportLimits } from '@nocturne/contracts';
import { chatMessageSchema, messagePageSchema, reportedAnswerSchema, supportRequestedAnswerSchema, timeFreezeAnswerSchema, type ChatMessage, type MessagePage, type SupportRequestedAnswer } from '@nocturne/contracts/api';
import { asObject, defineRoute, HttpError, parseWith, positiveIdField, validationError as validation, type RestRoute } from '@nocturne/platform/rest';

const matchIdSchema = z.coerce.number({ error: 'matchId must be a match id' }).int('matchId must be a match id').positive('matchId must be a match id');

const MESSAGE_FIELDS = 'id content senderId matchId createdAt seq';

const sendBodySchema = z.object({
  matchId: positiveIdField('matchId', 'a match id'),
  senderId: z.number({ error: 'senderId must be your user id' }).int('senderId must be your user id'),
  content: messageContentSchema,
});

const refused = { status: 403, description: `senderId not yours, or the plan's limit (\`code\` LIMIT_REACHED, reason \`chat-limit\`)` };
const unknownMatch = { status: 404, description: `'${ChatMessages.matchNotFound}' (unknown, or someone else's: the same answer), or '${ChatMessages.ended}'` };

const sendMessage = defineRoute({
  method: 'post',
  path: '/api/messages',
  operationId: 'sendMessage',
  summary: `Send a message in one of your matches, as yourself: trimmed, 1 to ${ChatLimits.messageMax} characters. Free plans write in one conversation a night`,
  tag: 'chat',
  access: 'signedIn',
  ownerField: 'senderId',
  requestBody: sendBodySchema,
  success: { status: 201, description: 'Sent; the other person receives it live', schema: chatMessageSchema },
  errors: [validation, refused, unknownMatch, { status: 429, description: 'Too many messages in a minute; Retry-After says when to try again' }],
  handle: async ({ input, execute }) => {
    const data = await execute<{ sendMessage: ChatMessage }>(`mutation SendMessage($input: SendMessageInput!) { sendMessage(input: $input) { ${MESSAGE_FIELDS} } }`, { input });
    return { status: 201, body: data.sendMessage };
  },
});

const messages = defineRoute({
  method: 'get',
  path: '/api/messages',
  operationId: 'messages',
  summary: 'A page of one of your conversations, newest page first: `before` (a cursor) pages back, `after` (a seq) catches up after a dropped connection',
  tag: 'chat',
  access: 'signedIn',
  parseInput: (_body, _params, query) =>
    parseWith(
      z.object({
        matchId: matchIdSchema,
        before: z.string().optional(),
        after: z.string().optional(),
        limit: z.coerce.number({ error: ChatMessages.pageSize }).int(ChatMessages.pageSize).min(1, ChatMessages.pageSize).max(ChatLimits.pageMax, ChatMessages.pageSize).optional(),
      }),
      { matchId: query.matchId, before: query.before, after: query.after, limit: query.limit },
    ),
  success: { status: 200, description: 'Messages', schema: messagePageSchema },
  errors: [validation, unknownMatch],
  handle: async ({ input, execute }) => {
    const data = await execute<{ messages: MessagePage }>(
      `query Messages($matchId: Int!, $limit: Int, $before: String, $after: String) { messages(matchId: $matchId, limit: $limit, before: $before, after: $after) { messages { ${MESSAGE_FIELDS} } olderCursor } }`,
      input,
    );
    return { body: data.messages };
  },
});

const reportBodySchema = reportInputSchema.extend({
  userId: positiveIdField('userId', 'a user id'),
  matchId: positiveIdField('matchId', 'a match id').optional(),
});

const report = defineRoute({
  method: 'post',
  path: '/api/reports',
  operationId: 'reportUser',
  summary: `Report someone you matched with (now or before) for moderation: a reason (${ReportReasons.join(', ')}) and an optional text; \`matchId\`, if given, is the match of the two of you`,
  tag: 'chat',
  access: 'signedIn',
  requestBody: reportBodySchema,
  success: { status: 201, description: 'Stored for moderation', schema: reportedAnswerSchema },
  errors: [
    validation,
    { status: 404, description: `'${ChatMessages.reportNotMatched}' (never matched, or unknown: the same answer), or '${ChatMessages.matchNotFound}' (a match that is not of the two of you); nothing is stored` },
    { status: 429, description: 'Too many reports in an hour' },
  ],
  handle: async ({ input, execute }) => {
    await execute(`mutation Report($input: ReportInput!) { reportUser(input: $input) }`, { input });
    return { status: 201, body: { reported: true as const } };
  },
});

const timeFreeze = defineRoute({
  method: 'post',
  path: '/api/time-freezes',
  operationId: 'freezeMatch',
  summary: 'Spend a Time-Freeze token (Max, 7 a month) to keep one of your matches that fades at dawn tonight (nobody has written yet) one night longer',
  tag: 'chat',
  access: 'signedIn',
  requestBody: z.object({ matchId: positiveIdField('matchId', 'a match id') }),
  success: { status: 200, description: 'Kept until the next dawn', schema: timeFreezeAnswerSchema },
  errors: [
    validation,
    { status: 403, description: `Without Max, or no tokens left (\`code\` \`time-freeze\`: the upgrade prompt)` },
    unknownMatch,
    { status: 409, description: `'${ChatMessages.notFading}'` },
  ],
  handle: async ({ input, execute }) => {
    const data = await execute<{ freezeMatch: { conversation: { matchId: number; fadesAt: string | null }; timeFreezes: { left: number } | null } }>(
      `mutation FreezeMatch($matchId: Int!) { freezeMatch(matchId: $matchId) { conversation { matchId fadesAt } timeFreezes { left } } }`,
      input,
    );
    const { conversation, timeFreezes } = data.freezeMatch;
    return { body: { matchId: conversation.matchId, fadesAt: conversation.fadesAt, timeFreezesLeft: timeFreezes?.left ?? null } };
  },
});

const contactSupport = defineRoute({
  method: 'post',
  path: '/api/support',
  operationId: 'contactSupport',
  summary: `A message to the support team: subject (${SupportLimits.subjectMin} to ${SupportLimits.subjectMax} characters) and message (${SupportLimits.messageMin} to ${SupportLimits.messageMax}); Plus and Max members are answered first`,
  tag: 'chat',
  access: 'signedIn',
  requestBody: z.object({ subject: z.string(), message: z.string() }),
  parseInput: (body) => {
    const checked = checkSupportRequest(asObject(body));
    if (!checked.ok) throw new HttpError(400, checked.message, checked.field);
    return checked.request;
  },
  success: { status: 201, description: 'Received by the support team', schema: supportRequestedAnswerSchema },
  errors: [validation, { status: 429, description: `More than ${SupportLimits.requestsPerHour} requests in an hour` }],
  handle: async ({ input, execute }) => {
    const data = await execute<{ contactSupport: Pick<SupportRequestedAnswer, 'priority'> }>(`mutation ContactSupport($input: SupportRequestInput!) { contactSupport(input: $input) { priority } }`, { input });
    return { status: 201, body: { received: true as const, priority: data.contactSupport.priority } };
  },
});

/** The chat service's calls of the REST facade, served by the gateway. */
export const chatRoutes: RestRoute[] = [sendMessage, messages, report, timeFreeze, contactSupport];
