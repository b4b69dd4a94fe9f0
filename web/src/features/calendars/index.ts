export const calendarPages = {
  week: () => import('./pages/week-page'),
  year: () => import('./pages/year-page'),
};
