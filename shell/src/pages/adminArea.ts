// The staff side of the shell (the admin frame with its toasts, the login page, the admin and hiring
// remotes' pages, the live remotes page) as one chunk of its own, loaded by the routes under /admin
// and /hiring only: a candidate's quiz page downloads none of it (nor react-toastify) before its
// question (`npm run bench:web`).
export { AdminFrame } from '../components/AdminFrame';
export { LoginPage } from './LoginPage';
export { AdminAtomsPage, AdminQuestionsPage, HiringPage } from './AdminRemotePages';
export { LiveRemotesPage } from './LiveRemotesPage';
