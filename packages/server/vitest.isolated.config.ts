import { serverProject } from './vitest.config';

export default serverProject(true);
