// Pages loaded on demand, and how to fetch them ahead of time (the question page does when idle).
export const loadDonePage = () =>
  import(/* webpackChunkName: "done" */ './DonePage').then((m) => ({ default: m.DonePage }));
