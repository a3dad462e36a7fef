import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { courseFixture, renderApp, userFixture, type FakeRoutes } from '../../test/render-app';

afterEach(() => {
  cleanup();
  // The forms' kept drafts live in this tab's sessionStorage, which the tests share.
  window.sessionStorage.clear();
});

const admin = userFixture({ id: 1, is_admin: true, username: 'admin' });
const standard = courseFixture();
const korea = courseFixture({
  id: 2,
  name: 'Korea 2025',
  language: 'ko',
  is_default: false,
  question_total: 3,
  rules: {
    question_count: 40,
    time_limit_seconds: 2400,
    pass_rule: 'percent_points',
    pass_value: 60,
    extra_questions_per_mistake: 0,
    extra_seconds_per_mistake: 0,
    ends_when_failed: false,
  },
});
const russia = courseFixture({
  id: 3,
  name: 'Russia AB',
  language: 'ru',
  is_default: false,
  question_total: 0,
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

function open(path: string, routes: FakeRoutes = {}) {
  return renderApp(path, {
    token: 'tok',
    routes: {
      'GET /auth/me': { body: admin },
      'GET /courses': { body: [standard, korea, russia] },
      ...routes,
    },
  });
}

const field = (dialog: HTMLElement, label: RegExp) =>
  within(dialog).getByLabelText(label) as HTMLInputElement;

const endsWhenFailed = (dialog: HTMLElement) =>
  within(dialog).getByRole('checkbox', {
    name: 'End the exam as soon as it can no longer be passed',
  }) as HTMLInputElement;

describe('the courses tab', () => {
  it('lists each course with its language, question total and rules in words, the default marked and not deletable', async () => {
    open('/admin?tab=courses');
    const table = await screen.findByTestId('courses-table');
    await within(table).findByText('Russia AB');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('StandardDefault'),
      expect.stringContaining('Korea 2025'),
      expect.stringContaining('Russia AB'),
    ]);
    expect(rows[0]!.textContent).toContain(
      '40 questions in 40 minutes; pass with at least 70% of the questions right',
    );
    expect(rows[0]!.textContent).not.toContain('the exam ends');
    expect(rows[1]!.textContent).toContain('Korean');
    expect(rows[1]!.textContent).toContain('pass with at least 60% of the points');
    expect(rows[2]!.textContent).toContain(
      '20 questions in 20 minutes; pass with at most 2 mistakes; each mistake adds 5 questions and 5 minutes; the exam ends at the mistake that fails it',
    );
    expect(screen.queryByRole('button', { name: 'Delete course Standard' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete course Korea 2025' })).toBeTruthy();
  });

  it('says when a bank holds fewer questions than its exam draws, and what an exam then allows', async () => {
    const uk = courseFixture({
      id: 4,
      name: 'United Kingdom',
      is_default: false,
      question_total: 6,
      rules: {
        question_count: 50,
        time_limit_seconds: 3420,
        pass_rule: 'max_mistakes',
        pass_value: 7,
        extra_questions_per_mistake: 0,
        extra_seconds_per_mistake: 0,
        ends_when_failed: false,
      },
    });
    open('/admin?tab=courses', { 'GET /courses': { body: [standard, korea, russia, uk] } });
    const table = await screen.findByTestId('courses-table');
    const row = (name: string) => within(table).getByText(name).closest('tr')!;
    await within(table).findByText('United Kingdom');
    expect(row('United Kingdom').textContent).toContain(
      "Exams draw 50: until the bank has as many, they ask all 6 and allow 0 mistakes (the rule's share).",
    );
    expect(row('Korea 2025').textContent).toContain(
      'Exams draw 40: until the bank has as many, they ask all 3.',
    );
    // An empty bank has no exam to speak of.
    expect(row('Russia AB').textContent).not.toContain('Exams draw');
  });

  it("drops the preset's description, which states its rules, once a rule is changed, but keeps one written here", async () => {
    open('/admin?tab=courses&edit=new');
    const dialog = await screen.findByRole('dialog', { name: 'New course' });
    fireEvent.change(field(dialog, /^Start from/), { target: { value: 'korea-1' } });
    expect(field(dialog, /^Description/).value).toMatch(/^South Korea's written test/);
    fireEvent.change(field(dialog, /^Questions in an exam/), { target: { value: '50' } });
    expect(field(dialog, /^Description/).value).toBe('');

    fireEvent.change(field(dialog, /^Start from/), { target: { value: 'uk' } });
    fireEvent.change(field(dialog, /^Description/), { target: { value: 'Our own mock test' } });
    fireEvent.change(field(dialog, /^Questions in an exam/), { target: { value: '30' } });
    expect(field(dialog, /^Description/).value).toBe('Our own mock test');
  });

  it('creates a course from the Russia A/B preset: its language and rules filled in, every rule sent as edited', async () => {
    const { requests } = open('/admin?tab=courses&edit=new', {
      'POST /admin/courses': { status: 201, body: { ...russia, id: 4, name: 'Russia 2025' } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'New course' });
    // The spec's default to start with.
    expect(field(dialog, /^Name/).value).toBe('Standard exam');
    expect(field(dialog, /^Questions in an exam/).value).toBe('40');
    expect(endsWhenFailed(dialog).checked).toBe(false);
    fireEvent.change(field(dialog, /^Start from/), { target: { value: 'russia-ab' } });
    expect(field(dialog, /^Name/).value).toBe('Russia, categories A and B');
    expect(field(dialog, /^Language of the questions/).value).toBe('ru');
    expect(field(dialog, /^Questions in an exam/).value).toBe('20');
    expect(field(dialog, /^Time limit \(minutes\)/).value).toBe('20');
    expect(field(dialog, /^Pass rule/).value).toBe('max_mistakes');
    // The pass mark is named after the rule: mistakes here, not a percent.
    expect(field(dialog, /^Mistakes allowed/).value).toBe('2');
    expect(within(dialog).queryByLabelText(/%/)).toBeNull();
    expect(field(dialog, /^Extra questions per mistake/).value).toBe('5');
    expect(field(dialog, /^Extra minutes per mistake/).value).toBe('5');
    // The Russian exam stops at the mistake that fails it.
    expect(endsWhenFailed(dialog).checked).toBe(true);
    expect(dialog.textContent).toContain("Russia's traffic police theory exam");

    fireEvent.change(field(dialog, /^Name/), { target: { value: 'Russia 2025' } });
    fireEvent.change(field(dialog, /^Time limit \(minutes\)/), { target: { value: '22,5' } });
    fireEvent.change(field(dialog, /^Extra questions per mistake/), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.path).toBe('/admin/courses');
    expect(post?.body).toEqual({
      name: 'Russia 2025',
      // The preset's description stated its rules, two of which were changed.
      description: '',
      language: 'ru',
      rules: {
        question_count: 20,
        time_limit_seconds: 1350,
        pass_rule: 'max_mistakes',
        pass_value: 2,
        extra_questions_per_mistake: 4,
        extra_seconds_per_mistake: 300,
        ends_when_failed: true,
      },
    });
  });

  it('keeps a name typed over the preset when another preset is chosen, and takes the Korean rules', async () => {
    open('/admin?tab=courses&edit=new');
    const dialog = await screen.findByRole('dialog', { name: 'New course' });
    fireEvent.change(field(dialog, /^Name/), { target: { value: 'My school' } });
    fireEvent.change(field(dialog, /^Start from/), { target: { value: 'korea-2' } });
    expect(field(dialog, /^Name/).value).toBe('My school');
    expect(field(dialog, /^Language of the questions/).value).toBe('ko');
    expect(field(dialog, /^Pass rule/).value).toBe('percent_points');
    expect(field(dialog, /^Points to pass \(%\)/).value).toBe('60');
  });

  it("ticks the end at a failing mistake with the Russian preset and clears it with another's", async () => {
    open('/admin?tab=courses&edit=new');
    const dialog = await screen.findByRole('dialog', { name: 'New course' });
    const box = endsWhenFailed(dialog);
    expect(box.checked).toBe(false);
    const hint = (box.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(hint).toBe(
      'As in the Russian exam: the exam ends at the mistake that fails it, and the questions after it are not asked: it is graded on those asked. Otherwise it runs to the last question or the time limit.',
    );
    fireEvent.change(field(dialog, /^Start from/), { target: { value: 'russia-ab' } });
    expect(endsWhenFailed(dialog).checked).toBe(true);
    fireEvent.change(field(dialog, /^Start from/), { target: { value: 'ireland' } });
    expect(endsWhenFailed(dialog).checked).toBe(false);
  });

  it("checks the contract's ranges and what the rules cannot keep before sending, under each field", async () => {
    const { requests } = open('/admin?tab=courses&edit=new');
    const dialog = await screen.findByRole('dialog', { name: 'New course' });
    fireEvent.change(field(dialog, /^Name/), { target: { value: '  ' } });
    fireEvent.change(field(dialog, /^Questions in an exam/), { target: { value: '501' } });
    fireEvent.change(field(dialog, /^Time limit \(minutes\)/), { target: { value: '0.01' } });
    fireEvent.change(field(dialog, /^Questions right to pass \(%\)/), {
      target: { value: '101' },
    });
    fireEvent.change(field(dialog, /^Extra minutes per mistake/), { target: { value: '61' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const problemOf = (label: RegExp) => {
      const input = field(dialog, label);
      const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
      return ids.map((id) => document.getElementById(id)?.textContent).join(' ');
    };
    expect(problemOf(/^Name/)).toContain('This field is required.');
    expect(problemOf(/^Questions in an exam/)).toContain('Enter a whole number from 1 to 200.');
    expect(problemOf(/^Time limit/)).toContain('Enter minutes from 1 to 360, such as 40 or 1.5.');
    expect(problemOf(/^Questions right to pass/)).toContain('Enter a whole number from 1 to 100.');
    expect(problemOf(/^Extra minutes per mistake/)).toContain(
      'Enter minutes from 0 to 60, such as 40 or 1.5.',
    );
    expect(document.activeElement).toBe(field(dialog, /^Name/));

    // In range, but as many mistakes allowed as the exam has questions: rulesProblem, worded.
    fireEvent.change(field(dialog, /^Name/), { target: { value: 'Short' } });
    fireEvent.change(field(dialog, /^Questions in an exam/), { target: { value: '10' } });
    fireEvent.change(field(dialog, /^Time limit/), { target: { value: '10' } });
    fireEvent.change(field(dialog, /^Extra minutes per mistake/), { target: { value: '0' } });
    fireEvent.change(field(dialog, /^Pass rule/), { target: { value: 'max_mistakes' } });
    fireEvent.change(field(dialog, /^Mistakes allowed/), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(problemOf(/^Mistakes allowed/)).toContain(
      'Allow fewer mistakes than an exam has questions (10).',
    );
    expect(problemOf(/^Time limit/)).not.toContain('Enter');
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('says what the rules cannot keep together with a time out of range, not only after it is mended', async () => {
    const { requests } = open('/admin?tab=courses&edit=new');
    const dialog = await screen.findByRole('dialog', { name: 'New course' });
    fireEvent.change(field(dialog, /^Start from/), { target: { value: 'uk' } });
    fireEvent.change(field(dialog, /^Mistakes allowed/), { target: { value: '50' } });
    fireEvent.change(field(dialog, /^Time limit/), { target: { value: '0,01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const said = (label: RegExp) =>
      (field(dialog, label).getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ');
    expect(said(/^Time limit/)).toContain('Enter minutes from 1 to 360, such as 40 or 1.5.');
    expect(said(/^Mistakes allowed/)).toContain(
      'Allow fewer mistakes than an exam has questions (50).',
    );
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it("shows the server's refusal at the field it names", async () => {
    open('/admin?tab=courses&edit=new', {
      'POST /admin/courses': {
        status: 409,
        body: { detail: 'A course named Standard exam exists already.', field: 'name' },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'New course' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const name = field(dialog, /^Name/);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    const ids = name.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(ids.map((id) => document.getElementById(id)?.textContent).join(' ')).toContain(
      'A course named Standard exam exists already.',
    );
    expect(document.activeElement).toBe(name);
  });

  it('edits a stored course from the list and sends its changed rules with PUT, naming the version read (If-Match)', async () => {
    const { requests } = open('/admin?tab=courses', {
      'GET /admin/courses/2': { body: korea, headers: { etag: '"v1"' } },
      'PUT /admin/courses/2': { body: { ...korea, name: 'Korea 2026' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit course Korea 2025' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit course' });
    await within(dialog).findByLabelText(/^Name/);
    // No preset for a stored course: its own rules are shown.
    expect(within(dialog).queryByLabelText(/^Start from/)).toBeNull();
    expect(field(dialog, /^Points to pass \(%\)/).value).toBe('60');
    fireEvent.change(field(dialog, /^Name/), { target: { value: 'Korea 2026' } });
    fireEvent.change(field(dialog, /^Time limit/), { target: { value: '50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe('/admin/courses/2');
    expect(put?.body).toEqual({
      name: 'Korea 2026',
      description: '',
      language: 'ko',
      rules: { ...korea.rules, time_limit_seconds: 3000 },
    });
    expect(put?.headers['if-match']).toBe('"v1"');
  });

  it('opens a course that ends at the failing mistake with the box ticked, and sends it unticked with PUT', async () => {
    const { requests } = open('/admin?tab=courses', {
      'GET /admin/courses/3': { body: russia, headers: { etag: '"v1"' } },
      'PUT /admin/courses/3': {
        body: { ...russia, rules: { ...russia.rules, ends_when_failed: false } },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit course Russia AB' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit course' });
    await within(dialog).findByLabelText(/^Name/);
    expect(endsWhenFailed(dialog).checked).toBe(true);
    fireEvent.click(endsWhenFailed(dialog));
    expect(endsWhenFailed(dialog).checked).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe('/admin/courses/3');
    expect(put?.body).toEqual({
      name: 'Russia AB',
      description: '',
      language: 'ru',
      rules: {
        question_count: 20,
        time_limit_seconds: 1200,
        pass_rule: 'max_mistakes',
        pass_value: 2,
        extra_questions_per_mistake: 5,
        extra_seconds_per_mistake: 300,
        ends_when_failed: false,
      },
    });
  });

  it('ticks the end at a failing mistake on a course without it and sends it with POST', async () => {
    const { requests } = open('/admin?tab=courses&edit=new', {
      'POST /admin/courses': { status: 201, body: { ...korea, id: 4, name: 'Strict' } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'New course' });
    fireEvent.change(field(dialog, /^Name/), { target: { value: 'Strict' } });
    fireEvent.click(endsWhenFailed(dialog));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({
      name: 'Strict',
      description:
        'The exam this app starts with: 40 questions in 40 minutes, passed with 70% of them right.',
      language: 'en',
      rules: {
        question_count: 40,
        time_limit_seconds: 2400,
        pass_rule: 'percent_questions',
        pass_value: 70,
        extra_questions_per_mistake: 0,
        extra_seconds_per_mistake: 0,
        ends_when_failed: true,
      },
    });
  });

  it('names the end at a failing mistake when someone else changed it first', async () => {
    const theirs = courseFixture({ ...korea, rules: { ...korea.rules, ends_when_failed: true } });
    let reads = 0;
    open('/admin?tab=courses', {
      'GET /admin/courses/2': () =>
        reads++ === 0
          ? { body: korea, headers: { etag: '"v1"' } }
          : { body: theirs, headers: { etag: '"v2"' } },
      'PUT /admin/courses/2': {
        status: 412,
        body: {
          detail: 'Someone else changed this course after you opened it; nothing was saved.',
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit course Korea 2025' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit course' });
    await within(dialog).findByLabelText(/^Name/);
    fireEvent.change(field(dialog, /^Name/), { target: { value: 'Korea 2026' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const notice = await within(dialog).findByTestId('edit-conflict');
    expect(notice.textContent).toContain(
      'Their version changed End the exam as soon as it can no longer be passed.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my changes' }));
    expect(endsWhenFailed(dialog).checked).toBe(true);
    expect(field(dialog, /^Name/).value).toBe('Korea 2026');
  });

  it("says so when someone else saved the course's rules first, and keeps their time limit under this pass mark", async () => {
    // QA's two administrators: the form opened on 10 minutes; meanwhile the other one saved 25.
    const opened = courseFixture({
      ...korea,
      rules: { ...korea.rules, time_limit_seconds: 600, pass_value: 60 },
    });
    const theirs = courseFixture({
      ...opened,
      rules: { ...opened.rules, time_limit_seconds: 1500 },
    });
    let reads = 0;
    const { requests } = open('/admin?tab=courses', {
      'GET /admin/courses/2': () =>
        reads++ === 0
          ? { body: opened, headers: { etag: '"v1"' } }
          : { body: theirs, headers: { etag: '"v2"' } },
      'PUT /admin/courses/2': (request) =>
        request.headers.get('if-match') === '"v2"'
          ? { body: theirs, headers: { etag: '"v3"' } }
          : {
              status: 412,
              body: {
                detail:
                  'Someone else changed this course after you opened it; nothing was saved. Open it again to see their version.',
              },
            },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit course Korea 2025' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit course' });
    await within(dialog).findByLabelText(/^Name/);
    expect(field(dialog, /^Time limit/).value).toBe('10');
    // The notifications outlive a test: an earlier test's success may still be showing.
    const successes = () => screen.queryAllByText('Course updated successfully').length;
    const shownBefore = successes();
    fireEvent.change(field(dialog, /^Points to pass \(%\)/), { target: { value: '80' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const notice = await within(dialog).findByTestId('edit-conflict');
    expect(notice.textContent).toContain(
      'Someone else saved this course after you opened it. The form still shows your changes: keep them (the fields you changed replace theirs, the others take their version) or use their version.',
    );
    expect(notice.textContent).toContain('Their version changed Time limit (minutes).');
    expect(successes()).toBeLessThanOrEqual(shownBefore);
    // Save waits for the choice.
    expect(within(dialog).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(
      true,
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my changes' }));
    expect(field(dialog, /^Time limit/).value).toBe('25');
    expect(field(dialog, /^Points to pass \(%\)/).value).toBe('80');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const puts = requests.filter((request) => request.method === 'PUT');
    expect(puts.map((put) => put.headers['if-match'])).toEqual(['"v1"', '"v2"']);
    expect(puts[1]?.body).toEqual({
      name: 'Korea 2025',
      description: '',
      language: 'ko',
      rules: { ...korea.rules, time_limit_seconds: 1500, pass_value: 80 },
    });
  });

  it('brings back a new course typed before a reload', async () => {
    open('/admin?tab=courses&edit=new');
    let dialog = await screen.findByRole('dialog', { name: 'New course' });
    fireEvent.change(field(dialog, /^Start from/), { target: { value: 'uk' } });
    fireEvent.change(field(dialog, /^Name/), { target: { value: 'UK cars' } });
    cleanup();

    open('/admin?tab=courses&edit=new');
    dialog = await screen.findByRole('dialog', { name: 'New course' });
    expect(field(dialog, /^Name/).value).toBe('UK cars');
    expect(field(dialog, /^Questions in an exam/).value).toBe('50');
    expect(field(dialog, /^Time limit/).value).toBe('57');
    expect(dialog.textContent).toContain(
      'Your unsaved changes from before have been brought back.',
    );
  });

  it('deletes a course that holds questions only once its exact name is typed, saying what goes with it', async () => {
    const { requests } = open('/admin?tab=courses', {
      'GET /admin/questions': {
        body: { questions: [], page: 1, limit: 1, totalPages: 3, totalQuestions: 3 },
      },
      'GET /training-topics': {
        body: [
          {
            id: 5,
            name: 'Signs',
            question_ids: '[1]',
            question_count: 1,
            created_at: '2025-03-01T10:00:00.000Z',
          },
        ],
      },
      'GET /training-tickets': { body: [] },
      'DELETE /admin/courses/2': { body: { message: 'Course deleted' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete course Korea 2025' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete course' });
    expect(dialog.textContent).toContain(
      "This deletes the course “Korea 2025” with its 3 questions and 1 topic, and its learners' exam results, training sessions and progress. Its learners move to the default course. This cannot be undone.",
    );
    // The counts were of this course's bank.
    for (const path of ['/admin/questions', '/training-topics', '/training-tickets'])
      expect(requests.find((request) => request.path === path)?.query.course_id).toBe('2');
    const accept = within(dialog).getByTestId('confirm-accept');
    const typed = within(dialog).getByLabelText("To confirm, type the course's name: Korea 2025");
    fireEvent.change(typed, { target: { value: 'Korea' } });
    expect(accept.hasAttribute('disabled')).toBe(true);
    fireEvent.change(typed, { target: { value: 'Korea 2025' } });
    expect(accept.hasAttribute('disabled')).toBe(false);
    fireEvent.click(accept);
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'DELETE')?.query).toEqual({
        confirm: 'Korea 2025',
      }),
    );
  });

  it('deletes an empty course after a plain confirm, and asks for its name when the server says it holds results', async () => {
    const deletes: string[] = [];
    open('/admin?tab=courses', {
      'GET /admin/questions': {
        body: { questions: [], page: 1, limit: 1, totalPages: 0, totalQuestions: 0 },
      },
      'GET /training-topics': { body: [] },
      'GET /training-tickets': { body: [] },
      'DELETE /admin/courses/3': (request) => {
        const confirm = new URL(request.url).searchParams.get('confirm');
        deletes.push(confirm ?? '(none)');
        return confirm === 'Russia AB'
          ? { body: { message: 'Course deleted' } }
          : { status: 409, body: { detail: 'The course holds exam results.' } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete course Russia AB' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete course' });
    expect(dialog.textContent).toContain(
      'Delete the course “Russia AB”? It holds no questions, topics or tickets.',
    );
    expect(within(dialog).queryByTestId('confirm-type')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('confirm-accept'));
    await waitFor(() => expect(deletes).toEqual(['(none)']));
    dialog = await screen.findByRole('dialog', { name: 'Delete course' });
    await waitFor(() =>
      expect(dialog.textContent).toContain(
        "The course “Russia AB” holds its learners' exam results, training sessions and progress: they are deleted with it.",
      ),
    );
    fireEvent.change(within(dialog).getByTestId('confirm-type'), {
      target: { value: 'Russia AB' },
    });
    fireEvent.click(within(dialog).getByTestId('confirm-accept'));
    await waitFor(() => expect(deletes).toEqual(['(none)', 'Russia AB']));
  });
});
