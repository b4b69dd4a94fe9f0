export const probe = () => import('../features/maintenance/components/maintenance-tab.tsx');
