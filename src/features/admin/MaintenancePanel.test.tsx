import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, userFixture, type FakeRoutes } from '../../test/render-app';

afterEach(cleanup);

const admin = userFixture({ id: 1, is_admin: true, username: 'admin' });

async function openRestore() {
  renderApp('/admin?tab=settings', { token: 'tok', routes: { 'GET /auth/me': { body: admin } } });
  const form = await screen.findByRole('form', { name: 'Restore from a backup' });
  const restore = within(form).getByRole('button', { name: 'Restore' });
  const choose = (file: File) =>
    fireEvent.change(within(form).getByLabelText('Backup file'), { target: { files: [file] } });
  return { form, restore, choose };
}

describe('restore from a backup', () => {
  it('says a file is not a backup as soon as it is chosen, before asking anything', async () => {
    const { form, restore, choose } = await openRestore();
    choose(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], 'ok.png'));
    await within(form).findByText(
      'ok.png is not a backup: a backup is the .sqlite file that Backup database downloads.',
    );
    expect(restore.hasAttribute('disabled')).toBe(true);
    fireEvent.click(restore);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks about a SQLite file, suggesting a backup of the current data first', async () => {
    const { form, restore, choose } = await openRestore();
    choose(new File(['SQLite format 3\0 and the rest'], 'backup-1.sqlite'));
    await waitFor(() => expect(restore.hasAttribute('disabled')).toBe(false));
    expect(within(form).queryByText(/is not a backup/)).toBeNull();
    fireEvent.click(restore);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('download a backup of the current data first');
  });
});

describe('backup', () => {
  const made = {
    message: 'Database backup initiated',
    filename: 'backup-1.sqlite',
    download_url: '/settings/maintenance/backups/backup-1.sqlite',
    size_bytes: 4096,
    created_at: '2025-06-01T00:00:00Z',
  };

  async function backUp(routes: FakeRoutes) {
    renderApp('/admin?tab=settings', {
      token: 'tok',
      routes: { 'GET /auth/me': { body: admin }, ...routes },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Backup database' }));
  }

  it('says the download failed, and that the backup is kept on the server, when only the download fails', async () => {
    await backUp({
      'POST /settings/maintenance/backup_database': { body: made },
      'GET /settings/maintenance/backups/backup-1.sqlite': {
        status: 503,
        body: { detail: 'Service unavailable' },
      },
    });
    const alert = await screen.findByText(
      'The backup backup-1.sqlite was made and is kept on the server (in the backups folder of its data directory), but downloading it failed: Service unavailable',
    );
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(screen.queryByText(/Backing up the database failed/)).toBeNull();
  });

  it('says backing up failed when the server made no backup', async () => {
    await backUp({
      'POST /settings/maintenance/backup_database': { status: 500, body: { detail: 'Disk full' } },
    });
    await screen.findByText('Backing up the database failed: Disk full');
  });
});
