// POST /api/events (issue 27): the beacon of public pages. It takes what navigator.sendBeacon sends
// for a string (text/plain, so no preflight) or JSON, at most EVENTS_BODY_LIMIT bytes, only the
// site's own event names and targets, and answers 204 at once: the events wait in memory for the
// collector's next batch. Cross-site posts are refused by the security plugin before they get here.
import { EVENTS_BODY_LIMIT, EventsBodySchema } from '../../../shared/analytics';
import { api } from '../../../shared/paths';
import { HttpError } from '../../lib/errors';
import { createLimiter, tooManyAttempts } from '../../lib/rate-limits';
import type { AppModule } from '../../types';
import { eventProblem } from './visitor';

/** The contract's body, with each event's target and value checked against its name. */
const EventsRequestSchema = EventsBodySchema.superRefine((body, ctx) => {
  const events = Array.isArray(body) ? body : [body];
  events.forEach((event, index) => {
    const problem = eventProblem(event);
    if (!problem) return;
    const path = Array.isArray(body) ? [index, problem.path] : [problem.path];
    ctx.addIssue({ code: 'custom', path, message: problem.message });
  });
});

export const analyticsEventsModule: AppModule = async (scope, { deps }) => {
  const collector = deps.analyticsCollector;
  // Per instance, in memory: checking a shared count would make every beacon wait for the database.
  // A page sends one to three; far more from one address is a script, not a visitor (EVENTS_PER_MINUTE).
  const limiter = createLimiter(deps.database, {
    name: 'events',
    points: deps.config.eventsPerMinute,
    windowSeconds: 60,
    local: true,
  });

  // sendBeacon's string body is text/plain; here only, and parsed as the JSON it is.
  scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body: string, done) => {
    try {
      done(null, JSON.parse(body));
    } catch {
      done(new HttpError('BAD_REQUEST', 'The request body is not valid JSON'), undefined);
    }
  });

  scope.post(
    api.events,
    { bodyLimit: EVENTS_BODY_LIMIT, schema: { body: EventsRequestSchema } },
    async (request, reply) => {
      const attempt = await limiter.take(request.ip);
      if (!attempt.allowed) {
        throw tooManyAttempts(
          reply,
          attempt.retryAfterMs,
          'Too many events from your address. Please try again later.',
        );
      }
      collector.countBrowser(request, [request.body].flat());
      return reply.code(204).send();
    },
  );
};
