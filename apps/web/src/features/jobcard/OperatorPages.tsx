import { useLocation } from 'react-router';
import CommentsPage from './CommentsPage';
import JobCardFormPage from './JobCardFormPage';
import JobCardListPage from './JobCardListPage';

/** The job-card pages of the labour centre in one chunk (one entry in the route table, which every first load carries). */
export default function OperatorPages() {
  const path = useLocation().pathname;
  if (path.startsWith('/operator/release-job')) return <JobCardFormPage />;
  if (path === '/operator/comments') return <CommentsPage />;
  return <JobCardListPage />;
}
