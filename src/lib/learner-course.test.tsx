import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient, type User } from '../api';
import { holdFakeToContract } from '../test/fake-contract';
import { courseFixture, userFixture } from '../test/fixtures';
import { ApiProvider } from './api-context';
import { createAuthActor } from './auth';
import { SessionProvider, sessionWith } from './session';
import {
  FALLBACK_COURSE,
  forgetCourses,
  learnerCourseOf,
  loadCourses,
  useLearnerCourse,
  type Course,
} from './learner-course';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const DEFAULT = courseFixture({ id: 1, name: 'Standard', is_default: true });
const RUSSIA = courseFixture({
  id: 2,
  name: 'Russia A/B',
  is_default: false,
  rules: {
    question_count: 20,
    time_limit_seconds: 1200,
    pass_rule: 'max_mistakes',
    pass_value: 2,
    extra_questions_per_mistake: 5,
    extra_seconds_per_mistake: 300,
    ends_when_failed: true,
  },
});

/** A client whose `GET /courses` answers `answer()` and counts the calls. */
function coursesApi(answer: () => { status: number; body: unknown }, user?: User) {
  const calls: string[] = [];
  const api = createApiClient({
    baseUrl: 'http://trainer.test/api/v1',
    fetch: async (request) => {
      const path = new URL(request.url).pathname.replace('/api/v1', '');
      calls.push(path);
      const { status, body } = path === '/auth/me' ? { status: 200, body: user } : answer();
      holdFakeToContract(request, status, body);
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    },
    getToken: () => (user ? 'token' : null),
    onUnauthorized: () => undefined,
  });
  return { api, coursesCalls: () => calls.filter((path) => path === '/courses').length };
}

function CourseName() {
  const course = useLearnerCourse();
  return <p>{course === null ? 'loading' : `course ${course.id} ${course.name}`}</p>;
}

function renderCourse(api: ReturnType<typeof coursesApi>['api'], signedIn: boolean) {
  const auth = createAuthActor(api, {
    get: () => (signedIn ? 'token' : null),
    set: () => undefined,
    remove: () => undefined,
  });
  auth.start();
  return render(
    <ApiProvider client={api}>
      <SessionProvider session={sessionWith(auth)}>
        <CourseName />
      </SessionProvider>
    </ApiProvider>,
  );
}

describe("the learner's course", () => {
  it('is read once per API client, however many ask', async () => {
    const { api, coursesCalls } = coursesApi(() => ({ status: 200, body: [DEFAULT, RUSSIA] }));
    const [first, second] = await Promise.all([loadCourses(api), loadCourses(api)]);
    expect(first).toEqual([DEFAULT, RUSSIA]);
    expect(second).toBe(first);
    await loadCourses(api);
    expect(coursesCalls()).toBe(1);
    // Another client (another server) reads its own.
    const other = coursesApi(() => ({ status: 200, body: [DEFAULT] }));
    expect(await loadCourses(other.api)).toEqual([DEFAULT]);
  });

  it('is read again after a failure, and after an administrator changed the courses', async () => {
    let status = 503;
    const { api, coursesCalls } = coursesApi(() => ({ status, body: [DEFAULT] }));
    await expect(loadCourses(api)).rejects.toBeTruthy();
    status = 200;
    expect(await loadCourses(api)).toEqual([DEFAULT]);
    forgetCourses(api);
    await loadCourses(api);
    expect(coursesCalls()).toBe(3);
  });

  it("is the one the signed-in learner chose, by the user's course_id", async () => {
    const { api } = coursesApi(
      () => ({ status: 200, body: [DEFAULT, RUSSIA] }),
      userFixture({ course_id: 2 }),
    );
    renderCourse(api, true);
    expect(await screen.findByText('course 2 Russia A/B')).toBeTruthy();
  });

  it('is the default course for a guest, or when the chosen one is gone', async () => {
    const guest = coursesApi(() => ({ status: 200, body: [RUSSIA, DEFAULT] }));
    renderCourse(guest.api, false);
    expect(await screen.findByText('course 1 Standard')).toBeTruthy();
    cleanup();
    const deleted = coursesApi(
      () => ({ status: 200, body: [RUSSIA, DEFAULT] }),
      userFixture({ course_id: 9 }),
    );
    renderCourse(deleted.api, true);
    await waitFor(() => expect(screen.getByText('course 1 Standard')).toBeTruthy());
  });

  it("is the spec's exam when the courses cannot be read", async () => {
    const { api } = coursesApi(() => ({ status: 503, body: { detail: 'down' } }));
    renderCourse(api, false);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('course 0')).toBeTruthy();
    expect(learnerCourseOf([], 3)).toBe(FALLBACK_COURSE);
    expect(FALLBACK_COURSE.rules).toEqual({
      question_count: 40,
      time_limit_seconds: 2400,
      pass_rule: 'percent_questions',
      pass_value: 70,
      extra_questions_per_mistake: 0,
      extra_seconds_per_mistake: 0,
      ends_when_failed: false,
    });
  });

  it('is the one kept from the last read when the courses cannot be read (a page opened offline)', async () => {
    const online = coursesApi(() => ({ status: 200, body: [DEFAULT, RUSSIA] }));
    await loadCourses(online.api);
    // The next page load, with no connection: another client, whose read fails.
    const offline = coursesApi(
      () => ({ status: 503, body: { detail: 'offline' } }),
      userFixture({ course_id: 2 }),
    );
    renderCourse(offline.api, true);
    expect(await screen.findByText('course 2 Russia A/B')).toBeTruthy();
    // A server that answered with a failure of its own (not out of reach): no kept list stands in.
    cleanup();
    const older = coursesApi(() => ({ status: 500, body: { detail: 'Internal error' } }));
    renderCourse(older.api, false);
    expect(await screen.findByText('course 0')).toBeTruthy();
    // A kept list that is not one stands in for nothing.
    cleanup();
    localStorage.setItem('courses.kept', '{"not":"a list"}');
    const spoiled = coursesApi(() => ({ status: 503, body: { detail: 'offline' } }));
    renderCourse(spoiled.api, false);
    expect(await screen.findByText('course 0')).toBeTruthy();
  });

  it('falls back to the first course when none is marked default', () => {
    const courses: Course[] = [RUSSIA, { ...DEFAULT, id: 3, is_default: false }];
    expect(learnerCourseOf(courses, null).id).toBe(2);
  });
});
