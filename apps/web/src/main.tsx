import { bootstrap } from './app/bootstrap';
import { nextTask } from './lib/next-task';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// The start-up in a task after the one that evaluates the modules: each is short on a slow phone.
void nextTask().then(() => bootstrap(container));
