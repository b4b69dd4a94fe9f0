export const peoplePages = {
  people: () => import('./pages/people-page'),
  person: () => import('./pages/person-page'),
  personEdit: () => import('./pages/person-edit-page'),
  personIntegration: () => import('./pages/person-integration-page'),
};
