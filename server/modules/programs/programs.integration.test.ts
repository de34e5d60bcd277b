import { describe, expect, it } from 'vitest';
import type { AuthSession } from '#contracts/auth';
import {
  enrolmentListSchema,
  enrolResponseSchema,
  lessonCompleteResponseSchema,
  lessonViewSchema,
  PROGRAM_MESSAGES,
  programDetailSchema,
  programSummaryListSchema,
  publicProgramSchema,
  type ProgramDetail,
} from '#contracts/programs';
import type { Role } from '#domain/auth/roles';
import { errorOf, signUpWithRole, type Injected } from '#test/support/auth';
import { useTestApp } from '#test/support/test-app';

const t = useTestApp();

const personWithRole = (role: Role | null) =>
  signUpWithRole(t.app, role, { fullName: `Programs ${role ?? 'nobody'}` });

async function ok<T>(response: Promise<Injected>, schema: { parse: (value: unknown) => T }): Promise<T> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(200);
  return schema.parse(answer.json());
}

/** A coach's published free program with `lessons` lessons. */
async function publishedProgram(coach: AuthSession, lessons = 3): Promise<ProgramDetail> {
  const program = await ok(
    t.call(coach, 'POST', '/api/programs', { title: 'Calm in 3 weeks', category: 'stress' }),
    programDetailSchema,
  );
  for (let number = 1; number <= lessons; number += 1)
    await ok(
      t.call(coach, 'POST', `/api/programs/${program.id}/lessons`, {
        title: `Lesson ${number}`,
        body: `Paragraph one of lesson ${number}.\n\nParagraph two.`,
        video_url: number === 1 ? 'https://www.youtube.com/watch?v=abc' : null,
        duration_minutes: 10,
      }),
      programDetailSchema,
    );
  return ok(t.call(coach, 'POST', `/api/programs/${program.id}/publish`), programDetailSchema);
}

describe('programs: the builder', () => {
  it('a coach creates a draft, adds lessons in order, edits and deletes one (the rest renumbered)', async () => {
    const coach = await personWithRole('coach');
    const draft = await ok(
      t.call(coach, 'POST', '/api/programs', { title: '  Sleep reset ', description: '', price: 0 }),
      programDetailSchema,
    );
    expect(draft).toMatchObject({
      coach_id: coach.user.id,
      title: 'Sleep reset',
      description: null,
      status: 'draft',
      price: 0,
      lesson_count: 0,
      enrolled_count: 0,
      published_at: null,
      lessons: [],
    });
    let program = draft;
    for (const title of ['One', 'Two', 'Three'])
      program = await ok(
        t.call(coach, 'POST', `/api/programs/${draft.id}/lessons`, {
          title,
          image_urls: [`/api/uploads/files/${coach.user.id}/cover/pic-1.webp`],
        }),
        programDetailSchema,
      );
    expect(program.lessons.map((lesson) => [lesson.number, lesson.title])).toEqual([
      [1, 'One'],
      [2, 'Two'],
      [3, 'Three'],
    ]);
    const [one, two] = program.lessons;
    program = await ok(
      t.call(coach, 'PATCH', `/api/programs/${draft.id}/lessons/${two!.id}`, {
        title: 'Two, better',
        body: 'Text',
      }),
      programDetailSchema,
    );
    expect(program.lessons[1]).toMatchObject({ title: 'Two, better', body: 'Text' });
    program = await ok(
      t.call(coach, 'DELETE', `/api/programs/${draft.id}/lessons/${one!.id}`),
      programDetailSchema,
    );
    expect(program.lessons.map((lesson) => [lesson.number, lesson.title])).toEqual([
      [1, 'Two, better'],
      [2, 'Three'],
    ]);
    expect(program.lesson_count).toBe(2);

    const mine = await ok(t.call(coach, 'GET', '/api/programs/mine'), programSummaryListSchema);
    expect(mine.programs.map((entry) => [entry.title, entry.status, entry.lesson_count])).toEqual([
      ['Sleep reset', 'draft', 2],
    ]);
    expect((await t.call(coach, 'DELETE', `/api/programs/${draft.id}`)).json()).toEqual({ deleted: true });
    expect((await t.call(coach, 'GET', `/api/programs/${draft.id}`)).statusCode).toBe(404);
  });

  it('validates programs and lessons with messages that say what to fix', async () => {
    const coach = await personWithRole('coach');
    const bad = await t.call(coach, 'POST', '/api/programs', {
      title: '',
      price: -1,
      category: 'astrology',
      cover_image_url: 'http://elsewhere.example/x.png',
    });
    expect(bad.statusCode).toBe(400);
    const messages = Object.fromEntries((errorOf(bad).details ?? []).map((d) => [d.path, d.message]));
    expect(messages).toMatchObject({
      'body.title': PROGRAM_MESSAGES.titleRequired,
      'body.price': PROGRAM_MESSAGES.price,
      'body.category': PROGRAM_MESSAGES.category,
      'body.cover_image_url': PROGRAM_MESSAGES.image,
    });
    const program = await ok(t.call(coach, 'POST', '/api/programs', { title: 'Ok' }), programDetailSchema);
    for (const video_url of ['http://example.com/v', 'javascript:alert(1)', 'not a link']) {
      const lesson = await t.call(coach, 'POST', `/api/programs/${program.id}/lessons`, {
        title: 'L',
        video_url,
      });
      expect(lesson.statusCode, video_url).toBe(400);
      expect(errorOf(lesson).details?.[0]).toEqual({
        path: 'body.video_url',
        message: PROGRAM_MESSAGES.videoUrl,
      });
    }
    const noTitle = await t.call(coach, 'POST', `/api/programs/${program.id}/lessons`, { title: ' ' });
    expect(errorOf(noTitle).details?.[0]?.message).toBe(PROGRAM_MESSAGES.lessonTitleRequired);
  });

  it('clients cannot create programs; anonymous callers are asked to sign in', async () => {
    const client = await personWithRole('client');
    const refused = await t.call(client, 'POST', '/api/programs', { title: 'Mine' });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(PROGRAM_MESSAGES.coachOnly);
    expect((await t.call(client, 'GET', '/api/programs/mine')).statusCode).toBe(403);
    expect((await t.call(null, 'POST', '/api/programs', { title: 'Mine' })).statusCode).toBe(401);
    expect((await t.call(null, 'GET', '/api/programs/enrolled')).statusCode).toBe(401);
  });

  it("another coach's program and its lessons answer 404 to every builder call", async () => {
    const owner = await personWithRole('coach');
    const other = await personWithRole('coach');
    const program = await publishedProgram(owner, 2);
    const lessonId = program.lessons[0]!.id;
    const attempts: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object][] = [
      ['GET', `/api/programs/${program.id}`],
      ['PATCH', `/api/programs/${program.id}`, { title: 'Taken over' }],
      ['DELETE', `/api/programs/${program.id}`],
      ['POST', `/api/programs/${program.id}/publish`],
      ['POST', `/api/programs/${program.id}/unpublish`],
      ['POST', `/api/programs/${program.id}/lessons`, { title: 'Injected' }],
      ['PATCH', `/api/programs/${program.id}/lessons/${lessonId}`, { title: 'Changed' }],
      ['DELETE', `/api/programs/${program.id}/lessons/${lessonId}`],
      ['POST', `/api/programs/${program.id}/lessons/reorder`, { lesson_ids: [lessonId] }],
    ];
    for (const [method, url, body] of attempts) {
      const response = await t.call(other, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const unchanged = await ok(t.call(owner, 'GET', `/api/programs/${program.id}`), programDetailSchema);
    expect(unchanged.title).toBe(program.title);
    expect(unchanged.lessons).toHaveLength(2);
    expect(unchanged.status).toBe('published');
  });

  it('publishing needs a lesson and a free price; a paid program says why it cannot open yet', async () => {
    const coach = await personWithRole('coach');
    const program = await ok(
      t.call(coach, 'POST', '/api/programs', { title: 'Paid one', price: 4900 }),
      programDetailSchema,
    );
    const empty = await t.call(coach, 'POST', `/api/programs/${program.id}/publish`);
    // Price is checked first: the coach learns the deeper reason at once.
    expect(empty.statusCode).toBe(409);
    expect(errorOf(empty)).toMatchObject({
      code: 'PAID_PROGRAMS_UNAVAILABLE',
      message: PROGRAM_MESSAGES.paidNotice,
    });

    await ok(t.call(coach, 'PATCH', `/api/programs/${program.id}`, { price: 0 }), programDetailSchema);
    const noLessons = await t.call(coach, 'POST', `/api/programs/${program.id}/publish`);
    expect(errorOf(noLessons)).toMatchObject({ code: 'CONFLICT', message: PROGRAM_MESSAGES.noLessons });

    await ok(
      t.call(coach, 'POST', `/api/programs/${program.id}/lessons`, { title: 'Start' }),
      programDetailSchema,
    );
    const published = await ok(
      t.call(coach, 'POST', `/api/programs/${program.id}/publish`),
      programDetailSchema,
    );
    expect(published.status).toBe('published');
    expect(published.published_at).not.toBeNull();

    const priced = await t.call(coach, 'PATCH', `/api/programs/${program.id}`, { price: 100 });
    expect(errorOf(priced)).toMatchObject({
      code: 'PAID_PROGRAMS_UNAVAILABLE',
      message: PROGRAM_MESSAGES.publishedPriceLocked,
    });
    const lastLesson = await t.call(
      coach,
      'DELETE',
      `/api/programs/${program.id}/lessons/${published.lessons[0]!.id}`,
    );
    expect(lastLesson.statusCode).toBe(409);

    const unpublished = await ok(
      t.call(coach, 'POST', `/api/programs/${program.id}/unpublish`),
      programDetailSchema,
    );
    expect(unpublished.status).toBe('draft');
  });
});

describe('programs: public pages', () => {
  it('lists published programs only and shows lesson titles without bodies; drafts are 404 to others', async () => {
    const coach = await personWithRole('coach');
    const published = await publishedProgram(coach, 2);
    const draft = await ok(
      t.call(coach, 'POST', '/api/programs', { title: 'Secret draft' }),
      programDetailSchema,
    );

    const list = await ok(
      t.call(null, 'GET', `/api/coaches/${coach.user.id}/programs`),
      programSummaryListSchema,
    );
    expect(list.programs.map((program) => program.id)).toEqual([published.id]);
    expect(list.programs[0]).toMatchObject({ lesson_count: 2, enrolled_count: 0, status: 'published' });

    const page = await t.call(null, 'GET', `/api/programs/${published.id}/public`);
    const parsed = publicProgramSchema.parse(page.json());
    expect(parsed.lessons.map((lesson) => [lesson.number, lesson.title])).toEqual([
      [1, 'Lesson 1'],
      [2, 'Lesson 2'],
    ]);
    expect(parsed.coach).toMatchObject({ id: coach.user.id, full_name: 'Programs coach' });
    expect(parsed.viewer).toEqual({ is_owner: false, progress: null });
    expect(page.body).not.toContain('Paragraph one');

    const client = await personWithRole('client');
    for (const viewer of [null, client])
      expect((await t.call(viewer, 'GET', `/api/programs/${draft.id}/public`)).statusCode).toBe(404);
    const own = await ok(t.call(coach, 'GET', `/api/programs/${draft.id}/public`), publicProgramSchema);
    expect(own.viewer.is_owner).toBe(true);
    expect(
      (await t.call(null, 'GET', `/api/coaches/00000000-0000-4000-8000-000000000000/programs`)).json(),
    ).toEqual({
      programs: [],
    });
  });
});

describe('programs: enrolment and progress', () => {
  it('a client enrols (idempotently), reads lessons, completes them, and the program completes', async () => {
    const coach = await personWithRole('coach');
    const program = await publishedProgram(coach, 2);
    const client = await personWithRole('client');

    // Before joining: lessons are closed with a message to enrol; anonymous must sign in.
    const closed = await t.call(client, 'GET', `/api/programs/${program.id}/lessons/1`);
    expect(closed.statusCode).toBe(403);
    expect(errorOf(closed).message).toBe(PROGRAM_MESSAGES.enrolFirst);
    expect((await t.call(null, 'GET', `/api/programs/${program.id}/lessons/1`)).statusCode).toBe(401);
    expect((await t.call(client, 'POST', `/api/programs/${program.id}/lessons/1/complete`)).statusCode).toBe(
      403,
    );

    const first = await ok(t.call(client, 'POST', `/api/programs/${program.id}/enroll`), enrolResponseSchema);
    const again = await ok(t.call(client, 'POST', `/api/programs/${program.id}/enroll`), enrolResponseSchema);
    expect(again).toEqual(first);
    expect(first.progress).toMatchObject({ completed_count: 0, lesson_count: 2, last_lesson_number: 1 });

    const lesson = await ok(t.call(client, 'GET', `/api/programs/${program.id}/lessons/1`), lessonViewSchema);
    expect(lesson.lesson).toMatchObject({
      number: 1,
      title: 'Lesson 1',
      body: 'Paragraph one of lesson 1.\n\nParagraph two.',
      video_url: 'https://www.youtube.com/watch?v=abc',
    });
    expect(lesson.completed).toBe(false);
    expect(lesson.program.lesson_count).toBe(2);
    expect((await t.call(client, 'GET', `/api/programs/${program.id}/lessons/3`)).statusCode).toBe(404);

    const afterOne = await ok(
      t.call(client, 'POST', `/api/programs/${program.id}/lessons/1/complete`),
      lessonCompleteResponseSchema,
    );
    expect(afterOne.progress).toMatchObject({
      completed_count: 1,
      last_lesson_number: 2,
      completed_at: null,
    });
    const afterTwo = await ok(
      t.call(client, 'POST', `/api/programs/${program.id}/lessons/2/complete`),
      lessonCompleteResponseSchema,
    );
    expect(afterTwo.progress.completed_count).toBe(2);
    expect(afterTwo.progress.completed_at).not.toBeNull();
    // Completing again changes nothing.
    const repeat = await ok(
      t.call(client, 'POST', `/api/programs/${program.id}/lessons/2/complete`),
      lessonCompleteResponseSchema,
    );
    expect(repeat.progress.completed_count).toBe(2);

    const enrolled = await ok(t.call(client, 'GET', '/api/programs/enrolled'), enrolmentListSchema);
    expect(enrolled.enrolments).toHaveLength(1);
    expect(enrolled.enrolments[0]).toMatchObject({
      program: { id: program.id, enrolled_count: 1 },
      coach: { id: coach.user.id },
      progress: { completed_count: 2, lesson_count: 2 },
    });
    const page = await ok(t.call(client, 'GET', `/api/programs/${program.id}/public`), publicProgramSchema);
    expect(page.viewer.progress?.completed_count).toBe(2);

    // Someone else sees none of it.
    const stranger = await personWithRole('client');
    expect(
      (await ok(t.call(stranger, 'GET', '/api/programs/enrolled'), enrolmentListSchema)).enrolments,
    ).toEqual([]);

    // The owner reads every lesson without enrolling, and cannot enrol in their own program.
    const ownerView = await ok(
      t.call(coach, 'GET', `/api/programs/${program.id}/lessons/2`),
      lessonViewSchema,
    );
    expect(ownerView.progress).toBeNull();
    expect((await t.call(coach, 'POST', `/api/programs/${program.id}/enroll`)).statusCode).toBe(409);
  });

  it('reordering keeps progress by lesson id', async () => {
    const coach = await personWithRole('coach');
    const program = await publishedProgram(coach, 3);
    const client = await personWithRole('client');
    await ok(t.call(client, 'POST', `/api/programs/${program.id}/enroll`), enrolResponseSchema);
    await ok(
      t.call(client, 'POST', `/api/programs/${program.id}/lessons/1/complete`),
      lessonCompleteResponseSchema,
    );
    const [one, two, three] = program.lessons.map((lesson) => lesson.id) as [string, string, string];

    const mismatch = await t.call(coach, 'POST', `/api/programs/${program.id}/lessons/reorder`, {
      lesson_ids: [three, one],
    });
    expect(errorOf(mismatch)).toMatchObject({ code: 'CONFLICT', message: PROGRAM_MESSAGES.reorderMismatch });
    const duplicate = await t.call(coach, 'POST', `/api/programs/${program.id}/lessons/reorder`, {
      lesson_ids: [three, one, one],
    });
    expect(duplicate.statusCode).toBe(409);

    const reordered = await ok(
      t.call(coach, 'POST', `/api/programs/${program.id}/lessons/reorder`, { lesson_ids: [three, one, two] }),
      programDetailSchema,
    );
    expect(reordered.lessons.map((lesson) => [lesson.number, lesson.id])).toEqual([
      [1, three],
      [2, one],
      [3, two],
    ]);
    // The finished lesson is now number 2, still finished; number 1 is the moved, unfinished one.
    const now2 = await ok(t.call(client, 'GET', `/api/programs/${program.id}/lessons/2`), lessonViewSchema);
    expect([now2.lesson.id, now2.completed]).toEqual([one, true]);
    const now1 = await ok(t.call(client, 'GET', `/api/programs/${program.id}/lessons/1`), lessonViewSchema);
    expect([now1.lesson.id, now1.completed]).toEqual([three, false]);
    expect(now1.progress?.completed_lesson_ids).toEqual([one]);
  });

  it('refuses paid and unpublished programs; people who joined keep access after unpublishing', async () => {
    const coach = await personWithRole('coach');
    const client = await personWithRole('client');
    const draft = await ok(t.call(coach, 'POST', '/api/programs', { title: 'Draft' }), programDetailSchema);
    expect((await t.call(client, 'POST', `/api/programs/${draft.id}/enroll`)).statusCode).toBe(404);
    expect((await t.call(client, 'GET', `/api/programs/${draft.id}/lessons/1`)).statusCode).toBe(404);

    const program = await publishedProgram(coach, 1);
    await ok(t.call(client, 'POST', `/api/programs/${program.id}/enroll`), enrolResponseSchema);
    await ok(t.call(coach, 'POST', `/api/programs/${program.id}/unpublish`), programDetailSchema);
    await ok(t.call(client, 'GET', `/api/programs/${program.id}/lessons/1`), lessonViewSchema);
    await ok(t.call(client, 'GET', `/api/programs/${program.id}/public`), publicProgramSchema);
    const newcomer = await personWithRole('client');
    expect((await t.call(newcomer, 'POST', `/api/programs/${program.id}/enroll`)).statusCode).toBe(404);
    expect((await t.call(newcomer, 'GET', `/api/programs/${program.id}/public`)).statusCode).toBe(404);
    expect((await t.call(null, 'POST', `/api/programs/${program.id}/enroll`)).statusCode).toBe(401);
  });
});
