export { dashboardRouter, DASHBOARD_BASE } from './dashboardRouter';
