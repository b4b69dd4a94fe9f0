/** What other areas (the operator console) use of billing. */
export { gatewayFor } from './select-gateway.ts';
export { extendStripeTrial } from './trial-extension.ts';
