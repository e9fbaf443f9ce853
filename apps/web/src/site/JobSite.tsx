import { useParams } from 'react-router';
import JobHallPage from './JobHallPage';
import JobPage from './JobPage';

/** /site/job and /site/job/:id in one chunk: the hall and a card's page load together (one entry in the route table). */
export default function JobSite() {
  return useParams().id ? <JobPage /> : <JobHallPage />;
}
