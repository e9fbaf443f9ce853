import * as repo from './notice.repo';

/** Platform notices. The dashboard list and the admin editor come with the messages module; these serve the demo and the overview. */
export const createNotice = repo.insertNotice;
export const countPublishedNotices = repo.countPublished;
