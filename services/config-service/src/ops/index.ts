export { catalogQueues, closeQueues } from './catalogQueues';
export { createOpsDashboard, type OpsDashboard } from './opsDashboard';
export { opsEnv, type OpsEnvConfig } from './opsEnv';
export { OpsRoles, type OpsRole } from './opsRoles';
export { OPS_BASE, opsRouter } from './opsRouter';
