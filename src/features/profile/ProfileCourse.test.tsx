import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fieldInput, problemOf } from '../../test/fields';
import { courseFixture, renderApp, userFixture, type FakeRoutes } from '../../test/render-app';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const standard = courseFixture({ id: 1, name: 'Standard' });
const korea = courseFixture({ id: 2, name: 'Korea', language: 'ko', is_default: false });
const learner = userFixture({ course_id: 2 });

function open(courses: unknown[], routes: FakeRoutes = {}, path = '/profile') {
  return renderApp(path, {
    token: 'tok',
    routes: {
      'GET /auth/me': { body: learner },
      'GET /courses': { body: courses },
      'PUT /user/profile': async (request) => ({
        body: { ...learner, ...((await request.json()) as object) },
      }),
      ...routes,
    },
  });
}

const summaryCourse = () =>
  within(screen.getByRole('region', { name: 'Profile summary' })).queryByText(
    /\(Korean\)|\(English\)/,
  );

describe("the learner's course on the profile", () => {
  it('shows the course in the summary, and a select that is off until Edit, with the note that results are kept', async () => {
    open([standard, korea]);
    await waitFor(() => expect(summaryCourse()?.textContent).toBe('Korea (Korean)'));
    const select = fieldInput('Course') as unknown as HTMLSelectElement;
    expect(select.value).toBe('2');
    expect(select.disabled).toBe(true);
    expect(problemOf('Course')).toBe(
      'Your results in each course are kept: change course, and they come back when you return to it.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(select.disabled).toBe(false);
  });

  it('moves the learner to another course with PUT /user/profile, says so, and reads the courses again', async () => {
    const { requests } = open([standard, korea]);
    await waitFor(() => expect(summaryCourse()?.textContent).toBe('Korea (Korean)'));
    const coursesRead = requests.filter((request) => request.path === '/courses').length;
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(fieldInput('Course'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
        first_name: 'Ada',
        last_name: 'Lovelace',
        username: 'ada',
        email: 'ada@example.com',
        course_id: 1,
      }),
    );
    expect(
      await screen.findByText(
        'Your course is now Standard (English). Your results in the previous course are kept for when you return to it.',
      ),
    ).toBeTruthy();
    // The summary follows the stored user; the list of courses (their banks' sizes) is read anew.
    await waitFor(() => expect(summaryCourse()?.textContent).toBe('Standard (English)'));
    await waitFor(() =>
      expect(requests.filter((request) => request.path === '/courses').length).toBeGreaterThan(
        coursesRead,
      ),
    );
  });

  it('sends no course_id when only the name changed', async () => {
    const { requests } = open([standard, korea]);
    await waitFor(() => expect(summaryCourse()).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(fieldInput('First name'), { target: { value: 'Augusta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    expect(requests.find((request) => request.method === 'PUT')?.body).not.toHaveProperty(
      'course_id',
    );
    expect(await screen.findByText('Your profile has been updated.')).toBeTruthy();
  });

  it('offers no course to change to when there is only one', async () => {
    open([courseFixture({ id: 2, name: 'Korea', language: 'ko' })]);
    await waitFor(() => expect(summaryCourse()?.textContent).toBe('Korea (Korean)'));
    expect(screen.queryByLabelText(/^Course/)).toBeNull();
  });

  it("loads the dashboard's figures again after a change of course, even ones preloaded before", async () => {
    const { requests, router } = open([standard, korea]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    // A hover on the Dashboard link preloads its figures, kept for a while for the click.
    await router.preloadRoute({ to: '/dashboard' });
    expect(requests.some((request) => request.path === '/exams/stats')).toBe(true);
    fireEvent.change(fieldInput('Course'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText(/^Your course is now Standard/);
    const moved = requests.length;
    await router.navigate({ to: '/dashboard' });
    await waitFor(() =>
      expect(requests.slice(moved).some((request) => request.path === '/exams/stats')).toBe(true),
    );
  });
});
