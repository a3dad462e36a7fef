import { createFileRoute } from '@tanstack/react-router';
import { DonationsPage } from '../../features/pages/DonationsPage';

export const Route = createFileRoute('/_authenticated/donations')({ component: DonationsPage });
